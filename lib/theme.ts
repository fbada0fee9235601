/**
 * Design tokens read from the one place they are written (`app/styles/tokens.css`),
 * for what is not CSS: the browser's theme colour and the web app manifest.
 * Build time only (it reads the file).
 */
import fs from "node:fs";
import path from "node:path";

const TOKENS_FILE = path.join(process.cwd(), "app", "styles", "tokens.css");

/** The value of a custom property in tokens.css, e.g. `designToken("--color-dark")` → `#0b1522`. */
function designToken(name: `--${string}`, css = fs.readFileSync(TOKENS_FILE, "utf8")): string {
  const escaped = name.replace(/[-/\\^$*+?.()|[\]{}]/g, "\\$&");
  const match = new RegExp(`(?:^|[\\s;{])${escaped}\\s*:\\s*([^;]+);`).exec(css);
  if (!match) throw new Error(`${path.relative(process.cwd(), TOKENS_FILE)} har ingen ${name}`);
  return match[1]!.trim();
}

/** The browser's theme colour (address bar, task switcher): the dark of the header and hero. */
export const themeColor = () => designToken("--color-dark");
/** The background a launched web app shows before the page paints. */
export const backgroundColor = () => designToken("--color-bg");
