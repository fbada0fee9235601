/**
 * For `npm run bench -- server`: the preview server under a crowd, in a
 * process of its own on loopback (bounded loops, nothing leaves the machine).
 *   - POST /api/contact and 1 MB uploads, 50 at once: requests/s and p95;
 *   - 1 MB uploads, 50 at once, 8 of them abandoned by their clients while queued;
 *   - the wait of a fresh upload after 4 slow clients (1 byte / 2 s) and 8 abandoned ones;
 *   - the find by exact filename with 10 and with 20 000 photos stored;
 *   - peak memory (the process's high-water mark) while 20 uploads of 15 MB arrive at once;
 *   - the e-mail pattern's cost against the length of a hostile address, old and new;
 *   - a day of ordinary traffic: open files after 1,000 revalidations, 100 aborted downloads and a slow
 *     reader of a 10 MB photo; a visitor's wait while one client holds 300 idle connections;
 *     requests/s and p99 for / and POST /api/contact with 20 connections.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { EMAIL_PATTERN, MAX_UPLOAD_BYTES } from "../../lib/api/schemas";
import { uploadRequest } from "../../server/__tests__/helpers/harness";

const child = path.join(process.cwd(), "server", "__tests__", "helpers", "child-server.ts");

/**
 * The upload deadline the slow-client figure's child is given (the server's option; a server without it
 * ignores it): short, so that figure is measured in seconds. The other figures run with the default.
 */
const BENCH_DEADLINE = { graceMs: 2000, minBytesPerSecond: 4096, maxMs: 10_000 };

async function startChild({
  prepare = () => {},
  deadline,
}: { prepare?: (dataDir: string) => void; deadline?: typeof BENCH_DEADLINE } = {}): Promise<{
  proc: ChildProcess;
  origin: string;
  dataDir: string;
  port: number;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-server-"));
  prepare(dataDir);
  const proc = spawn(process.execPath, ["--import", "tsx", child], {
    env: {
      ...process.env,
      PREVIEW_DATA_DIR: dataDir,
      ...(deadline && { PREVIEW_UPLOAD_DEADLINE: JSON.stringify(deadline) }),
    },
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
  return { proc, origin, dataDir, port: Number(new URL(origin).port) };
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
        // a request that gets no answer at all counts as 599
        const response = await request().catch(() => new Response(null, { status: 599 }));
        await response.arrayBuffer().catch(() => undefined);
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
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)]!),
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

/** How long a bench request may take before it counts as never answered. */
const GIVE_UP_MS = 60_000;

function uploadOf(origin: string, bytes: Buffer, name: string) {
  return () => {
    const form = new FormData();
    form.append("_payload", "{}");
    form.append("file", new Blob([new Uint8Array(bytes)]), name);
    return fetch(`${origin}/api/media?depth=0&fallback-locale=null`, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(GIVE_UP_MS),
    }).catch(() => new Response(null, { status: 599 }));
  };
}

/** A client that sends a whole upload, then hangs up after `ms` without waiting for the answer. */
function abandonedUpload(port: number, bytes: Buffer, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(uploadRequest(bytes, "forlatt.jpg")));
    socket.on("error", () => {});
    setTimeout(() => {
      socket.destroy();
      resolve();
    }, ms);
  });
}

/** A client that sends an upload's headers, then one byte of body every 2 s until `stop` (or the server hangs up). */
function slowUpload(port: number, bytes: Buffer): { stop: () => void } {
  const request = uploadRequest(bytes, "treg.jpg");
  const head = request.indexOf("\r\n\r\n") + 4;
  let sent = head;
  const socket = net.connect(port, "127.0.0.1", () => socket.write(request.subarray(0, head)));
  socket.on("error", () => {});
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= request.length - 1) return clearInterval(timer);
    socket.write(request.subarray(sent, ++sent));
  }, 2000);
  return {
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

/** Milliseconds one upload of `bytes` takes from request to answer, and its status. */
async function timedUpload(origin: string, bytes: Buffer): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await uploadOf(origin, bytes, "fersk.jpg")();
  await response.arrayBuffer().catch(() => undefined);
  return { ms: Math.round(performance.now() - started), status: response.status };
}

/** 50 uploads at once, 8 of them abandoned while queued; uploads/s and p95 of the 42 others. */
async function abandonedCrowd(oneMb: Buffer): Promise<string> {
  const server = await startChild();
  try {
    const abandoned = Array.from({ length: 8 }, () => abandonedUpload(server.port, oneMb, 300));
    const crowd = await load(42, 42, uploadOf(server.origin, oneMb, "bench.jpg"));
    await Promise.all(abandoned);
    const after = await timedUpload(server.origin, oneMb);
    return (
      `  POST /api/media 1 MB, 50 at once, 8 abandoned while queued: ${crowd.perSecond}/s, p95 ${crowd.p95} ms ` +
      `(${crowd.statuses}; 599 = no answer within ${GIVE_UP_MS / 1000} s); the next upload: ${after.status} after ${after.ms} ms`
    );
  } finally {
    await stopChild(server);
  }
}

/** A fresh upload's wait while 4 slow clients and 8 abandoned ones still hold their places. */
async function amongSlowClients(oneMb: Buffer): Promise<string> {
  const server = await startChild({ deadline: BENCH_DEADLINE });
  const idle = await timedUpload(server.origin, oneMb);
  const slow = Array.from({ length: 4 }, () => slowUpload(server.port, oneMb));
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all(Array.from({ length: 8 }, () => abandonedUpload(server.port, oneMb, 1000)));
    const fresh = await timedUpload(server.origin, oneMb);
    return (
      `  A fresh upload while 4 slow clients (1 byte / 2 s, cut off after ${BENCH_DEADLINE.maxMs / 1000} s) and 8 abandoned ones hold places: ` +
      `${fresh.status} after ${fresh.ms} ms (the same upload on an idle server: ${idle.ms} ms; 599 = no answer within ${GIVE_UP_MS / 1000} s)`
    );
  } finally {
    for (const client of slow) client.stop();
    await stopChild(server);
  }
}

