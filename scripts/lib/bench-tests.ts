/**
 * For `npm run bench -- tests`: `npm install && npm test` on a fresh clone of the current commit,
 * as CI runs it, with each phase's wall time and tests beside its budget (scripts/lib/test-phases.ts)
 * and the slowest tests. The run's whole output is kept in `reports/bench-tests.log`. Uncommitted
 * changes are not in the clone: commit before measuring.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BUDGET_SECONDS, clock, readJson, summaryLines, type Summary } from "./test-phases";

/** Runs `command` in `cwd` with its output appended to `log`; resolves with its wall time and exit code. */
function timed(command: string, args: string[], cwd: string, log: number): Promise<{ ms: number; code: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", log, log], env: { ...process.env, CI: "true" } });
    child.on("close", (code) => resolve({ ms: performance.now() - started, code: code ?? 1 }));
  });
}

export async function benchTests(root = process.cwd()): Promise<void> {
  const commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-tests-"));
  const clone = path.join(dir, "site");
  const logFile = path.join(root, "reports", "bench-tests.log");
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, "w");
  const load = os.loadavg()[0]!;
  try {
    execFileSync("git", ["clone", "--quiet", root, clone]);
    execFileSync("git", ["checkout", "--quiet", commit], { cwd: clone });
    const install = await timed("npm", ["install", "--no-audit", "--no-fund"], clone, log);
    const test = install.code === 0 ? await timed("npm", ["test"], clone, log) : undefined;
    const summary = readJson(path.join(clone, "reports", "phases.json")) as Summary | undefined;
    console.log(
      `\n\`npm install && npm test\` on a fresh clone (commit ${commit.slice(0, 7)}, load ${load.toFixed(1)})`,
    );
    console.log(`  npm install  ${clock(install.ms).padStart(5)}${install.code ? "  FAILED" : ""}`);
    if (test) {
      const budget = BUDGET_SECONDS["npm test"];
      console.log(`  npm test     ${clock(test.ms).padStart(5)}  (budget ${clock(budget * 1000)})  exit ${test.code}`);
      console.log(`  in all       ${clock(install.ms + test.ms).padStart(5)}`);
    }
    if (summary) for (const line of summaryLines(summary)) console.log(line);
    console.log(`\nThe whole output: ${path.relative(root, logFile)}`);
  } finally {
    fs.closeSync(log);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
