/**
 * For `npm run bench -- clone`: the time from a fresh clone to a served site,
 * as a new developer meets it. Clones the current commit into a temporary
 * folder, runs `npm install` (from npm's cache, as on any machine that
 * installed before), then `npm start` until `/` answers and until the forms
 * answer (the look-up after a lost upload, from its Payload), and removes the
 * folder. Uncommitted changes are not in the clone: commit before measuring.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MEDIA_PATH } from "../../lib/api/schemas";
import { freePort, untilAnswers } from "./bench-sites";

function timed(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

export async function benchClone(root = process.cwd()): Promise<void> {
  const commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-clone-"));
  const site = path.join(dir, "site");
  const load = os.loadavg()[0]!;
  const quiet = { stdio: "ignore" as const };
  try {
    const cloneMs = timed(() => {
      execFileSync("git", ["clone", "--quiet", "--no-checkout", root, site], quiet);
      execFileSync("git", ["checkout", "--quiet", commit], { ...quiet, cwd: site });
    });
    const install = ["install", "--no-audit", "--no-fund", "--prefer-offline"];
    const installMs = timed(() => execFileSync("npm", install, { ...quiet, cwd: site }));
    const port = await freePort();
    const started = performance.now();
    const env = { ...process.env, PORT: String(port) };
    const server = spawn("npm", ["start"], { cwd: site, env, stdio: "ignore", detached: true });
    let pageMs = 0;
    try {
      await untilAnswers(`http://127.0.0.1:${port}/`, server);
      pageMs = performance.now() - started;
      await untilAnswers(
        `http://127.0.0.1:${port}${MEDIA_PATH}?where[filename][equals]=img_${"0".repeat(32)}.jpg`,
        server,
      );
    } finally {
      if (server.exitCode === null) process.kill(-server.pid!, "SIGTERM");
    }
    const startMs = performance.now() - started;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`\nFrom a fresh clone to the site answering (commit ${commit.slice(0, 7)}, load ${load.toFixed(1)})\n`);
    console.log(`  git clone:     ${s(cloneMs)}`);
    console.log(`  npm install:   ${s(installMs)}  (from npm's cache)`);
    console.log(`  npm start:     ${s(pageMs)}  (images, icons, next build, until / answers)`);
    console.log(`                 ${s(startMs)}  (until the forms answer, from its Payload)`);
    console.log(`  in all:        ${s(cloneMs + installMs + startMs)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
