/**
 * For `npm run bench -- server`: the preview server under a crowd, in a
 * process of its own on loopback (bounded loops, nothing leaves the machine).
 *   - POST /api/contact and 1 MB uploads, 50 at once: requests/s and p95;
 *   - peak memory (the process's high-water mark) while 20 uploads of 15 MB arrive at once;
 *   - the e-mail pattern's cost against the length of a hostile address, old and new.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { EMAIL_PATTERN, MAX_UPLOAD_BYTES } from "../../lib/api/contract";

const child = path.join(process.cwd(), "server", "__tests__", "helpers", "child-server.ts");

async function startChild(): Promise<{ proc: ChildProcess; origin: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-server-"));
  const proc = spawn(process.execPath, ["--import", "tsx", child], {
    env: { ...process.env, PREVIEW_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let text = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const port = /^PORT (\d+)$/m.exec(text)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    proc.on("exit", () => reject(new Error("the bench server exited")));
  });
  proc.stdout!.resume();
  return { proc, origin, dataDir };
}

async function stopChild({ proc, dataDir }: { proc: ChildProcess; dataDir: string }) {
  proc.kill("SIGKILL");
  await new Promise((resolve) => proc.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Kilobytes of the process's peak resident memory (VmHWM), or its current (VmRSS). */
function memoryKb(pid: number, field: "VmHWM" | "VmRSS"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
}

/** `total` requests made by `concurrency` clients at once; the latency of each and the wall time. */
async function load(total: number, concurrency: number, request: () => Promise<Response>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t = performance.now();
        const response = await request();
        await response.arrayBuffer();
        latencies.push(performance.now() - t);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(total / seconds),
    p95: Math.round(latencies[Math.floor(latencies.length * 0.95)]!),
    statuses: [...statuses].map(([status, count]) => `${count}× ${status}`).join(", "),
  };
}

/** A JPEG of noise (it does not compress) of about `bytes`. */
async function noiseJpeg(bytes: number): Promise<Buffer> {
  let side = Math.round(Math.sqrt(bytes / 1.1));
  for (;;) {
    const raw = Buffer.alloc(side * side * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (Math.random() * 256) | 0;
    const jpeg = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    if (jpeg.length <= bytes) return jpeg;
    side = Math.floor(side * Math.sqrt(bytes / jpeg.length) * 0.98);
  }
}

function uploadOf(origin: string, bytes: Buffer, name: string) {
  return () => {
    const form = new FormData();
    form.append("_payload", "{}");
    form.append("file", new Blob([new Uint8Array(bytes)]), name);
    return fetch(`${origin}/api/media?depth=0&fallback-locale=null`, { method: "POST", body: form });
  };
}

/** Milliseconds `pattern` takes to refuse "a@" + n dots + "@" (the shape that made the old one backtrack). */
function patternMs(pattern: RegExp, n: number): number {
  const value = `a@${".".repeat(n)}@`;
  const started = performance.now();
  pattern.test(value);
  return performance.now() - started;
}

export async function benchServer(): Promise<void> {
  console.log("\nThe preview server under a crowd (its own process, loopback)\n");
  const contact = JSON.stringify({ email: "kari@example.no", phone: "+47 912 34 567", message: "Bestilling av time" });
  let server = await startChild();
  try {
    const posts = await load(1000, 50, () =>
      fetch(`${server.origin}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: contact,
      }),
    );
    console.log(
      `  POST /api/contact, 50 at once, 1000 in all:   ${posts.perSecond}/s, p95 ${posts.p95} ms (${posts.statuses})`,
    );
    const oneMb = await noiseJpeg(1024 * 1024);
    const uploads = await load(200, 50, uploadOf(server.origin, oneMb, "bench.jpg"));
    console.log(
      `  POST /api/media 1 MB, 50 at once, 200 in all:  ${uploads.perSecond}/s, p95 ${uploads.p95} ms (${uploads.statuses})`,
    );
  } finally {
    await stopChild(server);
  }

  server = await startChild();
  try {
    const big = await noiseJpeg(MAX_UPLOAD_BYTES - 64 * 1024);
    const before = memoryKb(server.proc.pid!, "VmRSS");
    const crowd = await load(20, 20, uploadOf(server.origin, big, "stor.jpg"));
    const peak = memoryKb(server.proc.pid!, "VmHWM");
    console.log(
      `  20 uploads of ${(big.length / 1024 / 1024).toFixed(1)} MB at once: memory ${Math.round(before / 1024)} MB before, ` +
        `peak ${Math.round(peak / 1024)} MB (${crowd.statuses}; ${((20 * big.length) / 1024 / 1024) | 0} MB sent in all)`,
    );
  } finally {
    await stopChild(server);
  }

  // The pattern the server had before, kept here only to show the difference.
  const OLD_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
  console.log('\n  The e-mail pattern against a hostile address "a@" + n dots + "@" (ms per test):');
  console.log("  n        old         new");
  for (const n of [2_000, 4_000, 8_000, 16_000]) {
    console.log(
      `  ${String(n).padEnd(8)} ${patternMs(OLD_EMAIL_PATTERN, n).toFixed(1).padStart(8)}  ${patternMs(EMAIL_PATTERN, n).toFixed(3).padStart(8)}`,
    );
  }
  for (const n of [60_000, 1_000_000]) {
    console.log(`  ${String(n).padEnd(8)} ${"–".padStart(8)}  ${patternMs(EMAIL_PATTERN, n).toFixed(3).padStart(8)}`);
  }
  console.log(
    "  (old: double the length takes four times as long; new: linear, and the schema lets nothing over 254 characters in)",
  );
}
