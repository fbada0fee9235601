/**
 * The backend's tests (`npm run test:backend`, and the backend phase of `npm test`): every
 * `*.spec.ts` in payload/test/ and server/test/ on Node's test runner, each file in a process of
 * its own, with one PostgreSQL for the whole run (payload/test/postgres.ts, SHARED_POSTGRES), on
 * which each file makes its own databases.
 *
 * The files run side by side, FILES_AT_ONCE at a time, each in its own process, since most of
 * their time is spent waiting on a server; the ones in ALONE measure deadlines, slow clients and
 * fair shares under load, and run after the others, one at a time, with the machine to themselves.
 * Each file's output is printed whole when it ends, headed by its name and wall time.
 *
 * `--report=<file>` writes the counts and each test's time, from each file's report
 * (scripts/lib/node-test-report.mjs).
 * Files named on the command line run alone, in that order. Exits 1 when a test failed.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SHARED_POSTGRES, startPostgres } from "../../payload/test/postgres";

/** The files that need the machine to themselves: their tests hold time limits under load. */
export const ALONE = [
  "server/test/http.spec.ts",
  "server/test/uploads.spec.ts",
  "server/test/photo-lane.spec.ts",
  "server/test/durability.spec.ts",
  "payload/test/stored-photo.spec.ts",
];
/** How many of the other files run at once. */
export const FILES_AT_ONCE = 3;

const FOLDERS = ["payload/test", "server/test"];
const REPORTER = path.join(import.meta.dirname, "node-test-report.mjs");

interface Report {
  passed: number;
  failed: number;
  skipped: number;
  tests: unknown[];
}

/** The tests a file's report (one JSON line per test) names, counted; undefined when there is none. */
function readReport(file: string): Report | undefined {
  if (!fs.existsSync(file)) return undefined;
  const report: Report = { passed: 0, failed: 0, skipped: 0, tests: [] };
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const test = JSON.parse(line) as { skipped?: boolean; ok?: boolean };
    if (test.skipped) report.skipped++;
    else {
      if (test.ok) report.passed++;
      else report.failed++;
      report.tests.push(test);
    }
  }
  return report;
}

/** Runs one file on Node's test runner in a process of its own; resolves with its output, its report and whether it passed. */
function runFile(file: string, env: NodeJS.ProcessEnv) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backend-report-"));
  const reportFile = path.join(dir, "report.json");
  const args = [
    "--import",
    "tsx",
    "--test",
    // Payload's destroy leaves the PostgreSQL adapter's pool open: a file on the run's one
    // PostgreSQL ends once its tests have, whatever connections that pool still holds
    "--test-force-exit",
    "--test-reporter=spec",
    "--test-reporter-destination=stdout",
    `--test-reporter=${REPORTER}`,
    `--test-reporter-destination=${reportFile}`,
    file,
  ];
  const started = performance.now();
  return new Promise<{ ok: boolean; output: Buffer; ms: number; report?: Report }>((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], env });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (code) => {
      const report = readReport(reportFile);
      fs.rmSync(dir, { recursive: true, force: true });
      resolve({ ok: code === 0, output: Buffer.concat(output), ms: performance.now() - started, report });
    });
  });
}

/**
 * Runs `files`, `atOnce` at a time, each in its own process (a file's own tests run one after
 * another, as they share its hosts); prints each file's output whole as it ends.
 */
async function runFiles(files: string[], atOnce: number, env: NodeJS.ProcessEnv, total: Report): Promise<boolean> {
  const waiting = [...files];
  let ok = true;
  const worker = async () => {
    for (let file = waiting.shift(); file; file = waiting.shift()) {
      const run = await runFile(file, env);
      console.log(`\n── ${file} (${(run.ms / 1000).toFixed(1)} s)`);
      process.stdout.write(run.output);
      if (!run.ok || !run.report) ok = false;
      if (!run.report) {
        console.log(`${file}: no report (the runner itself broke)`);
        total.failed++;
        continue;
      }
      total.passed += run.report.passed;
      total.failed += run.report.failed;
      total.skipped += run.report.skipped;
      total.tests.push(...run.report.tests);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  return ok;
}

async function main() {
  const reportArg = process.argv.find((arg) => arg.startsWith("--report="))?.slice("--report=".length);
  const named = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
  const all = FOLDERS.flatMap((folder) =>
    fs
      .readdirSync(folder)
      .filter((name) => name.endsWith(".spec.ts"))
      .map((name) => `${folder}/${name}`),
  );
  const groups: { files: string[]; concurrency: number }[] = named.length
    ? [{ files: named, concurrency: 1 }]
    : [
        { files: all.filter((file) => !ALONE.includes(file)), concurrency: FILES_AT_ONCE },
        { files: all.filter((file) => ALONE.includes(file)), concurrency: 1 },
      ];

  const postgres = await startPostgres();
  const env = { ...process.env, [SHARED_POSTGRES]: await postgres.database("postgres_admin") };
  const total: Report = { passed: 0, failed: 0, skipped: 0, tests: [] };
  let ok = true;
  try {
    for (const group of groups) ok = (await runFiles(group.files, group.concurrency, env, total)) && ok;
  } finally {
    await postgres.stop();
  }
  if (reportArg) fs.writeFileSync(reportArg, JSON.stringify(total));
  console.log(`\nbackend: ${total.passed} passed, ${total.failed} failed`);
  process.exit(ok && total.failed === 0 ? 0 : 1);
}

void main();
