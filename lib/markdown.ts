/**
 * Markdown → HTML at build time. Raw HTML in a content file is not passed
 * through (`html: false`), so the output is safe to inject. External links open
 * in a new tab with `rel="noopener noreferrer"`.
 */
import MarkdownIt from "markdown-it";

const md = new MarkdownIt({ html: false, linkify: false, typographer: true, quotes: "«»‘’" });

const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet("href") ?? "");
  if (/^https?:\/\//.test(href)) {
    token.attrSet("target", "_blank");
    token.attrSet("rel", "noopener noreferrer");
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}

/** Every value of `attribute` on the tokens of `type` in a Markdown text, as written, once each. */
function inlineAttributes(source: string, type: string, attribute: string): string[] {
  return md
    .parse(source, {})
    .flatMap((token) => token.children ?? [])
    .filter((token) => token.type === type)
    .map((token) => String(token.attrGet(attribute) ?? ""))
    .filter((value, i, all) => all.indexOf(value) === i);
}

/** Every link target in a Markdown text, as written (`/pristilbud`, `#samtykke`, `https://…`). */
export const markdownLinks = (source: string): string[] => inlineAttributes(source, "link_open", "href");

/** Every image in a Markdown text (`![tekst](bilde.jpg)`), by its address as written. */
export const markdownImages = (source: string): string[] => inlineAttributes(source, "image", "src");
