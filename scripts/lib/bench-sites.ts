/**
 * The sites the bench's browser sections measure: the working tree and, with
 * `--baseline=<ref>`, that git ref beside it. Each is served by its own
 * `npm start` (which builds it first when its out/ is not current) on a spare
 * port, with what its forms receive kept in a temporary folder, so both are
 * built and served the same way and measured in the same run on the same
 * machine. The ref is unpacked with `git archive` into a folder of the temp
 * directory named by its commit, kept so a later run reuses its build, with the
 * working tree's generated images hard-linked in and its node_modules too when
 * both lock the same packages (otherwise the ref gets its own `npm install`).
 * A browser section runs each measure `--runs` times per site and prints each
 * figure's medians side by side.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium";

export interface Site {
  label: string;
  /** the folder it is built in: its export is `${dir}/out` */
  dir: string;
  origin: string;
  stop: () => void;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether `url` answers 200 within 2 s. */
export function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(url, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on("error", () => resolve(false));
    request.setTimeout(2000, () => request.destroy());
  });
}

/** Waits until `url` answers 200, or throws when `child` exits first. */
export async function untilAnswers(url: string, child: ChildProcess): Promise<void> {
  while (!(await answers(url))) {
    if (child.exitCode !== null || child.signalCode) throw new Error(`npm start stopped before ${url} answered`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Hard-links every entry of `from` into `to` (when `to` is not there yet), but `skip`. */
function linkTree(from: string, to: string, skip: string[] = []) {
  if (!fs.existsSync(from) || fs.existsSync(to)) return;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from).filter((name) => !skip.includes(name))) {
    const copy = spawnSync("cp", ["-al", path.join(from, entry), path.join(to, entry)]);
    if (copy.status !== 0) throw new Error(`could not link ${entry} into ${to}: ${copy.stderr}`);
  }
}

function unpack(root: string, ref: string): { commit: string; dir: string } {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
  const commit = git("rev-parse", "--verify", `${ref}^{commit}`);
  const dir = path.join(os.tmpdir(), `bench-baseline-${commit.slice(0, 12)}`);
  if (!fs.existsSync(path.join(dir, "package.json"))) {
    fs.mkdirSync(dir, { recursive: true });
    const archive = spawnSync("sh", ["-c", `git archive ${commit} | tar -x -C "${dir}"`], { cwd: root });
    if (archive.status !== 0) throw new Error(`git archive ${ref} failed: ${archive.stderr}`);
  }
  const lock = (folder: string) => fs.readFileSync(path.join(folder, "package-lock.json"), "utf8");
  const modules = path.join(dir, "node_modules");
  if (lock(root) === lock(dir)) linkTree(path.join(root, "node_modules"), modules, [".cache"]);
  else if (!fs.existsSync(path.join(modules, ".bench-installed"))) {
    fs.rmSync(modules, { recursive: true, force: true }); // never install over links into the working tree's packages
    const install = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
    if (install.status !== 0) throw new Error(`npm install in ${dir} failed`);
    fs.writeFileSync(path.join(modules, ".bench-installed"), "");
  }
  linkTree(path.join(root, "public", "img"), path.join(dir, "public", "img"));
  return { commit, dir };
}

/** `npm start` in `dir` on a spare port, with `env` over the bench's own (no test build's variables but these). */
async function serve(label: string, dir: string, env: Record<string, string>): Promise<Site> {
  const port = await freePort();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), PREVIEW_DATA_DIR: data };
  for (const key of Object.keys(childEnv)) if (/^(BULK_)?E2E_/.test(key) && !(key in env)) delete childEnv[key];
  console.error(`${label}: npm start in ${dir} (it builds first when out/ is not current) …`);
  const child = spawn("npm", ["start"], { cwd: dir, env: childEnv, detached: true, stdio: "ignore" });
  const stop = () => {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
    fs.rmSync(data, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  await untilAnswers(`${origin}/`, child).catch((error: unknown) => {
    stop();
    throw error;
  });
  return { label, dir, origin, stop };
}

/** The baseline (when a ref is named) and the working tree, served; `env` chooses the build. */
export async function startSites(ref: string | undefined, env: Record<string, string> = {}): Promise<Site[]> {
  const root = process.cwd();
  const sites: Site[] = [];
  try {
    if (ref) {
      const { commit, dir } = unpack(root, ref);
      sites.push(await serve(`${ref} (${commit.slice(0, 7)})`, dir, env));
    }
    sites.push(await serve("working tree", root, env));
  } catch (error) {
    sites.forEach((site) => site.stop());
    throw error;
  }
  return sites;
}

/** One figure of each site: `baseline → working tree`, or the working tree's alone. */
export const pair = (values: (string | number)[]): string => values.join(" → ");

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * Runs `measure` `runs` times on each site, one site after the other. Answers, per figure of a run, each site's
 * median, or each site's values run by run when the figure is not a number.
 */
export async function medians<R extends object>(sites: Site[], runs: number, measure: (site: Site) => Promise<R>) {
  const all: R[][] = [];
  for (const site of sites) {
    all.push([]);
    for (let run = 0; run < runs; run++) all.at(-1)!.push(await measure(site));
  }
  const figures = Object.keys(all[0]![0]!).map((key) => {
    const values = all.map((each) => each.map((run) => run[key as keyof R]));
    return [key, typeof values[0]![0] === "number" ? values.map((v) => median(v as number[])) : values];
  });
  return Object.fromEntries(figures) as { [K in keyof R]: R[K] extends number ? number[] : R[K][][] };
}

/** `measure` with a Chromium launched for it, closed after. */
export async function withChromium<T>(measure: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  return measure(browser).finally(() => browser.close());
}
