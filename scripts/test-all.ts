/**
 * `npm test`: every check, on a fresh machine, in stages. The phases of a stage run side by side,
 * each in its own lane (one core each); a stage starts when the one before it has ended:
 *
 *   1. three lanes at once:
 *        machine       what the browser tests need from Debian's packages (Chromium, Java for the
 *                      HTML checker, WebKitGTK, Firefox ESR), installed when missing (scripts/lib/test-machine.ts)
 *        checks        the type check (the site and admin/), then lint (ESLint, Prettier), then Jest
 *        builds        the workshop's app (`npm run admin:build`, which the backend's production test
 *                      and the browser tests start), then the site's test build (`npm run build:test`);
 *                      both without Next's own type check, which the type check phase has done
 *   2. backend         the plugin's tests (payload/test/: a real Payload on SQLite and PostgreSQL, and
 *                      the built app as a host runs it) and the preview server's (server/test/), on
 *                      Node's test runner (scripts/lib/backend-tests.ts)
 *   3. e2e             Playwright against the exported site in Debian's Chromium
 *   4. engines         the cross-engine suite (e2e-engines/run.ts) in WebKitGTK and Firefox ESR
 *
 * The browser suites run only on good builds and a machine that has the browsers. While a lane runs
 * beside another, its output is held and printed whole when it ends; a phase alone prints as it goes.
 * At the end: one line per phase with its wall time, tests and budget, the ten slowest tests, and
 * last the line `N passed, N failed` (scripts/lib/test-phases.ts counts it); the same summary goes
 * to reports/phases.json. Exit code 1 on any failure.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  enginesCounts,
  jestCounts,
  nodeTestCounts,
  PHASES,
  playwrightCounts,
  readJson,
  summarize,
  summaryLines,
  type Counts,
  type PhaseName,
  type PhaseResult,
} from "./lib/test-phases";
import { DEFAULT_CHROMIUM } from "./lib/chromium";

const reports = path.join(process.cwd(), "reports");
fs.mkdirSync(reports, { recursive: true });
const report = (name: string) => path.join(reports, name);

interface Phase {
  name: PhaseName;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** the report the phase's runner writes, removed before it runs */
  reportFile?: string;
  /** the tests the report names */
  counts?: (report: unknown) => Counts;
}

const results = new Map<PhaseName, PhaseResult>();

/** Runs `phase`; with `alone`, its output goes straight to the console, else it is printed whole at its end. */
function run(phase: Phase, alone: boolean): Promise<PhaseResult> {
  const heading = `\n━━ ${phase.name}: ${phase.command} ${phase.args.join(" ")}`;
  if (alone) console.log(heading);
  if (phase.reportFile) fs.rmSync(phase.reportFile, { force: true });
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(phase.command, phase.args, {
      env: { ...process.env, ...phase.env },
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    const held: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => held.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => held.push(chunk));
    const finish = (ok: boolean, why?: string) => {
      const ms = performance.now() - started;
      if (!alone) {
        console.log(heading);
        process.stdout.write(Buffer.concat(held));
      }
      if (why) console.log(why);
      const counts = phase.counts?.(readJson(phase.reportFile!)) ?? { passed: 0, failed: 0, tests: [] };
      const result: PhaseResult = { name: phase.name, ok, ms, ran: true, ...counts };
      console.log(`━━ ${phase.name}: ${ok ? "ok" : "FAILED"} in ${(ms / 1000).toFixed(0)} s`);
      results.set(phase.name, result);
      resolve(result);
    };
    child.on("error", (error) => finish(false, `${phase.command} could not start: ${error.message}`));
    child.on("close", (code) => finish(code === 0));
  });
}

/** Runs the lanes side by side, each lane's phases one after another; a lane stops at its first failure. */
async function stage(...lanes: Phase[][]): Promise<void> {
  const alone = lanes.length === 1;
  await Promise.all(
    lanes.map(async (lane) => {
      for (const phase of lane) if (!(await run(phase, alone)).ok) return;
    }),
  );
}

const passedPhase = (name: PhaseName) => results.get(name)?.ok === true;

const machine: Phase = { name: "machine", command: "npx", args: ["tsx", "scripts/lib/test-machine.ts"] };
const typeCheck: Phase = { name: "type check", command: "npm", args: ["run", "typecheck"] };
const lint: Phase = { name: "lint", command: "npm", args: ["run", "lint"] };
const unit: Phase = {
  name: "unit tests",
  command: "npx",
  args: ["jest", "--json", `--outputFile=${report("jest.json")}`],
  reportFile: report("jest.json"),
  counts: jestCounts,
};
// the builds skip Next's type check: the type check phase checks the same files with the same settings
const adminBuild: Phase = {
  name: "admin build",
  command: "npm",
  args: ["run", "admin:build"],
  env: { NEXT_SKIP_TYPECHECK: "1" },
};
const siteBuild: Phase = {
  name: "site build",
  command: "npm",
  args: ["run", "build:test"],
  env: { NEXT_SKIP_TYPECHECK: "1" },
};
const backend: Phase = {
  name: "backend",
  command: "npx",
  args: ["tsx", "scripts/lib/backend-tests.ts", `--report=${report("backend.json")}`],
  reportFile: report("backend.json"),
  counts: nodeTestCounts,
};
const e2e: Phase = {
  name: "e2e",
  command: "npx",
  args: ["playwright", "test"],
  env: {
    CHROMIUM_PATH: process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report("e2e.json"),
  },
  reportFile: report("e2e.json"),
  counts: playwrightCounts,
};
const engines: Phase = {
  name: "engines",
  command: "npx",
  args: ["tsx", "e2e-engines/run.ts"],
  reportFile: report("engines.json"),
  counts: enginesCounts,
};

async function main() {
  const started = performance.now();
  await stage([machine], [typeCheck, lint, unit], [adminBuild, siteBuild]);
  await stage([backend]);
  const browsersCan = passedPhase("admin build") && passedPhase("site build") && passedPhase("machine");
  if (browsersCan) {
    await stage([e2e]);
    await stage([engines]);
  }
  const phases = PHASES.map(
    (name): PhaseResult => results.get(name) ?? { name, ok: false, ms: 0, ran: false, passed: 0, failed: 0, tests: [] },
  );
  const summary = summarize(phases, performance.now() - started);
  fs.writeFileSync(report("phases.json"), JSON.stringify(summary, null, 2));
  const failedPhases = phases.filter((phase) => !phase.ok).map((phase) => phase.name);
  if (failedPhases.length) console.log(`\nFailed or not run: ${failedPhases.join(", ")}`);
  for (const line of summaryLines(summary)) console.log(line);
  process.exit(failedPhases.length || summary.failed ? 1 : 0);
}

void main();
