/**
 * For `npm run bench -- server`: the preview server under everyday traffic, in
 * a process of its own on loopback (server/__tests__/helpers/child-server.ts;
 * bounded loops, nothing leaves the machine):
 *   - the files it holds open (/proc/<pid>/fd) before and after 1,000
 *     revalidations of / (If-None-Match), 100 downloads of a 10 MB photo cut
 *     off at their first bytes and one slow reader of it;
 *   - a visitor's wait for / while another client holds 300 idle connections;
 *   - requests/s and p99 for GET / and POST /api/contact, 20 at once;
 *   - requests/s and p95 for POST /api/contact and 1 MB uploads, 50 at once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

const CHILD = path.join(process.cwd(), "server", "__tests__", "helpers", "child-server.ts");
/** How long a request may take before it counts as never answered. */
const GIVE_UP_MS = 60_000;

async function startChild(): Promise<{ proc: ChildProcess; origin: string; port: number; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-server-"));
  const proc = spawn(process.execPath, ["--import", "tsx", CHILD], {
    env: { ...process.env, PREVIEW_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let text = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const found = /^PORT (\d+)$/m.exec(text)?.[1];
      if (found) resolve(Number(found));
    });
    proc.on("exit", () => reject(new Error("the bench's server exited")));
  });
  proc.stdout!.resume();
  return { proc, origin: `http://127.0.0.1:${port}`, port, dataDir };
}

/** `total` requests made by `concurrency` clients at once: requests/s, p95, p99 and the statuses (599: none). */
async function load(total: number, concurrency: number, request: () => Promise<Response>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next++ < total) {
      const t = performance.now();
      const response = await request().catch(() => new Response(null, { status: 599 }));
      await response.arrayBuffer().catch(() => undefined);
      latencies.push(performance.now() - t);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  latencies.sort((a, b) => a - b);
  const at = (share: number) => Math.round(latencies[Math.floor(latencies.length * share)]!);
  return {
    perSecond: Math.round(total / ((performance.now() - started) / 1000)),
    p95: at(0.95),
    p99: at(0.99),
    statuses: [...statuses].map(([status, count]) => `${count}× ${status}`).join(", "),
  };
}

/** A JPEG of noise (it does not compress) of at most `bytes`. */
async function noiseJpeg(bytes: number): Promise<Buffer> {
  for (let side = Math.round(Math.sqrt(bytes / 1.1)); ; side = Math.floor(side * 0.97)) {
    const raw = Buffer.alloc(side * side * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (Math.random() * 256) | 0;
    const jpeg = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    if (jpeg.length <= bytes) return jpeg;
  }
}

function upload(origin: string, bytes: Buffer, name: string): Promise<Response> {
  const form = new FormData();
  form.append("_payload", "{}");
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const url = `${origin}/api/media?depth=0&fallback-locale=null`;
  return fetch(url, { method: "POST", body: form, signal: AbortSignal.timeout(GIVE_UP_MS) });
}

/** A booking sent as the contact form sends it. */
export function contact(origin: string, email = "kari@example.no", message = "Bestilling av time"): Promise<Response> {
  const body = JSON.stringify({ email, phone: "+47 912 34 567", message });
  return fetch(`${origin}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
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

/** The preview server's everyday traffic: open files, a hoarding client, requests/s and p99. */
export async function everydayTraffic(server: Awaited<ReturnType<typeof startChild>>): Promise<void> {
  const openFiles = () => fs.readdirSync(`/proc/${server.proc.pid}/fd`).length;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
  const stored = await upload(server.origin, await noiseJpeg(10 * 1024 * 1024), "stor.jpg");
  const answer = (await stored.json()) as { doc: { url: string } };
  const { etag } = await rawGet(server.port, "/");
  await settle();
  const before = openFiles();
  for (let batch = 0; batch < 50; batch++) {
    await Promise.all(Array.from({ length: 20 }, () => rawGet(server.port, "/", `If-None-Match: ${etag}\r\n`)));
  }
  for (let n = 0; n < 100; n++) await cutOffRead(server.port, answer.doc.url, 0, 5_000);
  await cutOffRead(server.port, answer.doc.url, 16 * 1024, 3_000);
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

  const pages = await load(2000, 20, () => fetch(`${server.origin}/`));
  const posts = await load(1000, 20, () => contact(server.origin));
  console.log(`  GET /, 20 at once:              ${pages.perSecond}/s, p99 ${pages.p99} ms (${pages.statuses})`);
  console.log(`  POST /api/contact, 20 at once:  ${posts.perSecond}/s, p99 ${posts.p99} ms (${posts.statuses})`);
}

/** `measure` against a fresh server, stopped after. */
async function withChild(measure: (server: Awaited<ReturnType<typeof startChild>>) => Promise<void>) {
  const server = await startChild();
  try {
    await measure(server);
  } finally {
    server.proc.kill("SIGKILL");
    await new Promise((resolve) => server.proc.once("exit", resolve));
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export async function benchServer(): Promise<void> {
  console.log("\nThe preview server under everyday traffic (its own process, loopback)\n");
  await withChild(everydayTraffic);
  await withChild(async ({ origin }) => {
    const posts = await load(1000, 50, () => contact(origin));
    console.log(`  POST /api/contact, 50 at once:  ${posts.perSecond}/s, p95 ${posts.p95} ms (${posts.statuses})`);
    const oneMb = await noiseJpeg(1024 * 1024);
    const uploads = await load(200, 50, () => upload(origin, oneMb, "bench.jpg"));
    console.log(
      `  POST /api/media 1 MB, 50 at once: ${uploads.perSecond}/s, p95 ${uploads.p95} ms (${uploads.statuses}; 599: no answer in ${GIVE_UP_MS / 1000} s)`,
    );
  });
}
