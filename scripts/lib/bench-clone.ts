/**
 * For `npm run bench`: the time from a fresh clone to a served site, as a new
 * developer meets it. Clones the current commit into a temporary folder, runs
 * `npm install` (from npm's cache, as on any machine that installed before),
 * then `npm start` until the site answers, and removes the folder.
 * Uncommitted changes are not in the clone: commit before measuring.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface CloneFigures {
  commit: string;
  cloneMs: number;
  installMs: number;
  /** `npm start` until `/` answers 200: the build (images, icons, next build) and the server's start */
  startMs: number;
  totalMs: number;
  /** the machine's load average when the measure began (a shared machine slows every figure) */
  load: number;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(url, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on("error", () => resolve(false));
    request.setTimeout(2000, () => request.destroy());
  });
}

function timed(run: () => void): number {
  const started = performance.now();
  run();
  return Math.round(performance.now() - started);
}

export async function benchClone(root = process.cwd()): Promise<CloneFigures> {
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
    const installMs = timed(() =>
      execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { ...quiet, cwd: site }),
    );
    const port = await freePort();
    const started = performance.now();
    const server = spawn("npm", ["start"], {
      cwd: site,
      env: { ...process.env, PORT: String(port) },
      stdio: "ignore",
      detached: true,
    });
    let exited = false;
    server.on("exit", () => (exited = true));
    try {
      while (!(await answers(`http://127.0.0.1:${port}/`))) {
        if (exited) throw new Error("npm start in the clone stopped before the site answered");
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      if (!exited) process.kill(-server.pid!, "SIGTERM");
    }
    const startMs = Math.round(performance.now() - started);
    return { commit, cloneMs, installMs, startMs, totalMs: cloneMs + installMs + startMs, load };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
