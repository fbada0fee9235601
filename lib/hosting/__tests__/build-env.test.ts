/**
 * The build's own steps see the variables `next build` sees, `.env` files
 * included: the Content Security Policy postbuild writes allows the hosts the
 * pages post to, and a changed `.env` file makes the build stale.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const repo = process.cwd();
const tsx = path.join(repo, "node_modules/.bin/tsx");

/** A project folder with a finished export in out/ and the given `.env.production`. */
function projectWith(env: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bygg-"));
  fs.mkdirSync(path.join(dir, "out"));
  for (const file of ["index.html", "404.html"]) fs.writeFileSync(path.join(dir, "out", file), "<!doctype html><p>x");
  for (const file of ["sitemap.xml", "robots.txt"]) fs.writeFileSync(path.join(dir, "out", file), "x");
  fs.writeFileSync(path.join(dir, ".env.production"), env);
  return dir;
}

/**
 * Runs one of the repository's scripts with `dir` as the project, without the test's own
 * NEXT_PUBLIC_* variables or the mark Next's loader leaves once it has run (next/jest sets it
 * where a .env file exists), so the script loads `dir`'s .env files itself.
 */
function run(dir: string, script: string) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith("NEXT_PUBLIC_") && key !== "__NEXT_PROCESSED_ENV"),
  );
  const result = spawnSync(tsx, [script], { cwd: dir, encoding: "utf8", env: { ...env, NODE_ENV: "production" } });
  expect(result.stderr).toBe("");
  return result.stdout;
}

test("postbuild's policy lets the pages reach the hosts named in .env.production; editing it makes the build stale", () => {
  const dir = projectWith(
    "NEXT_PUBLIC_API_URL=https://api.example.no\nNEXT_PUBLIC_ADMIN_URL=https://admin.example.no\n",
  );
  try {
    run(dir, path.join(repo, "scripts/postbuild.ts"));
    const headers = fs.readFileSync(path.join(dir, "out/_headers"), "utf8");
    expect(headers).toMatch(/connect-src 'self' https:\/\/api\.example\.no https:\/\/admin\.example\.no;/);

    const current = path.join(dir, "current.ts");
    fs.writeFileSync(
      current,
      `import { isBuildCurrent } from ${JSON.stringify(path.join(repo, "lib/hosting/build-stamp"))};\nconsole.log(isBuildCurrent());\n`,
    );
    expect(run(dir, current).trim()).toBe("true");
    fs.appendFileSync(path.join(dir, ".env.production"), "NEXT_PUBLIC_GTM_ID=GTM-ABC123\n");
    expect(run(dir, current).trim()).toBe("false");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
