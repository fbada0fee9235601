/**
 * The preview server's HTTP layer in front of its real Payload: only the
 * site's form calls reach Payload (a wrong method is 405 and stores nothing,
 * any other API path is 404, Payload's own routes included); pages are still
 * served and the host's rules file never is; every request is one log line
 * and no log line names a photo; every API answer carries the security
 * headers and is never cached, and a photo is served under a policy that runs
 * nothing; a malformed or huge request target, two Host lines or garbage
 * after a good request are answered and the server goes on; a connection that
 * sends nothing is closed; one client hoarding connections keeps nobody else
 * out; a crowd of bookings is each answered; no answer leaves a file open,
 * however it ends; and with no file descriptor left a request is a 503, after
 * which the server serves again.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { COMMON_HEADERS } from "../../lib/hosting/security-headers";
import { MEDIA_PATH, mediaResponseSchema } from "../../lib/api/schemas";
import { startPreviewProcess } from "../../testing/preview";
import { CONNECTION_LIMITS } from "../connections";
import { clientAddressOf } from "../web";
import {
  booking,
  inquiry,
  jpeg,
  jsonRequest,
  CHILD,
  postJson,
  rawRequest,
  records,
  shareableBase,
  startServer,
  upload,
  type Harness,
} from "./harness";

let h: Harness;
/**
 * a photo of some 10 MB on disk, to download: a stored photo is at most a few megabytes
 * (payload/photos/), so the file of an uploaded one is replaced by a JPEG of noise, which does not compress
 */
let big: { filename: string; url: string };

before(async () => {
  h = await startServer();
  fs.writeFileSync(path.join(h.root, "pristilbud.html"), `<h1>Pristilbud</h1>${"<p>tekst</p>".repeat(2000)}`);
  const answer = await upload(h.origin, await jpeg(), `${shareableBase()}.jpg`);
  assert.equal(answer.status, 201, await answer.clone().text());
  big = mediaResponseSchema.parse(await answer.json()).doc;
  const side = 2400;
  const noise = await sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
  fs.writeFileSync(path.join(h.dataDir, "media", big.filename), noise);
});
after(() => h?.close());

/** Waits for the log line of the answers in flight. */
const logged = () => sleep(50);

test("a wrong method is 405 with Allow, and nothing is stored or deleted", async () => {
  const photo = mediaResponseSchema.parse(
    await (await upload(h.origin, await jpeg(), `${shareableBase()}.jpg`)).json(),
  ).doc;
  const before = await records(h);
  for (const [method, target, allow] of [
    ["GET", "/inquiry", "POST"],
    ["GET", "/api/inquiry", "POST"],
    ["PUT", "/api/contact", "POST"],
    ["DELETE", `${MEDIA_PATH}?where[id][exists]=true`, "POST, GET, HEAD"],
    ["PATCH", MEDIA_PATH, "POST, GET, HEAD"],
    ["DELETE", new URL(photo.url).pathname, "GET, HEAD"],
    ["POST", new URL(photo.url).pathname, "GET, HEAD"],
    ["DELETE", "/", "GET, HEAD"],
  ] as const) {
    const answer = await fetch(`${h.origin}${target}`, {
      method,
      body: ["GET", "DELETE"].includes(method) ? undefined : "{}",
    });
    assert.equal(answer.status, 405, `${method} ${target}`);
    assert.equal(answer.headers.get("allow"), allow, `${method} ${target}`);
    assert.equal(typeof ((await answer.json()) as { error: unknown }).error, "string");
  }
  assert.deepEqual(await records(h), before);
  assert.equal((await fetch(photo.url)).status, 200);
});

