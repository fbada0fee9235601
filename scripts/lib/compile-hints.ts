/**
 * A build step: the scripts every page starts at load carry V8's explicit
 * compile hint, so Chromium compiles them on a background thread while they
 * download instead of on the main thread when they first run.
 *
 * V8 compiles a script's top level as it streams in, off the main thread, but
 * leaves each function inside for later and compiles it on the main thread the
 * first time it is called. Next's scripts are nearly all functions (one per
 * module, called once at start), so that later compiling made up much of the
 * task that starts the framework, during which a tap waits: about 230 ms at 4×
 * CPU on `/kontakt`. The magic comment `//# allFunctionsCalledOnLoad` on a
 * file's first line asks V8 to compile all of its functions eagerly, in the
 * background; the task then took about 110 ms. Browsers that do not know the
 * comment read a comment.
 *
 * Only scripts that some page starts at load get it (and carry it wherever else
 * they load): code loaded only later (a form's, when it nears the screen) may
 * hold functions that never run, and compiling them would be wasted work.
 *
 * The hint shifts a script's lines by one, which would put a source map beside
 * it off by a line: a hinted script with a map is a build error.
 */
import fs from "node:fs";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The script with the hint on its first line (once: a second pass changes nothing). */
export function withCompileHint(script: string): string {
  return script.startsWith(COMPILE_HINT) ? script : COMPILE_HINT + script;
}

/** Adds the hint to each of the given site paths (`/_next/static/…`) under `outDir`. */
export function addCompileHints(outDir: string, sitePaths: Iterable<string>): void {
  for (const sitePath of new Set(sitePaths)) {
    const file = path.join(outDir, sitePath);
    if (!fs.existsSync(file)) throw new Error(`${sitePath} finnes ikke i eksporten`);
    if (fs.existsSync(`${file}.map`)) throw new Error(`${sitePath} har et kildekart, som hintet ville forskyve`);
    const script = fs.readFileSync(file, "utf8");
    const hinted = withCompileHint(script);
    if (hinted !== script) fs.writeFileSync(file, hinted);
  }
}
