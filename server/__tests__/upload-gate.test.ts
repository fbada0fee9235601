/**
 * The upload gate cannot be wedged: slow clients lose their place at the
 * upload deadline (their sockets destroyed), clients that give up while
 * queued leave the queue (or, when TCP held their body back, end at their
 * turn), and the next upload is stored.
 */
import net from "node:net";
import path from "node:path";
import { Gate } from "../api/gate";
import { ClientGone } from "../api/http";
import { isTempName } from "../api/store";
import { filesIn, jpeg, startServer, uploadRequest, type Harness } from "./helpers/harness";

const DEADLINE = { graceMs: 500, minBytesPerSecond: 2048, maxMs: 3000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client that sends the headers of an upload, then one byte every 2 s; `closed` resolves when the server hangs up. */
function slowClient(port: number, request: Buffer) {
  const head = request.indexOf("\r\n\r\n") + 4;
  let sent = head;
  let answer = "";
  const socket = net.connect(port, "127.0.0.1", () => socket.write(request.subarray(0, head)));
  socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
  socket.on("error", () => {});
  const timer = setInterval(() => socket.writable && socket.write(request.subarray(sent, ++sent)), 2000);
  const closed = new Promise<string>((resolve) =>
    socket.on("close", () => {
      clearInterval(timer);
      resolve(answer);
    }),
  );
  return { closed, end: () => socket.destroy() };
}

/** A client that sends a whole upload and hangs up after `ms` without reading the answer. */
function abandonedClient(port: number, request: Buffer, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    socket.on("error", () => {});
    setTimeout(() => {
      socket.destroy();
      resolve();
    }, ms);
  });
}

async function upload(h: Harness, name: string): Promise<number> {
  const form = new FormData();
  form.append("_payload", "{}");
  form.append("file", new Blob([new Uint8Array(await jpeg())]), name);
  const response = await fetch(`${h.origin}/api/media`, {
    method: "POST",
    body: form,
    signal: AbortSignal.timeout(8000),
  });
  return response.status;
}

/** Resolves once the server holds `count` open connections (a client's hang-up reaches it asynchronously). */
async function untilConnections(h: Harness, count: number) {
  const open = () =>
    new Promise<number>((resolve, reject) => h.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));
  const until = Date.now() + 5000;
  while ((await open()) !== count) {
    if (Date.now() > until) throw new Error(`the server still holds ${await open()} connections, not ${count}`);
    await sleep(20);
  }
}

const tempFiles = (h: Harness) => filesIn(h.dataDir).filter((f) => isTempName(path.basename(f)));

test("4 slow clients and 8 abandoned queued ones: the slow ones are cut off at the deadline, the next upload is stored", async () => {
  const h = await startServer({
    uploadDeadline: DEADLINE,
    uploadGate: { active: 4, queued: 64, maxWaitMs: 60_000, retryAfterSeconds: 2 },
  });
  const request = uploadRequest(await jpeg(), "treg.jpg");
  const slow = Array.from({ length: 4 }, () => slowClient(h.port, request));
  try {
    await sleep(200);
    await Promise.all(Array.from({ length: 8 }, () => abandonedClient(h.port, request, 300)));
    const started = performance.now();
    // every slow client's socket is destroyed by the server at the deadline, with no answer
    expect(await Promise.all(slow.map((client) => client.closed))).toEqual(["", "", "", ""]);
    expect(performance.now() - started).toBeLessThan(DEADLINE.maxMs + 1000);
    expect(await upload(h, "fersk.jpg")).toBe(201);
    expect(filesIn(path.join(h.dataDir, "media"))).toEqual(["fersk.jpg"]);
    expect(tempFiles(h)).toEqual([]);
  } finally {
    for (const client of slow) client.end();
    await h.close();
  }
}, 20_000);

test("with the server's own gate, 4 slow clients hold up nobody: a fresh upload is stored at once", async () => {
  const h = await startServer();
  const slow = Array.from({ length: 4 }, () =>
    slowClient(h.port, uploadRequest(Buffer.alloc(1024 * 1024), "treg.jpg")),
  );
  try {
    await sleep(200);
    expect(await upload(h, "fersk.jpg")).toBe(201);
  } finally {
    for (const client of slow) client.end();
    await h.close();
  }
});

