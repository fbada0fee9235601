/**
 * A reporter for Node's test runner (`--test-reporter=./scripts/lib/node-test-report.mjs`) that
 * writes one JSON line per test as it ends: its file, full name (its suites' names before its
 * own), duration and whether it passed, or `{ "skipped": true }` for a skipped one. Counted as the
 * TAP reporter counts: every test but a suite; a cancelled test has failed. A line is written as
 * each test ends, so a run ended by `--test-force-exit` has still reported every test.
 */

/** @param {AsyncIterable<{ type: string, data: any }>} source */
export default async function* report(source) {
  // per file, the names of the suites and tests a new test is inside, by nesting
  const open = new Map();
  for await (const { type, data } of source) {
    if (type === "test:start") {
      const names = open.get(data.file) ?? [];
      names.length = data.nesting;
      names.push(data.name);
      open.set(data.file, names);
    }
    if (type !== "test:pass" && type !== "test:fail") continue;
    if (data.details?.type === "suite") continue;
    if (data.skip !== undefined || data.todo !== undefined) {
      yield `${JSON.stringify({ skipped: true })}\n`;
      continue;
    }
    const names = open.get(data.file) ?? [];
    const name = [...names.slice(0, data.nesting), data.name].join(" › ");
    const ms = data.details?.duration_ms ?? 0;
    yield `${JSON.stringify({ file: data.file, name, ms, ok: type === "test:pass" })}\n`;
  }
}
