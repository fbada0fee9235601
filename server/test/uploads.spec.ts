/**
 * Uploads through the preview server's gate to its real Payload: slow,
 * stalled and abandoned uploads never keep a fresh one from being stored in
 * time; a client that trickles its body is cut off at the body's deadline; an
 * upload that waits too long for a place hears 503 with Retry-After; a queued
 * client that gives up leaves the queue; a crowd uploading one name from one
 * address, trying again after each 503 as the site does, is each stored under
 * a name of its own and served back as its own image; an upload
 * cut off inside its file stores nothing and leaves no temporary file; and no
 * generated or cut-off request gets a 5xx (but a deliberate 503) or stops
 * the server.
 */
import assert from "node:assert/strict";
import net from "node:net";
import path from "node:path";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import fc from "fast-check";
import sharp from "sharp";
import { mediaResponseSchema } from "../../lib/api/schemas";
import {
  filesIn,
  jpeg,
  jsonRequest,
  rawRequest,
  records,
  shareableBase,
  startServer,
  upload,
  uploadRequest,
  type Harness,
} from "./harness";

/** A short body deadline, so a slow client loses its place within seconds. */
const DEADLINE = { graceMs: 500, minBytesPerSecond: 2048, maxMs: 3000 };
const PAGE = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";

const crashes: unknown[] = [];
const onCrash = (error: unknown) => crashes.push(error);
before(() => {
  process.on("unhandledRejection", onCrash);
  process.on("uncaughtException", onCrash);
});
after(() => {
  process.off("unhandledRejection", onCrash);
  process.off("uncaughtException", onCrash);
});

/** A client that sends an upload's headers, then `bytes` every `everyMs`; `closed` resolves with what it heard. */
function slowClient(port: number, request: Buffer, everyMs = 2000, bytes = 1) {
  const head = request.indexOf("\r\n\r\n") + 4;
  let sent = head;
  let answer = "";
  const socket = net.connect(port, "127.0.0.1", () => socket.write(request.subarray(0, head)));
  socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
  socket.on("error", () => {});
  const timer = setInterval(() => socket.writable && socket.write(request.subarray(sent, (sent += bytes))), everyMs);
  const opened = performance.now();
  const closed = new Promise<{ answer: string; ms: number }>((resolve) =>
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ answer, ms: performance.now() - opened });
    }),
  );
  return { closed, end: () => socket.destroy() };
}

