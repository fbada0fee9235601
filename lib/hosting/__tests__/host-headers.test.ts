/** `scripts/host-headers.ts`: the nginx fragment from out/_headers, never from the test build. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const repo = process.cwd();

function hostHeaders(headersFile: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vert-"));
  try {
    fs.mkdirSync(path.join(dir, "out"));
    fs.writeFileSync(path.join(dir, "out/_headers"), headersFile);
    const script = path.join(repo, "scripts/host-headers.ts");
    return spawnSync(path.join(repo, "node_modules/.bin/tsx"), [script, "nginx"], { cwd: dir, encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("a build's rules become the fragment; the test build, with its test pages, is refused", () => {
  const page = "/\n  Content-Security-Policy: default-src 'self'\n";
  const built = hostHeaders(page);
  expect(built.status).toBe(0);
  expect(built.stdout).toContain("location = / {");

  const testBuild = hostHeaders(`${page}/testfeil\n  Content-Security-Policy: default-src 'self'\n`);
  expect(testBuild.status).toBe(1);
  expect(testBuild.stdout).toBe("");
  expect(testBuild.stderr).toContain("out/ is the test build");
}, 60_000);
