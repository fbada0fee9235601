/**
 * Which modules of this repository import which, read from their source: for
 * the tests that check the import graph (no circle, type-only ones too) and
 * the quote's drawing against it.
 */
import fs from "node:fs";
import path from "node:path";

/** The .ts and .tsx files under `folders`, repo-relative, but the tests. */
export function codeFiles(root: string, folders: readonly string[]): string[] {
  return folders
    .flatMap((folder) =>
      fs
        .readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
        .map((file) => path.posix.join(folder, file.split(path.sep).join("/")))
        .filter((file) => /\.tsx?$/.test(file) && !/(^|\/)(__tests__|node_modules)\//.test(file)),
    )
    .sort();
}

/**
 * The modules of this repository that `file` imports, repo-relative: static
 * imports and re-exports (type-only ones too), `import()`, and a worker's
 * `new URL("…", import.meta.url)`, and an import for its effect alone (`import "…"`).
 */
export function importsOf(root: string, file: string): Set<string> {
  const source = fs.readFileSync(path.join(root, file), "utf8");
  const specifiers = source.matchAll(
    /\b(?:import|export)\s[^"';]*?from\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)|new URL\(\s*"([^"]+)",\s*import\.meta\.url|^import\s+"([^"]+)"/gm,
  );
  const found = new Set<string>();
  for (const [, from, dynamic, worker, effect] of specifiers) {
    const spec = (from ?? dynamic ?? worker ?? effect)!;
    const base = spec.startsWith("@/")
      ? spec.slice(2)
      : spec.startsWith(".")
        ? path.posix.join(path.posix.dirname(file), spec)
        : undefined;
    const resolved =
      base &&
      [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => {
        const full = path.join(root, candidate);
        return fs.existsSync(full) && fs.statSync(full).isFile();
      });
    if (resolved) found.add(resolved);
  }
  return found;
}

/** Every circle of imports among `files`, each as the files around it (the first one again at its end). */
export function importCircles(root: string, files: readonly string[]): string[][] {
  const graph = new Map(files.map((file) => [file, [...importsOf(root, file)]]));
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") circles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return circles;
}
