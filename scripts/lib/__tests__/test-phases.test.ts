import fs from "node:fs";
import path from "node:path";
import {
  BUDGET_SECONDS,
  enginesCounts,
  jestCounts,
  nodeTestCounts,
  PHASES,
  playwrightCounts,
  summarize,
  summaryLines,
  type PhaseResult,
} from "../test-phases";

const phase = (name: PhaseResult["name"], more: Partial<PhaseResult> = {}): PhaseResult => ({
  name,
  ok: true,
  ms: 1000,
  ran: true,
  passed: 0,
  failed: 0,
  tests: [],
  ...more,
});

/** A Playwright report: a spec at the top, two in a suite, one of them flaky. */
const PLAYWRIGHT_REPORT = {
  stats: { expected: 1, unexpected: 1, flaky: 1 },
  suites: [
    {
      title: "pages.spec.ts",
      specs: [{ title: "a page", tests: [{ status: "expected", results: [{ duration: 50, status: "passed" }] }] }],
      suites: [
        {
          title: "the menu",
          specs: [
            {
              title: "opens",
              tests: [
                {
                  status: "flaky",
                  results: [
                    { duration: 300, status: "failed" },
                    { duration: 200, status: "passed" },
                  ],
                },
              ],
            },
            { title: "closes", tests: [{ status: "unexpected", results: [{ duration: 10, status: "failed" }] }] },
          ],
        },
      ],
    },
  ],
};

describe("what each runner's report counts", () => {
  test("Jest: its totals, and each test by file and full name", () => {
    const counts = jestCounts({
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [
        {
          name: `${process.cwd()}/lib/__tests__/a.test.ts`,
          assertionResults: [
            { fullName: "a works", duration: 12, status: "passed" },
            { fullName: "a breaks", duration: null, status: "failed" },
          ],
        },
      ],
    });
    expect(counts).toEqual({
      passed: 1,
      failed: 1,
      tests: [
        { phase: "unit tests", name: "lib/__tests__/a.test.ts › a works", ms: 12, ok: true },
        { phase: "unit tests", name: "lib/__tests__/a.test.ts › a breaks", ms: 0, ok: false },
      ],
    });
  });

  test("Node's test runner (node-test-report.mjs)", () => {
    const counts = nodeTestCounts({
      passed: 1,
      failed: 0,
      skipped: 2,
      tests: [{ file: `${process.cwd()}/payload/test/x.spec.ts`, name: "SQLite › a quote", ms: 900, ok: true }],
    });
    expect(counts.tests).toEqual([
      { phase: "backend", name: "payload/test/x.spec.ts › SQLite › a quote", ms: 900, ok: true },
    ]);
    expect([counts.passed, counts.failed]).toEqual([1, 0]);
  });

  test("Playwright: a flaky test passed, its retries' times added; suites name it", () => {
    const counts = playwrightCounts(PLAYWRIGHT_REPORT);
    expect([counts.passed, counts.failed]).toEqual([2, 1]);
    expect(counts.tests).toEqual([
      { phase: "e2e", name: "pages.spec.ts › a page", ms: 50, ok: true },
      { phase: "e2e", name: "pages.spec.ts › the menu › opens", ms: 500, ok: true },
      { phase: "e2e", name: "pages.spec.ts › the menu › closes", ms: 10, ok: false },
    ]);
  });

  test("the engines' report, with or without its tests' times", () => {
    expect(enginesCounts({ passed: 2, failed: 0 })).toEqual({ passed: 2, failed: 0, tests: [] });
    expect(
      enginesCounts({ passed: 1, failed: 0, tests: [{ name: "Firefox › a quote", ms: 5, ok: true }] }).tests,
    ).toEqual([{ phase: "engines", name: "Firefox › a quote", ms: 5, ok: true }]);
  });

  test("a missing or broken report counts nothing", () => {
    for (const counts of [jestCounts, nodeTestCounts, playwrightCounts, enginesCounts]) {
      expect(counts(undefined)).toEqual({ passed: 0, failed: 0, tests: [] });
      expect(counts("not a report")).toEqual({ passed: 0, failed: 0, tests: [] });
    }
  });
});

describe("the summary", () => {
  test("a phase that failed with no failed test, or did not run, counts one failure", () => {
    const summary = summarize(
      [
        phase("type check", { ok: false }),
        phase("unit tests", { passed: 3, failed: 1 }),
        phase("e2e", { ok: false, ran: false }),
      ],
      5000,
    );
    expect([summary.passed, summary.failed]).toEqual([3, 3]);
  });

  test("one line per phase with its time and tests, the slowest tests, and `N passed, N failed` last", () => {
    const slow = Array.from({ length: 12 }, (_, i) => ({
      phase: "backend" as const,
      name: `t${i}`,
      ms: i * 1000,
      ok: true,
    }));
    const lines = summaryLines(
      summarize([phase("lint", { ms: 65_000 }), phase("backend", { ms: 200_000, passed: 12, tests: slow })], 300_000),
    );
    expect(lines.at(-1)).toBe("12 passed, 0 failed");
    expect(lines.find((line) => line.includes("lint"))).toMatch(/lint\s+1:05 {2}\(budget 1:15\) {2}ok/);
    expect(lines.find((line) => line.includes("backend") && line.includes("budget"))).toMatch(
      /3:20 {2}\(budget 5:00\) {2}12 passed, 0 failed/,
    );
    expect(lines.find((line) => line.includes("npm test"))).toMatch(/5:00 {2}\(budget 14:00\)/);
    const listed = lines.filter((line) => / s {2}backend/.test(line));
    expect(listed).toHaveLength(10);
    expect(listed[0]).toMatch(/11\.0 s {2}backend +t11$/);
  });
});

test("docs/tests.md gives every phase the budget the summary prints", () => {
  const docs = fs.readFileSync(path.join(process.cwd(), "docs", "tests.md"), "utf8");
  for (const name of [...PHASES, "npm test"] as const) {
    const seconds = BUDGET_SECONDS[name];
    const row = new RegExp(
      `^\\| ${name.replace(" ", "\\s")}\\s+\\|.*\\| ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")} +\\|`,
      "m",
    );
    expect(docs).toMatch(row);
  }
});