/** A client that sends the first `bytes` of a request, then nothing; `closed` resolves when the server hangs up. */
function stalledClient(port: number, request: Buffer, bytes: number) {
  const socket = net.connect(port, "127.0.0.1", () => socket.write(request.subarray(0, bytes)));
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
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

/** Temporary files in the photos' folder (hidden, as the plugin writes them). */
const tempFiles = (h: Harness) =>
  filesIn(path.join(h.dataDir, "media")).filter((f) => path.basename(f).startsWith("."));

/** An upload with fetch that must be answered within `ms`: its status and the time it took. */
async function fresh(h: Harness, name: string, ms = 30_000) {
  const started = performance.now();
  const answer = await upload(h.origin, await jpeg(), name, AbortSignal.timeout(ms));
  await answer.arrayBuffer();
  return { status: answer.status, ms: performance.now() - started, retryAfter: answer.headers.get("retry-after") };
}

test("with the server's own gate, 4 slow uploads hold up nobody: a fresh upload is stored at once", async () => {
  const h = await startServer();
  const slow = Array.from({ length: 4 }, () =>
    slowClient(h.port, uploadRequest(Buffer.alloc(1024 * 1024), "treg.jpg")),
  );
  try {
    await sleep(200);
    const name = `${shareableBase()}.jpg`;
    assert.equal((await fresh(h, name, 5_000)).status, 201);
    assert.deepEqual(filesIn(path.join(h.dataDir, "media")), [name]);
  } finally {
    for (const client of slow) client.end();
    await h.close();
  }
});

test("slow, stalled and abandoned uploads in every place: each slow one is cut off, a fresh upload is 201 within 30 s", async () => {
  const h = await startServer({
    uploadDeadline: DEADLINE,
    uploadGate: { active: 2, queued: 16, maxWaitMs: 60_000, retryAfterSeconds: 2 },
  });
  const request = uploadRequest(await jpeg(), "treg.jpg");
  const slow = Array.from({ length: 3 }, () => slowClient(h.port, request));
  const stalled = stalledClient(h.port, request, request.length - 100);
  try {
    await sleep(200);
    await Promise.all(Array.from({ length: 8 }, () => abandonedClient(h.port, request, 300)));
    const name = `${shareableBase()}.jpg`;
    const answer = await fresh(h, name);
    assert.equal(answer.status, 201);
    // every slow or stalled client's connection is closed by the server, with no answer
    const ends = await Promise.all(slow.map((client) => client.closed));
    assert.deepEqual(
      ends.map((end) => end.answer),
      ["", "", ""],
    );
    await stalled.closed;
    assert.deepEqual(filesIn(path.join(h.dataDir, "media")), [name]);
    assert.equal((await records(h)).media, 1);
    assert.deepEqual(tempFiles(h), []);
  } finally {
    for (const client of [...slow, stalled]) client.end();
    await h.close();
  }
});

test("the body's deadline cuts off a client that trickles, and one that is steady but too slow", async () => {
  const h = await startServer({ uploadDeadline: DEADLINE });
  try {
    const trickler = slowClient(h.port, uploadRequest(await jpeg(), "treg.jpg"), 100);
    // some 2.5 KB a second, above the least rate, for a body that takes longer than the longest time
    const steady = slowClient(h.port, uploadRequest(Buffer.alloc(24 * 1024, 1), "jevn.jpg"), 100, 256);
    const [trickled, slowed] = await Promise.all([trickler.closed, steady.closed]);
    assert.equal(trickled.answer, "");
    assert.ok(trickled.ms < DEADLINE.maxMs, `the trickler was cut off after ${trickled.ms} ms`);
    assert.equal(slowed.answer, "");
    assert.ok(slowed.ms >= DEADLINE.maxMs - 100 && slowed.ms < DEADLINE.maxMs + 1500, `after ${slowed.ms} ms`);
    assert.deepEqual(await records(h), { media: 0, contact: 0, inquiries: 0, files: [] });
    assert.equal((await fresh(h, `${shareableBase()}.jpg`)).status, 201);
  } finally {
    await h.close();
  }
});

test("an upload that waits past its time for a place hears 503 with Retry-After, and can try again", async () => {
  const maxWaitMs = 600;
  const h = await startServer({ uploadGate: { active: 1, queued: 4, maxWaitMs, retryAfterSeconds: 3 } });
  const slow = slowClient(h.port, uploadRequest(await jpeg(), "treg.jpg"));
  try {
    await sleep(200);
    const waited = await fresh(h, `${shareableBase()}.jpg`, 8_000);
    assert.deepEqual([waited.status, waited.retryAfter], [503, "3"]);
    assert.ok(waited.ms >= maxWaitMs - 50, `answered after ${waited.ms} ms`);
    assert.equal((await records(h)).media, 0);
    slow.end();
    const name = `${shareableBase()}.jpg`;
    assert.equal((await fresh(h, name)).status, 201);
    assert.deepEqual(filesIn(path.join(h.dataDir, "media")), [name]);
  } finally {
    slow.end();
    await h.close();
  }
});

test("a queued client that gives up leaves the queue: the next upload waits its turn instead of a 503", async () => {
  // a longer grace: the slow client keeps its place until well after the queued one has gone
  const deadline = { ...DEADLINE, graceMs: 3000, maxMs: 6000 };
  const h = await startServer({
    uploadDeadline: deadline,
    uploadGate: { active: 1, queued: 1, maxWaitMs: 60_000, retryAfterSeconds: 1 },
  });
  const slow = slowClient(h.port, uploadRequest(await jpeg(), "treg.jpg"));
  try {
    await sleep(200);
    // a small upload: the server has read all of it, so it sees the connection close while it waits
    await abandonedClient(h.port, uploadRequest(await jpeg(), `${shareableBase()}.jpg`), 300);
    await untilConnections(h, 1); // only the slow one is left
    const name = `${shareableBase()}.jpg`;
    assert.equal((await fresh(h, name)).status, 201);
    assert.equal((await slow.closed).answer, "");
    assert.deepEqual(filesIn(path.join(h.dataDir, "media")), [name]);
  } finally {
    slow.end();
    await h.close();
  }
});

test("a queued client that gave up during a large upload ends at its turn: the upload behind it is stored", async () => {
  const deadline = { ...DEADLINE, graceMs: 3000, maxMs: 6000 };
  const h = await startServer({
    uploadDeadline: deadline,
    uploadGate: { active: 1, queued: 2, maxWaitMs: 60_000, retryAfterSeconds: 1 },
  });
  const slow = slowClient(h.port, uploadRequest(await jpeg(), "treg.jpg"));
  try {
    await sleep(200);
    // TCP holds back most of this body while it waits, so the server learns its client has gone
    // only when its turn comes and it reads the body
    const large = uploadRequest(Buffer.concat([await jpeg(), Buffer.alloc(3 * 1024 * 1024, 1)]), "stor.jpg");
    await abandonedClient(h.port, large, 300);
    const name = `${shareableBase()}.jpg`;
    const answer = await fresh(h, name);
    assert.equal(answer.status, 201);
    assert.ok(answer.ms < deadline.maxMs + 2000, `stored after ${answer.ms} ms`);
    assert.equal((await slow.closed).answer, "");
    assert.ok(filesIn(path.join(h.dataDir, "media")).includes(name));
    assert.deepEqual(tempFiles(h), []);
  } finally {
    slow.end();
    await h.close();
  }
});

let h: Harness;
before(async () => {
  h = await startServer();
});
after(() => h?.close());

test("20 uploads of one name at once, each tried again after a 503 as the site does: all 201, 20 names, each served back as its own image", async () => {
  const base = shareableBase();
  const files = await Promise.all(Array.from({ length: 20 }, (_, n) => jpeg(n * 10)));
  // one address has only a few re-encodes queued at once (payload/photos/upload.ts): the rest hear 503 and wait
  const answers = await Promise.all(
    files.map(async (bytes) => {
      for (let attempt = 1; ; attempt++) {
        const response = await upload(h.origin, bytes, `${base}.jpg`);
        const answer = { status: response.status, body: await response.text() };
        if (answer.status !== 503 || attempt === 10) return answer;
        await sleep(Number(response.headers.get("retry-after")) * 1000 || 1000);
      }
    }),
  );
  assert.deepEqual(
    answers.map((a) => a.status),
    Array(20).fill(201),
    answers.find((a) => a.status !== 201)?.body,
  );
  const docs = answers.map((a) => mediaResponseSchema.parse(JSON.parse(a.body)).doc);
  assert.equal(new Set(docs.map((d) => d.filename)).size, 20);
  assert.ok(docs.some((d) => d.filename === `${base}.jpg`));
  // each upload's own colour (its green channel, n × 10) comes back under its name
  for (const [n, doc] of docs.entries()) {
    const served = await fetch(doc.url);
    assert.equal(served.status, 200);
    const green = (await sharp(Buffer.from(await served.arrayBuffer())).stats()).channels[1]!.mean;
    assert.ok(Math.abs(green - n * 10) < 4, `${doc.filename}: green ${green}, sent ${n * 10}`);
  }
  assert.deepEqual(tempFiles(h), []);
});

test("a multipart upload cut off inside its file: no crash, nothing stored, no temporary file, its place freed", async () => {
  // one place: an upload that kept it after its client went would keep every later one out
  const one = await startServer({ uploadGate: { active: 1, queued: 4, maxWaitMs: 5_000, retryAfterSeconds: 1 } });
  try {
    const full = uploadRequest(await jpeg(), `${shareableBase()}.jpg`);
    for (const cut of [full.length - 200, full.length - 30, full.indexOf("\xff\xd8", 0, "latin1") + 10]) {
      assert.equal(await rawRequest(one.port, full.subarray(0, cut), 300), 0);
    }
    await sleep(300);
    assert.deepEqual(await records(one), { media: 0, contact: 0, inquiries: 0, files: [] });
    assert.deepEqual(tempFiles(one), []);
    // a client that went is no error of the server's
    assert.deepEqual(
      one.logLines.filter((line) => /^error at/.test(line)),
      [],
    );
    assert.equal(await rawRequest(one.port, PAGE), 200);
    assert.equal((await fresh(one, `${shareableBase()}.jpg`, 10_000)).status, 201);
    assert.deepEqual(crashes, []);
  } finally {
    await one.close();
  }
});

/** Any request at all: an upload or JSON cut off anywhere, or anything in the request line and headers. */
function requests(uploadBytes: Buffer) {
  const token = fc.constantFrom("GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "G\u00e9T", "");
  const segment = fc.oneof(
    fc.constantFrom("", ".", "..", "%", "%25", "%E0", "%00", "[", "]", "api", "media", "file", "inquiry", "contact"),
    fc.string({ maxLength: 12 }),
    fc.stringMatching(/^[A-Za-z0-9%._~-]{0,20}$/),
  );
  const target = fc.oneof(
    fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join("/")}`),
    fc.constantFrom("/api/media", "/api/media/file/x.jpg", "/inquiry", "/api/inquiry", "/api/contact", "*", "//["),
    fc.string({ maxLength: 40 }),
  );
  const query = fc.oneof(
    fc.constant(""),
    fc.string({ maxLength: 30 }).map((q) => `?${q}`),
    fc.constantFrom("?where[filename][equals]=img_0.jpg", "?depth=99&limit=-1", "?where[or][0][id][exists]=true"),
  );
  const header = fc.tuple(
    fc.oneof(
      fc.constantFrom("Content-Type", "Content-Length", "Transfer-Encoding", "Host", "Idempotency-Key"),
      fc.string({ maxLength: 10 }),
    ),
    fc.oneof(
      fc.constantFrom("application/json", "multipart/form-data; boundary=----bulkeklinikken", "chunked", "0", "99999"),
      fc.string({ maxLength: 30 }),
    ),
  );
  const body = fc.oneof(fc.json({ maxDepth: 3 }), fc.string({ maxLength: 200 }));
  return fc.oneof(
    fc.nat({ max: uploadBytes.length }).map((cut) => uploadBytes.subarray(0, cut)),
    fc
      .tuple(fc.constantFrom("/inquiry", "/api/contact", "/api/media"), body, fc.nat({ max: 2000 }))
      .map(([urlPath, json, cut]) => {
        const bytes = Buffer.from(jsonRequest(urlPath, json));
        return bytes.subarray(0, Math.min(bytes.length, cut + 40));
      }),
    fc
      .tuple(token, target, query, fc.array(header, { maxLength: 5 }), body)
      .map(([method, t, q, headers, b]) =>
        Buffer.from(`${method} ${t}${q} HTTP/1.1\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join("")}\r\n${b}`),
      ),
  );
}

test("fuzz: no generated or cut-off request gets a 5xx (but a deliberate 503); nothing stray is left", async () => {
  const statuses: number[] = [];
  await fc.assert(
    fc.asyncProperty(requests(uploadRequest(await jpeg(), "skade.jpg")), async (bytes) => {
      const status = await rawRequest(h.port, bytes, 300);
      statuses.push(status);
      return status < 500 || status === 503;
    }),
    { numRuns: 150 },
  );
  assert.ok(statuses.some((s) => s >= 400 && s < 500));
  await sleep(300);
  assert.deepEqual(tempFiles(h), []);
  assert.equal(await rawRequest(h.port, PAGE), 200);
  assert.equal((await fresh(h, `${shareableBase()}.jpg`)).status, 201);
  assert.deepEqual(
    h.logLines.filter((line) => /^error at/.test(line)),
    [],
  );
  assert.deepEqual(crashes, []);
});
