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

/** Every link target in a Markdown text, as written (`/pristilbud`, `#samtykke`, `https://…`). */
export function markdownLinks(source: string): string[] {
  return md
    .parse(source, {})
    .flatMap((token) => token.children ?? [])
    .filter((token) => token.type === "link_open")
    .map((token) => String(token.attrGet("href") ?? ""))
    .filter((href, i, all) => all.indexOf(href) === i);
}
