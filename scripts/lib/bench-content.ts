/**
 * For `npm run bench -- content`: how long a marketer waits for
 * `npm run check:content` (scripts/check-content.ts through tsx, as the npm
 * script runs it: the process's start included), and of that the check's own
 * time as it reports it, on the real content/ and on a copy with one misspelt
 * key, median of RUNS runs each.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const RUNS = 3;

/** The command's time, and the check's own as its last line reports it ("… på 0,4 s"). */
function timedRun(dir?: string): { ms: number; checkMs: number; status: number | null } {
  const started = process.hrtime.bigint();
  const run = spawnSync("npx", ["tsx", "scripts/check-content.ts", ...(dir ? [dir] : [])], { encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const own = /på (\d+,\d+) s/.exec(run.stdout + run.stderr)?.[1];
  return { ms, checkMs: own ? Number(own.replace(",", ".")) * 1000 : NaN, status: run.status };
}

/** A copy of content/ with one misspelt key in reviews.json. */
function brokenCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-content-"));
  fs.cpSync(path.join(process.cwd(), "content"), dir, { recursive: true });
  const file = path.join(dir, "reviews.json");
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace('"name":', '"nmae":'));
  return dir;
}

export function benchContent() {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const broken = brokenCopy();
  try {
    console.log(`\nnpm run check:content, from the command to its answer (tsx's start included), median of ${RUNS}\n`);
    for (const [label, dir] of [
      ["the real content", undefined],
      ["a copy with one misspelt key", broken],
    ] as const) {
      const runs = Array.from({ length: RUNS }, () => timedRun(dir));
      const ms = runs.map((r) => r.ms);
      const own = median(runs.map((r) => r.checkMs));
      console.log(
        `  ${label.padEnd(30)} ${seconds(median(ms))} (${ms.map(seconds).join(", ")}), of which the check itself ${seconds(own)}, exit code ${runs[0]!.status}`,
      );
    }
  } finally {
    fs.rmSync(broken, { recursive: true, force: true });
  }
}
