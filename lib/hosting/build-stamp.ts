/**
 * Knows whether out/ is up to date: a fingerprint of every source file (path,
 * size, mtime; the .env files too) and of the variables that change the output
 * (NEXT_PUBLIC_*, E2E_TEST_ROUTES, as next build sees them: ./build-env.ts), written
 * beside out/ (never into it: out/ is what a host publishes) after a build and compared by `npm start`
 * before it serves. An out/ without the build's last step (out/_headers) is never current.
 */
import "./build-env";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = process.cwd();
export const OUT_DIR = path.join(root, "out");
const STAMP_FILE = path.join(root, ".build-stamp");
const SOURCES = [
  "app",
  "components",
  "content",
  "lib",
  "public",
  "next.config.ts",
  "scripts/postbuild.ts",
  "package-lock.json",
  "tsconfig.json",
];
// tests, generated images, build output, and what a build writes beside its sources
const IGNORED = new Set([
  "__tests__",
  "img",
  "test",
  ".next",
  "node_modules",
  ".build-stamp",
  "next-env.d.ts",
  "tsconfig.tsbuildinfo",
]);

function walk(entry: string, out: string[]) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  const stat = fs.statSync(full);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(full)) if (!IGNORED.has(name)) walk(path.join(entry, name), out);
  } else {
    out.push(`${entry}:${stat.size}:${Math.floor(stat.mtimeMs)}`);
  }
}

/** A fingerprint of the files under `entries` (paths from the repository's root): each one's path, size and mtime. */
export function filesFingerprint(entries: string[]): string {
  const files: string[] = [];
  entries.forEach((entry) => walk(entry, files));
  return crypto.createHash("sha256").update(files.sort().join("\n")).digest("hex");
}

export function sourceFingerprint(): string {
  // the .env files next build reads its variables from
  const envFiles = fs.readdirSync(root).filter((name) => name.startsWith(".env"));
  const env = Object.keys(process.env)
    // E2E_TEST_ROUTES marks the test build (npm test), so `npm start` afterwards rebuilds without /testfeil.
    .filter((key) => key.startsWith("NEXT_PUBLIC_") || key === "E2E_TEST_ROUTES")
    .sort()
    .map((key) => `${key}=${process.env[key]}`);
  return crypto
    .createHash("sha256")
    .update(filesFingerprint([...SOURCES, ...envFiles]))
    .update(env.join("\n"))
    .digest("hex");
}

export function writeBuildStamp(): void {
  fs.writeFileSync(STAMP_FILE, sourceFingerprint());
}

export function isBuildCurrent(): boolean {
  try {
    return fs.existsSync(path.join(OUT_DIR, "_headers")) && fs.readFileSync(STAMP_FILE, "utf8") === sourceFingerprint();
  } catch {
    return false;
  }
}
