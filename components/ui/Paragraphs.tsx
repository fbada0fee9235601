/**
 * A content file's paragraphs, each its own `<p>`. The paragraphs are fixed text that never
 * reorders, so each is keyed by its place: keyed by its own text, every paragraph would be written
 * twice into the data the page carries for the browser.
 */
export function Paragraphs({ texts }: { texts: readonly string[] }) {
  return texts.map((text, i) => <p key={i}>{text}</p>);
}