test("an unknown API path is 404 JSON; Payload's own routes are 404 here; pages are still served", async () => {
  const unknown = await postJson(h.origin, "/api/finnes-ikke", {});
  assert.equal(unknown.status, 404);
  assert.match(((await unknown.json()) as { error: string }).error, /finnes-ikke/);
  const first = { email: "sjef@example.no", password: "et-langt-passord-123" };
  for (const [method, target, body] of [
    ["GET", "/api/users", undefined],
    ["GET", "/api/users/me", undefined],
    ["POST", "/api/users/first-register", first],
    ["POST", "/api/users/login", first],
    ["POST", "/api/users", first],
    ["GET", "/api/access", undefined],
    ["POST", "/api/graphql", { query: "{ Medias { docs { filename } } }" }],
    ["GET", "/api/payload-preferences", undefined],
    ["GET", "/api/payload-jobs", undefined],
    ["GET", "/api/payload-migrations", undefined],
    ["GET", "/api/media/1", undefined],
    ["POST", "/api/media/1/duplicate", {}],
    ["GET", "/api/contact/1", undefined],
    ["GET", "/api", undefined],
    ["GET", "/admin", undefined],
  ] as const) {
    const answer = await fetch(`${h.origin}${target}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body && JSON.stringify(body),
    });
    assert.equal(answer.status, 404, `${method} ${target}`);
  }
  assert.equal((await h.backend.payload.count({ collection: "users", overrideAccess: true })).totalDocs, 0);
  const page = await fetch(`${h.origin}/`);
  assert.deepEqual([page.status, await page.text()], [200, "<h1>ok</h1>"]);
  const missing = await fetch(`${h.origin}/finnes-ikke`);
  assert.deepEqual([missing.status, await missing.text()], [404, "<h1>Finner ikke siden</h1>"]);
});

test("the host's _headers file is read, never served", async () => {
  fs.writeFileSync(path.join(h.root, "_headers"), "/robots.txt\n  X-Robots-Tag: noindex\n");
  fs.writeFileSync(path.join(h.root, "robots.txt"), "User-agent: *\n");
  const rules = await fetch(`${h.origin}/_headers`);
  assert.equal(rules.status, 404);
  assert.ok(!(await rules.text()).includes("X-Robots-Tag"));
  const robots = await fetch(`${h.origin}/robots.txt`);
  assert.deepEqual([robots.status, robots.headers.get("x-robots-tag")], [200, "noindex"]);
});

test("one log line per request, and no log line names a photo", async () => {
  await logged();
  h.logLines.length = 0;
  await postJson(h.origin, "/inquiry", "{");
  await logged();
  assert.equal(h.logLines.length, 1, h.logLines.join("\n"));
  assert.match(h.logLines[0]!, /^POST \/inquiry 400 \d+ms$/);

  h.logLines.length = 0;
  const answer = await upload(h.origin, await jpeg(), `${shareableBase()}.jpg`);
  const photo = mediaResponseSchema.parse(await answer.json()).doc;
  const query = new URLSearchParams({ "where[filename][equals]": photo.filename, depth: "0", limit: "1" });
  assert.equal((await fetch(`${h.origin}${MEDIA_PATH}?${query}`)).status, 200);
  assert.equal((await fetch(photo.url)).status, 200);
  assert.equal((await fetch(photo.url, { method: "HEAD" })).status, 200);
  assert.equal((await postJson(h.origin, "/inquiry", inquiry(photo))).status, 201);
  await logged();
  const secret = photo.filename.slice(4, 36);
  assert.deepEqual(
    h.logLines.filter((line) => line.includes(secret)),
    [],
  );
  assert.deepEqual(
    h.logLines.map((line) => line.replace(/ \d+ms$/, "")),
    [
      "POST /api/media?… 201",
      "GET /api/media?… 200",
      "GET /api/media/file/… 200",
      "HEAD /api/media/file/… 200",
      "POST /inquiry 201",
    ],
  );
});

/** Asserts the headers every answer that is not a page carries. */
function assertApiHeaders(answer: Response, what: string) {
  for (const [name, value] of COMMON_HEADERS) assert.equal(answer.headers.get(name), value, `${what}: ${name}`);
  assert.equal(answer.headers.get("cache-control"), "no-store", what);
  assert.match(answer.headers.get("content-security-policy") ?? "", /default-src 'none'/, what);
}

test("every API answer, Payload's and the server's own, carries the security headers and is never cached", async () => {
  const answers: [string, Response][] = [
    ["booking 201", await postJson(h.origin, "/api/contact", booking())],
    ["booking 400", await postJson(h.origin, "/api/contact", { email: "x" })],
    ["quote 400", await postJson(h.origin, "/inquiry", "{")],
    ["listing 403", await fetch(`${h.origin}${MEDIA_PATH}`)],
    ["find 200", await fetch(`${h.origin}${MEDIA_PATH}?where[filename][equals]=${shareableBase()}.jpg`)],
    ["upload 201", await upload(h.origin, await jpeg(), `${shareableBase()}.jpg`)],
    ["upload 415", await upload(h.origin, Buffer.from("ikke et bilde"), "x.jpg")],
    ["unknown 404", await fetch(`${h.origin}/api/finnes-ikke`)],
    ["method 405", await fetch(`${h.origin}/inquiry`)],
    ["no photo 404", await fetch(`${h.origin}/api/media/file/${shareableBase()}.jpg`)],
  ];
  for (const [what, answer] of answers) {
    assertApiHeaders(answer, what);
    await answer.arrayBuffer();
  }
});

test("a photo is served as an image under a policy that runs nothing and is framed nowhere, kept in no cache", async () => {
  const served = await fetch(big.url);
  assert.equal(served.status, 200);
  assert.equal(served.headers.get("content-type"), "image/jpeg");
  assert.equal(served.headers.get("x-content-type-options"), "nosniff");
  assert.equal(served.headers.get("content-security-policy"), "default-src 'none'; frame-ancestors 'none'; sandbox");
  assert.equal(served.headers.get("cache-control"), "private, no-store");
  for (const [name, value] of COMMON_HEADERS) assert.equal(served.headers.get(name), value, name);
  assert.equal((await served.arrayBuffer()).byteLength, fs.statSync(path.join(h.dataDir, "media", big.filename)).size);
});

const PAGE = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";

test("a malformed request target is 400, a very long one 414, and the server goes on", async () => {
  const cases: [string, string, number][] = [
    ["an empty authority", "GET // HTTP/1.1\r\nHost: x\r\n\r\n", 200],
    ["a broken IPv6 authority", "GET //[ HTTP/1.1\r\nHost: x\r\n\r\n", 404],
    ["an absolute target with a bad port", "GET http://x:99999/ HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["an encoded percent", "GET /50%25 HTTP/1.1\r\nHost: x\r\n\r\n", 404],
    ["a broken escape in a photo's name", "GET /api/media/file/%E0.jpg HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["a broken escape in a page path", "GET /%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["a NUL byte", "GET /%00 HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["a backslash", "GET /api/media/file/..%5Cpayload.db HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["a climb out of the root", "GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 404],
    ["a climb out of the photos", "GET /api/media/file/..%2F..%2Fpayload.db HTTP/1.1\r\nHost: x\r\n\r\n", 404],
    ["an asterisk target", "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["an 8,000-character path", `GET /${"a".repeat(8000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414],
    [
      "a 3,000-character find",
      `GET /api/media?where[filename][equals]=${"a".repeat(3000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      414,
    ],
    ["no HTTP at all", "HELLO\r\n\r\n", 400],
  ];
  for (const [what, request, status] of cases) {
    assert.equal(await rawRequest(h.port, request), status, what);
    assert.equal(await rawRequest(h.port, PAGE), 200, `after ${what}`);
  }
});

test("a request with two Host lines is 400", async () => {
  const before = await records(h);
  const json = JSON.stringify(booking());
  const request = jsonRequest("/api/contact", json).replace("\r\n", "\r\nHost: evil.example\r\n");
  assert.equal(await rawRequest(h.port, request), 400);
  assert.equal(
    await rawRequest(h.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"),
    400,
  );
  assert.deepEqual(await records(h), before);
});

/** Sends `bytes` on a connection of its own and resolves with all it hears until the server closes it. */
function conversation(port: number, bytes: string, giveUpMs = 5_000): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => resolve(text));
    setTimeout(() => socket.destroy(), giveUpMs).unref();
  });
}

test("garbage after a good request: the good one is answered and stored, the garbage logged", async () => {
  await logged();
  h.logLines.length = 0;
  const before = await records(h);
  const answer = await conversation(
    h.port,
    `${jsonRequest("/api/contact", JSON.stringify(booking("søppel")))}\x00\x01GARBAGE\r\n\r\n`,
  );
  // the booking was stored, so its client hears so; then the connection closes
  assert.match(answer, /^HTTP\/1\.1 201 /);
  assert.doesNotMatch(answer, /HTTP\/1\.1 400 /);
  assert.equal((await records(h)).contact, before.contact + 1);
  await logged();
  assert.equal(h.logLines.length, 2, h.logLines.join("\n"));
  assert.match(h.logLines[0]!, /^- \(unreadable request after another: HPE_\w+\) closed after its answer$/);
  assert.match(h.logLines[1]!, /^POST \/api\/contact 201 \d+ms$/);
});

test("a connection that sends nothing is closed once the time for its headers has passed", async () => {
  const limits = { ...CONNECTION_LIMITS, headersMs: 1_500, checkEveryMs: 250 };
  const quick = await startServer({ connections: limits });
  try {
    const socket = net.connect(quick.port, "127.0.0.1");
    socket.on("error", () => {});
    const opened = performance.now();
    await new Promise((resolve) => socket.once("close", resolve));
    const lived = performance.now() - opened;
    // not turned away at once, and not kept: closed by the deadline for its headers
    assert.ok(lived > limits.headersMs - 100, `closed after ${lived} ms`);
    assert.ok(lived < limits.headersMs + 10 * limits.checkEveryMs, `closed after ${lived} ms`);
  } finally {
    await quick.close();
  }
});

/** A request over a connection of its own from `localAddress`, closed after the answer. */
function get(
  urlPath: string,
  headers: Record<string, string> = {},
  localAddress = "127.0.0.1",
  method = "GET",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: h.port, path: urlPath, headers, localAddress, method, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("latin1");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error("no answer within 10 s")));
    req.on("error", reject);
    req.end();
  });
}

test("300 idle connections from one address keep no other visitor out; a request past its share hears 503", async () => {
  const hoard: net.Socket[] = [];
  try {
    for (let n = 0; n < 300; n++) {
      const socket = net.connect(h.port, "127.0.0.1");
      socket.on("error", () => {});
      hoard.push(socket);
    }
    await Promise.all(
      hoard.map((s) => new Promise((resolve) => (s.connecting ? s.once("connect", resolve) : resolve(0)))),
    );
    await sleep(100);
    const visitor = await get("/", {}, "127.0.0.2");
    assert.deepEqual([visitor.status, visitor.body], [200, "<h1>ok</h1>"]);
    const booked = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: h.port,
          path: "/api/contact",
          method: "POST",
          localAddress: "127.0.0.2",
          agent: false,
        },
        (res) => resolve(res.resume() && res.statusCode!),
      );
      req.setHeader("Content-Type", "application/json");
      req.on("error", reject);
      req.end(JSON.stringify(booking("naboen")));
    });
    assert.equal(booked, 201);
    // a request on one of the hoarder's connections past its share is answered, never dropped
    const extra = hoard.at(-1)!;
    const answer = await new Promise<string>((resolve) => {
      let text = "";
      extra.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
      extra.on("close", () => resolve(text));
      extra.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    });
    assert.match(answer, /^HTTP\/1\.1 503 /);
    assert.match(answer, /\r\nRetry-After: \d+\r\n/i);
  } finally {
    for (const socket of hoard) socket.destroy();
  }
});

/** The server's open connections. */
const connections = (on: Harness) =>
  new Promise<number>((resolve, reject) => on.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));

/**
 * Opens a connection for each request, then, once the server holds them all, sends each on its
 * own: the status each hears.
 */
async function burst(on: Harness, requests: string[]): Promise<number[]> {
  const sockets = requests.map(() => net.connect(on.port, "127.0.0.1"));
  assert.ok(await until(async () => (await connections(on)) >= requests.length), "the server took every connection");
  return Promise.all(
    sockets.map(
      (socket, n) =>
        new Promise<number>((resolve) => {
          let text = "";
          const done = () => {
            socket.destroy();
            resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0));
          };
          socket.on("data", (chunk: Buffer) => {
            text += chunk.toString("latin1");
            if (/^HTTP\/1\.1 \d{3}/.test(text)) done();
          });
          socket.on("error", done);
          socket.on("close", done);
          socket.setTimeout(20_000, done);
          socket.write(requests[n]!);
        }),
    ),
  );
}

test("300 bookings sent at once from one address: each is answered, 201 or 503, and each 201 is stored", async () => {
  await sleep(500); // the hoard of the test before has gone
  const before = await records(h);
  const requests = Array.from({ length: 300 }, (_, n) =>
    jsonRequest("/api/contact", JSON.stringify(booking(`mengde ${n}`))),
  );
  const statuses = await burst(h, requests);
  assert.deepEqual(
    statuses.filter((s) => s !== 201 && s !== 503),
    [],
  );
  const stored = statuses.filter((s) => s === 201).length;
  // past its share the address is told to wait, and the rest are stored
  assert.ok(stored > 0 && stored < 300, `${stored} stored`);
  assert.equal((await records(h)).contact, before.contact + stored);
});

/** This process's open file descriptors (the server runs in it). */
const openFiles = () => fs.readdirSync("/proc/self/fd").length;

/** How many of this process's open descriptors are files under `dir`. */
function openIn(dir: string): number {
  let count = 0;
  for (const fd of fs.readdirSync("/proc/self/fd")) {
    const target = (() => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return "";
      }
    })();
    if (target.startsWith(`${dir}/`)) count++;
  }
  return count;
}

/** Waits (a while) until `done()` holds, and tells whether it did. */
async function until(done: () => boolean | Promise<boolean>, ms = 5_000): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 100) {
    if (await done()) return true;
    await sleep(100);
  }
  return done();
}

test("1,000 revalidations of a page, HEADs, 404s and whole downloads of a photo leave no file open", async () => {
  const small = mediaResponseSchema.parse(
    await (await upload(h.origin, await jpeg(), `${shareableBase()}.jpg`)).json(),
  ).doc;
  const first = await get("/pristilbud");
  assert.equal(first.status, 200);
  const etag = first.headers.etag!;
  assert.ok(etag);
  await sleep(200);
  const before = openFiles();
  for (let batch = 0; batch < 50; batch++) {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/pristilbud", { "If-None-Match": etag })));
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(20).fill(304),
    );
  }
  for (let n = 0; n < 50; n++) {
    assert.equal((await get("/pristilbud", {}, "127.0.0.1", "HEAD")).status, 200);
    assert.equal((await get(`/finnes-ikke-${n}`)).status, 404);
    assert.equal((await get(new URL(big.url).pathname, {}, "127.0.0.1", "HEAD")).status, 200);
    assert.equal((await get(new URL(small.url).pathname)).status, 200);
  }
  assert.ok(await until(() => openIn(h.root) === 0 && openIn(path.join(h.dataDir, "media")) === 0));
  assert.ok(await until(() => openFiles() <= before), `${openFiles() - before} more open`);
});

/** Starts a download of the big photo on a raw socket; the caller reads or destroys it. */
function download(port = h.port, filename = big.filename): net.Socket {
  const socket = net.connect(port, "127.0.0.1", () =>
    socket.write(`GET /api/media/file/${filename} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
  );
  socket.on("error", () => {});
  return socket;
}

test("100 downloads of a photo cut off after their first bytes leave no file open", async () => {
  await sleep(200);
  const before = openFiles();
  for (let n = 0; n < 100; n++) {
    const socket = download();
    await new Promise<void>((resolve) => {
      socket.once("data", () => resolve());
      socket.once("close", () => resolve());
    });
    socket.destroy();
  }
  assert.ok(await until(() => openIn(path.join(h.dataDir, "media")) === 0), "a photo is still open");
  assert.ok(await until(() => openFiles() <= before), `${openFiles() - before} more open`);
});

test("a slow reader of a photo holds one file while it reads, and none once it has gone", async () => {
  const media = path.join(h.dataDir, "media");
  await sleep(200);
  const before = openFiles();
  const socket = download();
  socket.pause();
  let read = 0;
  // a trickle: a little every 50 ms, for a second
  for (let n = 0; n < 20; n++) {
    await sleep(50);
    read += (socket.read(16 * 1024) as Buffer | null)?.length ?? 0;
  }
  assert.ok(read > 0);
  assert.equal(openIn(media), 1);
  socket.destroy();
  assert.ok(await until(() => openIn(media) === 0), "the photo is still open");
  assert.ok(await until(() => openFiles() <= before), `${openFiles() - before} more open`);
});

test("a reader that stops reading a photo is cut off once nothing has moved for a while, and its file closed", async () => {
  const quick = await startServer({ connections: { ...CONNECTION_LIMITS, idleMs: 1_000 } });
  try {
    // stored through Payload's own API: a second's pause on an upload's socket would cut it off here
    const data = fs.readFileSync(path.join(h.dataDir, "media", big.filename));
    const small = await jpeg();
    const file = { data: small, mimetype: "image/jpeg", name: `${shareableBase()}.jpg`, size: small.length };
    const photo = await quick.backend.payload.create({ collection: "media", data: {}, file, overrideAccess: true });
    fs.writeFileSync(path.join(quick.dataDir, "media", photo.filename!), data);
    const media = path.join(quick.dataDir, "media");
    const socket = download(quick.port, photo.filename!);
    socket.pause(); // reads nothing: the server's writes back up and stop
    await sleep(300);
    assert.equal(openIn(media), 1, "the photo is open while it is sent");
    assert.equal(await connections(quick), 1);
    // the server closes its end of the connection, and the file with it
    assert.ok(await until(async () => openIn(media) === 0 && (await connections(quick)) === 0));
    socket.destroy();
  } finally {
    await quick.close();
  }
});

/** Sends a page request on `socket` and resolves with what it hears up to the end of the headers. */
const ask = (socket: net.Socket) =>
  new Promise<string>((resolve) => {
    let text = "";
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("latin1");
      if (text.includes("\r\n\r\n")) resolve(text);
    });
    socket.on("close", () => resolve(text));
    socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  });

test("out of file descriptors: a page is 503 and one log line; the server stays up and serves again", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-emfile-"));
  const server = await startPreviewProcess({ dataDir, entry: CHILD }).catch((error: unknown) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const held: net.Socket[] = [];
  try {
    const pid = server.process.pid!;
    const asker = net.connect(server.port, "127.0.0.1");
    await new Promise((resolve) => asker.once("connect", resolve));
    await sleep(200);
    // a file limit just above what the server holds now: holding connections reaches it
    const open = fs.readdirSync(`/proc/${pid}/fd`).length;
    execFileSync("prlimit", [`--pid=${pid}`, `--nofile=${open + 20}:${open + 20}`]);
    for (let n = 0; n < 60; n++) {
      const socket = net.connect(server.port, "127.0.0.1");
      socket.on("error", () => {});
      held.push(socket);
      await new Promise((resolve) => socket.once("connect", resolve));
      await sleep(5);
    }
    assert.match(await ask(asker), /^HTTP\/1\.1 503 /);
    await sleep(200);
    const errors = server
      .output()
      .split("\n")
      .filter((line) => /^error at GET \//.test(line));
    assert.equal(errors.length, 1, server.output());
    assert.match(errors[0]!, /EMFILE/);
    assert.equal(server.process.exitCode, null);

    for (const socket of held) socket.destroy();
    await sleep(500);
    const again = net.connect(server.port, "127.0.0.1");
    assert.match(await ask(again), /^HTTP\/1\.1 200 /);
    again.destroy();
    asker.destroy();
  } finally {
    for (const socket of held) socket.destroy();
    await server.stop("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("the client's address: its connection's, unless that is a trusted proxy, which names it last in X-Forwarded-For", () => {
  const request = (remoteAddress: string, forwardedFor?: string) =>
    ({
      socket: { remoteAddress },
      headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
    }) as unknown as http.IncomingMessage;
  const proxy = ["10.0.0.5"];
  assert.equal(clientAddressOf(request("::ffff:203.0.113.9", "198.51.100.1"), proxy), "203.0.113.9");
  assert.equal(clientAddressOf(request("::ffff:10.0.0.5", "198.51.100.1, 203.0.113.7"), proxy), "203.0.113.7");
  assert.equal(clientAddressOf(request("10.0.0.5"), proxy), "10.0.0.5", "a proxy that names nobody is the client");
  assert.equal(clientAddressOf(request("2001:db8::1", "198.51.100.1")), "2001:db8::1");
});
