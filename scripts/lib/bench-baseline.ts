/**
 * For `npm run bench -- --baseline=<ref>`: the site as it is at a git ref (default
 * `main`), built and served beside the working tree, so that both are measured in
 * the same run on the same machine.
 *
 * The ref's files are unpacked into a folder of the system's temp directory named
 * by its commit (kept, so a second run reuses the build), with the working tree's
 * generated images linked in (hard links: no copying). Its dependencies are the
 * working tree's node_modules, linked the same way, when both lock the same
 * packages; otherwise its own, installed there from its lockfile (a ref from before
 * a dependency was added or removed builds with what it declared). The ref's own
 * `npm start` builds it when needed and serves it.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface Baseline {
  ref: string;
  commit: string;
  dir: string;
  outDir: string;
  origin: string;
  stop: () => void;
}

/** Hard links `from` into `to`, entry by entry, leaving out `skip`. */
function linkTree(from: string, to: string, skip: string[] = []) {
  if (!fs.existsSync(from) || fs.existsSync(to)) return;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from)) {
    if (skip.includes(entry)) continue;
    const copy = spawnSync("cp", ["-al", path.join(from, entry), path.join(to, entry)]);
    if (copy.status !== 0) throw new Error(`could not link ${entry} into ${to}: ${copy.stderr}`);
  }
}

function unpack(root: string, ref: string): { commit: string; dir: string } {
  const commit = execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], {
    cwd: root,
    encoding: "utf8",
  }).trim();
  const dir = path.join(os.tmpdir(), `bench-baseline-${commit.slice(0, 12)}`);
  if (!fs.existsSync(path.join(dir, "package.json"))) {
    fs.mkdirSync(dir, { recursive: true });
    const archive = spawnSync("sh", ["-c", `git archive ${commit} | tar -x -C "${dir}"`], { cwd: root });
    if (archive.status !== 0) throw new Error(`git archive ${ref} failed: ${archive.stderr}`);
  }
  provideDependencies(root, dir);
  linkTree(path.join(root, "public", "img"), path.join(dir, "public", "img"));
  return { commit, dir };
}

const LOCKFILE = "package-lock.json";

/** The working tree's node_modules when the ref locks the same packages, else the ref's own install. */
function provideDependencies(root: string, dir: string) {
  const modules = path.join(dir, "node_modules");
  const sameLock =
    fs.readFileSync(path.join(root, LOCKFILE), "utf8") === fs.readFileSync(path.join(dir, LOCKFILE), "utf8");
  if (sameLock) return linkTree(path.join(root, "node_modules"), modules, [".cache"]);
  // its own install, made once and marked when it succeeded
  const installed = path.join(modules, ".bench-baseline-installed");
  if (fs.existsSync(installed)) return;
  fs.rmSync(modules, { recursive: true, force: true }); // never install over links into the working tree's packages
  console.error(`baseline: its dependencies differ from the working tree's; npm install in ${dir}`);
  const install = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
  if (install.status !== 0) throw new Error(`npm install for the baseline in ${dir} failed`);
  fs.writeFileSync(installed, "");
}

async function answers(origin: string, child: ChildProcess, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the baseline's npm start exited with ${child.exitCode}`);
    const ok = await fetch(origin).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the baseline did not answer on ${origin} within ${timeoutMs / 1000} s`);
}

/** Unpacks, builds (when its build is not current) and serves the ref on `port`. */
export async function startBaseline(root: string, ref: string, port: number): Promise<Baseline> {
  const { commit, dir } = unpack(root, ref);
  console.error(`baseline ${ref} (${commit.slice(0, 7)}) in ${dir}: building if needed, then serving on ${port}`);
  // a plain build: without the test build's variables
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  for (const key of Object.keys(env)) if (key.startsWith("E2E_") || key.startsWith("BULK_E2E_")) delete env[key];
  const child: ChildProcess = spawn("npm", ["start"], { cwd: dir, env, detached: true, stdio: "ignore" });
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
  const origin = `http://localhost:${port}`;
  try {
    await answers(origin, child, 20 * 60_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { ref, commit, dir, outDir: path.join(dir, "out"), origin, stop };
}