test("an upload that waits past its time for a place is told 503 with Retry-After, and can try again", async () => {
  const maxWaitMs = 600;
  const h = await startServer({ uploadGate: { active: 1, queued: 4, maxWaitMs, retryAfterSeconds: 3 } });
  const slow = slowClient(h.port, uploadRequest(await jpeg(), "treg.jpg"));
  try {
    await sleep(200);
    const form = new FormData();
    form.append("_payload", "{}");
    form.append("file", new Blob([new Uint8Array(await jpeg())]), "venter.jpg");
    const started = performance.now();
    const answer = await fetch(`${h.origin}/api/media`, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(8000),
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("3");
    expect(performance.now() - started).toBeGreaterThanOrEqual(maxWaitMs - 50);
    slow.end();
    expect(await upload(h, "igjen.jpg")).toBe(201);
  } finally {
    slow.end();
    await h.close();
  }
});

test("a queued client that gives up leaves the queue at once: the next upload waits its turn instead of a 503", async () => {
  // a longer grace: the slow client keeps its place until well after the queued one has gone, however
  // busy the machine, so the next upload is queued behind it and is admitted only at its deadline
  const deadline = { ...DEADLINE, graceMs: 3000, maxMs: 6000 };
  const h = await startServer({
    uploadDeadline: deadline,
    uploadGate: { active: 1, queued: 1, maxWaitMs: 60_000, retryAfterSeconds: 1 },
  });
  const request = uploadRequest(await jpeg(), "treg.jpg");
  const slow = slowClient(h.port, request);
  try {
    await sleep(200);
    // a small upload: the server has read all of it, so it sees the connection close while it waits
    await abandonedClient(h.port, uploadRequest(await jpeg(), "borte.jpg"), 300);
    await untilConnections(h, 1); // the server has seen the abandoned client go: only the slow one is left
    expect(await upload(h, "fersk.jpg")).toBe(201);
    expect(await slow.closed).toBe("");
    expect(filesIn(path.join(h.dataDir, "media"))).toEqual(["fersk.jpg"]);
  } finally {
    slow.end();
    await h.close();
  }
}, 20_000);

test("a queued client that gave up during a large upload ends at its turn: the upload behind it is stored", async () => {
  // a longer grace, as above: the large upload's client has gone well before its turn comes
  const deadline = { ...DEADLINE, graceMs: 3000, maxMs: 6000 };
  const h = await startServer({
    uploadDeadline: deadline,
    uploadGate: { active: 1, queued: 2, maxWaitMs: 60_000, retryAfterSeconds: 1 },
  });
  const slow = slowClient(h.port, uploadRequest(await jpeg(), "treg.jpg"));
  try {
    await sleep(200);
    // TCP holds back most of this body while it waits, so the server learns that its client has
    // gone only when its turn comes and it reads the body
    const big = uploadRequest(Buffer.concat([await jpeg(), Buffer.alloc(3 * 1024 * 1024, 1)]), "stor.jpg");
    await abandonedClient(h.port, big, 300);
    const started = performance.now();
    expect(await upload(h, "fersk.jpg")).toBe(201);
    expect(performance.now() - started).toBeLessThan(deadline.maxMs + 1000);
    expect(await slow.closed).toBe("");
    // the large one is stored only when all of its body had reached this machine before its client
    // hung up (the operating system delivers what it has buffered); either way nothing is left half
    expect(filesIn(path.join(h.dataDir, "media"))).toContain("fersk.jpg");
    expect(tempFiles(h)).toEqual([]);
  } finally {
    slow.end();
    await h.close();
  }
}, 20_000);

describe("Gate", () => {
  test("a waiter whose signal aborts leaves the queue and never runs; a gone client is never queued", async () => {
    const gate = new Gate({ active: 1, queued: 1, maxWaitMs: 60_000, retryAfterSeconds: 1 });
    let release!: () => void;
    const first = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const client = new AbortController();
    let ran = false;
    const waiting = gate.run(async () => {
      ran = true;
    }, client.signal);
    expect(gate.load).toEqual({ running: 1, waiting: 1 });
    client.abort();
    await expect(waiting).rejects.toBeInstanceOf(ClientGone);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    await expect(gate.run(async () => 1, AbortSignal.abort())).rejects.toBeInstanceOf(ClientGone);
    release();
    await first;
    expect(ran).toBe(false);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
