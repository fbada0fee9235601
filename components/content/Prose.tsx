import { renderMarkdown } from "@/lib/markdown";
import styles from "./Prose.module.css";

/** A Markdown body from content/, rendered at build (raw HTML is not passed through). */
export function Prose({ markdown }: { markdown: string }) {
  return <div className={styles.prose} dangerouslySetInnerHTML={{ __html: renderMarkdown(markdown) }} />;
}
