/**
 * For `npm run bench -- code`: the code a newcomer reads, in lines (.ts, .tsx,
 * .js, .mjs and .cjs files, tests too) per top folder, the quote's folders,
 * the README, and the modules a photo crosses by docs/quote.md's drawing
 * (which a test checks against the imports). The working tree, beside the
 * baseline ref when one is named.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { photoWay, QUOTE_DOC, QUOTE_FOLDERS, readDrawing } from "../../testing/quote-modules";
import { pair } from "./bench-sites";

const FOLDERS = ["app", "components", "lib", "server", "payload", "admin", "scripts", "tools", "testing", "e2e"];
/** what answers the forms: the preview server's HTTP layer, the plugin and the workshop's app */
const BACKEND = ["server", "payload", "admin"];
/** tests, and what a tool writes (Payload's generated types and migrations) */
const NOT_WRITTEN_HERE = /(__tests__|\/test)\/|admin\/(payload-types\.ts|migrations\/)/;
/** what the quote shares with the other forms: the contract, every call's rules, the draft store */
const SHARED = ["lib/photos", "lib/photo-check", "components/drafts", "lib/drafts", "lib/api"];
const git = (args: string[]) => execFileSync("git", args, { encoding: "utf8", maxBuffer: 1 << 28 });

/** The figures of `ref`, or of the working tree (tracked and new files) without one, by name. */
function figures(ref?: string): [string, string | number][] {
  const files = ref ? git(["ls-tree", "-r", "--name-only", ref]) : git(["ls-files", "-co", "--exclude-standard"]);
  // a file deleted from the working tree but not from git is empty
  const text = (file: string) =>
    ref ? git(["show", `${ref}:${file}`]) : fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const lines = (file: string) => text(file).split("\n").length - 1;
  const code = files.split("\n").filter((f) => /\.(tsx?|[cm]?js)$/.test(f));
  const sum = (folders: readonly string[], tests = true) =>
    code
      .filter((f) => folders.some((d) => f.startsWith(`${d}/`)) && (tests || !NOT_WRITTEN_HERE.test(f)))
      .reduce((n, f) => n + lines(f), 0);
  const way = photoWay(readDrawing(files.includes(QUOTE_DOC) ? text(QUOTE_DOC) : ""));
  return [
    ...FOLDERS.map((folder): [string, number] => [folder, sum([folder])]),
    ["the backend: server + payload + admin", sum(BACKEND)],
    ["the same, no tests or generated files", sum(BACKEND, false)],
    [`${QUOTE_FOLDERS.join(" + ")} (no tests)`, sum(QUOTE_FOLDERS, false)],
    ["the same + what it shares (no tests)", sum([...QUOTE_FOLDERS, ...SHARED], false)],
    ["README.md", lines("README.md")],
    ["modules a photo crosses", way.length || "not drawn"],
  ];
}

export function benchCode(baseline?: string): void {
  const sides = baseline ? [figures(baseline), figures()] : [figures()];
  console.log(`\nThe code, in lines${baseline ? ` (${baseline} → working tree)` : ""}\n`);
  for (const [i, [name]] of sides[0]!.entries())
    console.log(`  ${name.padEnd(40)} ${pair(sides.map((side) => side[i]![1]))}`);
}
