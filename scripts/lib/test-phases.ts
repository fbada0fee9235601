/**
 * What `npm test` (scripts/test-all.ts) counts and prints: each phase's
 * budget, the tests each runner's report names with their times, and the
 * closing summary. `npm run bench -- tests` reads the same summary
 * (reports/phases.json). docs/tests.md gives the budgets in words; a unit test
 * holds the two together.
 */
import fs from "node:fs";

/** The phases of `npm test`, in the order the summary lists them. */
export const PHASES = [
  "machine",
  "type check",
  "lint",
  "unit tests",
  "admin build",
  "site build",
  "backend",
  "e2e",
  "engines",
] as const;
export type PhaseName = (typeof PHASES)[number];

/**
 * Each phase's budget in seconds of wall time on the project's 2-core machine with nothing else
 * running, and the whole run's (`npm test` alone, after `npm install`).
 */
export const BUDGET_SECONDS: Record<PhaseName | "npm test", number> = {
  machine: 120,
  "type check": 45,
  lint: 75,
  "unit tests": 75,
  "admin build": 90,
  "site build": 75,
  backend: 300,
  e2e: 360,
  engines: 120,
  "npm test": 840,
};

/** One test as its runner reported it. */
export interface TestTime {
  phase: PhaseName;
  name: string;
  ms: number;
  ok: boolean;
}

export interface Counts {
  passed: number;
  failed: number;
  tests: TestTime[];
}

export interface PhaseResult extends Counts {
  name: PhaseName;
  ok: boolean;
  ms: number;
  /** false when the phase did not run (what it needs failed) */
  ran: boolean;
}

export interface Summary {
  phases: PhaseResult[];
  /** the whole run's wall time */
  ms: number;
  passed: number;
  failed: number;
  slowest: TestTime[];
}

/** How many of the slowest tests the summary lists. */
export const SLOWEST = 10;

const none = (): Counts => ({ passed: 0, failed: 0, tests: [] });

/** The JSON document in `file`, or undefined when it is missing or not JSON. */
export function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

const relative = (file: string) => file.replace(`${process.cwd()}/`, "");

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    assertionResults: { fullName: string; duration?: number | null; status: string }[];
  }[];
}

/** Jest's `--json` report. */
export function jestCounts(report: unknown): Counts {
  const jest = report as JestReport | undefined;
  if (!jest?.testResults) return none();
  const tests = jest.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      phase: "unit tests" as const,
      name: `${relative(file.name)} › ${test.fullName}`,
      ms: test.duration ?? 0,
      ok: test.status === "passed",
    })),
  );
  return { passed: jest.numPassedTests, failed: jest.numFailedTests, tests };
}

interface NodeReport {
  passed: number;
  failed: number;
  tests: { file?: string; name: string; ms: number; ok: boolean }[];
}

/** The report of Node's test runner written by scripts/lib/node-test-report.mjs. */
export function nodeTestCounts(report: unknown): Counts {
  const node = report as NodeReport | undefined;
  if (!node?.tests) return none();
  const tests = node.tests.map((test) => ({
    phase: "backend" as const,
    name: test.file ? `${relative(test.file)} › ${test.name}` : test.name,
    ms: test.ms,
    ok: test.ok,
  }));
  return { passed: node.passed, failed: node.failed, tests };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    tests: { results: { duration: number; status: string }[]; status: string }[];
  }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  suites: PlaywrightSuite[];
}

/** Playwright's JSON report: a flaky test (failed, then passed on its retry) counts as passed. */
export function playwrightCounts(report: unknown): Counts {
  const playwright = report as PlaywrightReport | undefined;
  if (!playwright?.stats) return none();
  const tests: TestTime[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        const ok = test.status === "expected" || test.status === "flaky" || test.status === "skipped";
        tests.push({ phase: "e2e", name: [...here, spec.title].join(" › "), ms, ok });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of playwright.suites) walk(suite, []);
  const { expected, unexpected, flaky } = playwright.stats;
  return { passed: expected + flaky, failed: unexpected, tests };
}

interface EnginesReport {
  passed: number;
  failed: number;
  tests?: { name: string; ms: number; ok: boolean }[];
}

/** The cross-engine suite's report (e2e-engines/run.ts). */
export function enginesCounts(report: unknown): Counts {
  const engines = report as EnginesReport | undefined;
  if (typeof engines?.passed !== "number") return none();
  const tests = (engines.tests ?? []).map((test) => ({ phase: "engines" as const, ...test }));
  return { passed: engines.passed, failed: engines.failed, tests };
}

/**
 * The run's totals: every runner's tests, plus one failure for each phase that failed with no
 * failed test to show for it (a type error, a build, a runner that broke), so the closing line
 * never reads "0 failed" while something is red.
 */
export function summarize(phases: PhaseResult[], ms: number): Summary {
  let passed = 0;
  let failed = 0;
  for (const phase of phases) {
    passed += phase.passed;
    failed += phase.failed;
    if (!phase.ok && phase.failed === 0) failed++;
  }
  const slowest = phases
    .flatMap((phase) => phase.tests)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST);
  return { phases, ms, passed, failed, slowest };
}

/** `m:ss` */
export const clock = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/** The summary's lines: one per phase (wall time, tests, budget), the whole run, the slowest tests, then `N passed, N failed`. */
export function summaryLines(summary: Summary): string[] {
  const width = Math.max(...PHASES.map((name) => name.length), "npm test".length);
  const row = (name: string, ms: number | undefined, tests: string, budget: number) =>
    `  ${name.padEnd(width)}  ${(ms === undefined ? "–" : clock(ms)).padStart(5)}  (budget ${clock(budget * 1000)})  ${tests}`;
  const lines = ["", "Phases (wall time; phases in one stage run side by side):"];
  for (const phase of summary.phases) {
    const tests = !phase.ran
      ? "did not run"
      : phase.passed + phase.failed
        ? `${phase.passed} passed, ${phase.failed} failed`
        : phase.ok
          ? "ok"
          : "FAILED";
    lines.push(row(phase.name, phase.ran ? phase.ms : undefined, tests, BUDGET_SECONDS[phase.name]));
  }
  lines.push(row("npm test", summary.ms, "", BUDGET_SECONDS["npm test"]));
  if (summary.slowest.length) lines.push("", `The ${summary.slowest.length} slowest tests:`);
  for (const test of summary.slowest) {
    lines.push(`  ${(test.ms / 1000).toFixed(1).padStart(6)} s  ${test.phase.padEnd(10)}  ${test.name}`);
  }
  lines.push(`${summary.passed} passed, ${summary.failed} failed`);
  return lines;
}