/** Median and p95 ms of 200 finds of one stored name with `stored` photos in the store. */
async function findTime(stored: number, bytes: Buffer): Promise<{ median: number; p95: number; found: number }> {
  const names = Array.from({ length: stored }, () => `img_${crypto.randomBytes(16).toString("hex")}.jpg`);
  const server = await startChild({
    prepare: (dataDir) => {
      fs.mkdirSync(path.join(dataDir, "media"));
      for (const name of names) fs.writeFileSync(path.join(dataDir, "media", name), bytes);
    },
  });
  try {
    const wanted = names[Math.floor(stored / 2)]!;
    const url = `${server.origin}/api/media?${new URLSearchParams({ "where[filename][equals]": wanted, depth: "0", limit: "1" })}`;
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      const answer = (await (await fetch(url)).json()) as { docs?: unknown[] };
      times.push(performance.now() - started);
      found += answer.docs?.length ?? 0;
    }
    times.sort((a, b) => a - b);
    return { median: times[100]!, p95: times[190]!, found };
  } finally {
    await stopChild(server);
  }
}

/** Milliseconds `pattern` takes to refuse "a@" + n dots + "@" (the shape that made the old one backtrack). */
function patternMs(pattern: RegExp, n: number): number {
  const value = `a@${".".repeat(n)}@`;
  const started = performance.now();
  pattern.test(value);
  return performance.now() - started;
}

/** A GET over a connection of its own from `localAddress`: its status (0: none within a minute) and its time. */
function rawGet(port: number, target: string, headers = "", localAddress = "127.0.0.1") {
  return new Promise<{ status: number; ms: number; etag?: string }>((resolve) => {
    const started = performance.now();
    let text = "";
    const socket = net.connect({ port, host: "127.0.0.1", localAddress }, () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`),
    );
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, ms: Math.round(performance.now() - started), etag: /\r\netag: ([^\r]+)/i.exec(text)?.[1] });
    };
    const timer = setTimeout(done, GIVE_UP_MS);
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("close", done);
    socket.on("error", done);
  });
}

/** A GET of `target` read `bytesPerTick` every 100 ms for `ms`, then cut off (`0` bytes: cut at the first). */
function cutOffRead(port: number, target: string, bytesPerTick: number, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
    );
    const end = () => {
      clearInterval(tick);
      socket.destroy();
      resolve();
    };
    socket.on("error", end);
    if (bytesPerTick === 0) socket.once("data", end);
    else socket.pause();
    const tick = setInterval(() => bytesPerTick && socket.read(bytesPerTick), 100);
    setTimeout(end, ms);
  });
}

export async function everydayTraffic(): Promise<void> {
  const server = await startChild();
  const { pid } = server.proc;
  const openFiles = () => fs.readdirSync(`/proc/${pid}/fd`).length;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
  try {
    const photo = await (
      await uploadOf(server.origin, await noiseJpeg(10 * 1024 * 1024), "stor.jpg")()
    )
      .json()
      .then((answer: { doc: { url: string } }) => answer.doc.url);
    const { etag } = await rawGet(server.port, "/");
    await settle();
    const before = openFiles();
    for (let batch = 0; batch < 50; batch++) {
      await Promise.all(Array.from({ length: 20 }, () => rawGet(server.port, "/", `If-None-Match: ${etag}\r\n`)));
    }
    for (let n = 0; n < 100; n++) await cutOffRead(server.port, photo, 0, 5_000);
    await cutOffRead(server.port, photo, 16 * 1024, 3_000);
    await settle();
    console.log(
      `  open files: ${before} before, ${openFiles()} after 1,000 revalidations, 100 aborted downloads and a slow reader`,
    );

    const hoard = Array.from({ length: 300 }, () => net.connect(server.port, "127.0.0.1").on("error", () => {}));
    await settle();
    const visitor = await rawGet(server.port, "/", "", "127.0.0.2");
    hoard.forEach((socket) => socket.destroy());
    console.log(
      `  a visitor while one client holds 300 idle connections: ${visitor.status || "no answer"} in ${visitor.ms} ms`,
    );
    await settle();

    const contact = JSON.stringify({ email: "kari@example.no", phone: "+47 912 34 567", message: "" });
    const pages = await load(2000, 20, () => fetch(`${server.origin}/`));
    const posts = await load(1000, 20, () =>
      fetch(`${server.origin}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: contact,
      }),
    );
    console.log(`  GET /, 20 at once:              ${pages.perSecond}/s, p99 ${pages.p99} ms (${pages.statuses})`);
    console.log(`  POST /api/contact, 20 at once:  ${posts.perSecond}/s, p99 ${posts.p99} ms (${posts.statuses})`);
  } finally {
    await stopChild(server);
  }
}

export async function benchServer(): Promise<void> {
  console.log("\nA day of ordinary traffic (its own process, loopback)\n");
  await everydayTraffic();
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
  const oneMb = await noiseJpeg(1024 * 1024);
  console.log(await abandonedCrowd(oneMb));
  console.log(await amongSlowClients(oneMb));
  const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
    .jpeg()
    .toBuffer();
  for (const stored of [10, 20_000]) {
    const find = await findTime(stored, small);
    console.log(
      `  GET /api/media?where[filename][equals]=<one name> with ${stored} photos stored: median ${find.median.toFixed(2)} ms, ` +
        `p95 ${find.p95.toFixed(2)} ms (${find.found}/200 found)`,
    );
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
