/**
 * For `npm run bench -- server`: the preview server under everyday traffic, in
 * a process of its own on loopback (`npm start`'s server, testing/preview.ts:
 * the built site and the workshop's Payload on a temporary data folder, serving
 * the test build as the engines section does, so the two share one build;
 * bounded loops, nothing leaves the machine):
 *   - the files it holds open (/proc/<pid>/fd) before and after 1,000
 *     revalidations of / (If-None-Match), 100 downloads of a 10 MB photo cut
 *     off at their first bytes and one slow reader of it;
 *   - a visitor's wait for / while another client holds 300 idle connections;
 *   - requests/s and p99 for GET / and POST /api/contact (201: stored), 20 at once;
 *   - requests/s and p95 for POST /api/contact and 1 MB uploads, 50 at once.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { TEST_BUILD_ENV } from "../../lib/hosting/test-build";
import { startPreviewProcess, type PreviewProcess } from "../../testing/preview";

/** How long a request may take before it counts as never answered. */
const GIVE_UP_MS = 60_000;

interface Child {
  /** the server's own process (node, not a wrapper): its pid is the one whose files are counted */
  server: PreviewProcess;
  origin: string;
  port: number;
  dataDir: string;
}

/** `npm start`'s server on a free port and a fresh data folder; it builds first when out/ is not the test build. */
async function startChild(): Promise<Child> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-server-"));
  const server = await startPreviewProcess({ dataDir, env: { ...TEST_BUILD_ENV }, timeoutMs: 300_000 }).catch(
    (error: unknown) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw error;
    },
  );
  return { server, origin: `http://127.0.0.1:${server.port}`, port: server.port, dataDir };
}

/** `total` requests made by `concurrency` clients at once: requests/s, p95, p99 and the statuses (599: none). */
export async function load(total: number, concurrency: number, request: () => Promise<Response>) {
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

/**
 * An upload named as the site names its photos (`img_` and 32 random hex digits): a name of its own
 * each time, as the site's are, and the only kind of name a photo is served by to anyone but the
 * workshop.
 */
function upload(origin: string, bytes: Buffer): Promise<Response> {
  const form = new FormData();
  form.append("_payload", "{}");
  form.append("file", new Blob([new Uint8Array(bytes)]), `img_${crypto.randomBytes(16).toString("hex")}.jpg`);
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
export async function everydayTraffic(server: Child): Promise<void> {
  const openFiles = () => fs.readdirSync(`/proc/${server.server.process.pid}/fd`).length;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
  const stored = await upload(server.origin, await noiseJpeg(10 * 1024 * 1024));
  if (stored.status !== 201)
    throw new Error(`the 10 MB photo's upload answered ${stored.status}: ${await stored.text()}`);
  const answer = (await stored.json()) as { doc: { url: string } };
  // Payload names the photo by an absolute url; the raw requests ask for its path
  const photoPath = new URL(answer.doc.url, server.origin).pathname;
  const served = await fetch(`${server.origin}${photoPath}`);
  const photoBytes = (await served.arrayBuffer()).byteLength;
  if (served.status !== 200) throw new Error(`the 10 MB photo is not served at ${photoPath}: ${served.status}`);
  const { etag } = await rawGet(server.port, "/");
  await settle();
  const before = openFiles();
  for (let batch = 0; batch < 50; batch++) {
    await Promise.all(Array.from({ length: 20 }, () => rawGet(server.port, "/", `If-None-Match: ${etag}\r\n`)));
  }
  for (let n = 0; n < 100; n++) await cutOffRead(server.port, photoPath, 0, 5_000);
  await cutOffRead(server.port, photoPath, 16 * 1024, 3_000);
  await settle();
  console.log(
    `  open files: ${before} before, ${openFiles()} after 1,000 revalidations, 100 aborted downloads and a slow reader` +
      ` (of the 10 MB upload as stored, ${(photoBytes / 1024 / 1024).toFixed(1)} MB)`,
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

/** `measure` against a fresh server, stopped after; what it printed is shown when it ended on its own. */
async function withChild(measure: (server: Child) => Promise<void>) {
  const child = await startChild();
  try {
    await measure(child);
  } finally {
    const { exitCode, signalCode } = child.server.process;
    if (exitCode !== null || signalCode !== null)
      console.error(`  the server ended during the bench (${exitCode ?? signalCode}):\n${child.server.output()}`);
    await child.server.stop("SIGKILL");
    fs.rmSync(child.dataDir, { recursive: true, force: true });
  }
}

export async function benchServer(): Promise<void> {
  console.log("\nThe preview server under everyday traffic (its own process, loopback)\n");
  await withChild(everydayTraffic);
  await withChild(async ({ origin }) => {
    const posts = await load(1000, 50, () => contact(origin));
    console.log(`  POST /api/contact, 50 at once:  ${posts.perSecond}/s, p95 ${posts.p95} ms (${posts.statuses})`);
    const oneMb = await noiseJpeg(1024 * 1024);
    const uploads = await load(200, 50, () => upload(origin, oneMb));
    console.log(
      `  POST /api/media 1 MB, 50 at once: ${uploads.perSecond}/s, p95 ${uploads.p95} ms (${uploads.statuses}; 599: no answer in ${GIVE_UP_MS / 1000} s)`,
    );
  });
}
