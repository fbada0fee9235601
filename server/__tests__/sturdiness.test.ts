/**
 * A day of ordinary traffic against the preview server: return visits that
 * revalidate pages, downloads cut off, slow readers, one client hoarding
 * connections, and a process out of file descriptors. The server keeps no
 * file open after an answer, keeps a place for every other visitor, answers
 * every request it refuses, and stays up.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { CONNECTION_LIMITS } from "../connections";
import { rawRequest, startServer, type Harness } from "./helpers/harness";

let h: Harness;

beforeAll(async () => {
  h = await startServer();
  fs.writeFileSync(path.join(h.root, "pristilbud.html"), `<h1>Pristilbud</h1>${"<p>tekst</p>".repeat(2000)}`);
  // a large public file, as a video or a big photo is
  fs.writeFileSync(path.join(h.root, "stor.bin"), Buffer.alloc(10 * 1024 * 1024, 7));
});

afterAll(() => h.close());

/** This process's open file descriptors (the server runs in it). */
const openFiles = () => fs.readdirSync("/proc/self/fd").length;

/** Open descriptors once the answers in flight have settled. */
async function settledFiles(): Promise<number> {
  await sleep(200);
  return openFiles();
}

/** A request over a connection of its own from `localAddress`, closed after the answer. */
function get(
  urlPath: string,
  headers: Record<string, string> = {},
  localAddress = "127.0.0.1",
  method = "GET",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
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
  });
}

describe("no file is left open, however an answer ends", () => {
  test("1,000 revalidations of a page (304), HEADs and 404s leave the open files as they were", async () => {
    const first = await get("/pristilbud");
    expect(first.status).toBe(200);
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();
    const before = await settledFiles();
    for (let batch = 0; batch < 50; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => get("/pristilbud", { "If-None-Match": etag })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(304));
    }
    for (let n = 0; n < 50; n++) {
      expect((await get("/pristilbud", {}, "127.0.0.1", "HEAD")).status).toBe(200);
      expect((await get(`/finnes-ikke-${n}`)).status).toBe(404);
    }
    expect(await settledFiles()).toBeLessThanOrEqual(before);
  });

  test("100 downloads cut off after their first bytes leave the open files as they were", async () => {
    const before = await settledFiles();
    for (let n = 0; n < 100; n++) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(h.port, "127.0.0.1", () =>
          socket.write("GET /stor.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
        );
        socket.once("data", () => {
          socket.destroy();
          resolve();
        });
        socket.on("error", () => resolve());
      });
    }
    expect(await settledFiles()).toBeLessThanOrEqual(before);
  });

  test("a slow reader of a 10 MB file holds one file while it reads, and none once it has gone", async () => {
    const before = await settledFiles();
    const socket = net.connect(h.port, "127.0.0.1", () =>
      socket.write("GET /stor.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
    );
    socket.pause();
    let read = 0;
    // a trickle: a little every 50 ms, for a second
    for (let n = 0; n < 20; n++) {
      await sleep(50);
      const chunk = socket.read(16 * 1024) as Buffer | null;
      read += chunk?.length ?? 0;
    }
    expect(read).toBeGreaterThan(0);
    expect(openFiles() - before).toBeLessThanOrEqual(3); // the two ends of its connection, and the file
    socket.destroy();
    expect(await settledFiles()).toBeLessThanOrEqual(before);
  });
});

describe("a reader that stops reading", () => {
  test("a reader that stops reading is cut off once nothing has moved for a while, and its file closed", async () => {
    const quick = await startServer({ connections: { ...CONNECTION_LIMITS, idleMs: 1_000 } });
    try {
      fs.writeFileSync(path.join(quick.root, "stor.bin"), Buffer.alloc(10 * 1024 * 1024, 7));
      const before = await settledFiles();
      const socket = net.connect(quick.port, "127.0.0.1", () =>
        socket.write("GET /stor.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
      );
      socket.on("error", () => {});
      socket.pause(); // reads nothing: the server's writes back up and stop
      await sleep(300);
      expect(openFiles() - before).toBeGreaterThanOrEqual(2); // the file and the server's end are held
      // the server closes its end and the file; only this client's own end is left
      let left = openFiles() - before;
      for (let waited = 0; waited < 5_000 && left > 1; waited += 100) {
        await sleep(100);
        left = openFiles() - before;
      }
      expect(left).toBeLessThanOrEqual(1);
      socket.destroy();
      expect(await settledFiles()).toBeLessThanOrEqual(before);
    } finally {
      await quick.close();
    }
  }, 15_000);
});

describe("one client cannot keep another out", () => {
  test("300 idle connections from one address: another visitor is served at once; the extra ones hear 503", async () => {
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
      expect([visitor.status, visitor.body]).toEqual([200, "<h1>ok</h1>"]);

      // a request on one of the hoarder's connections past its share is answered, never dropped
      const extra = hoard.at(-1)!;
      const answer = await new Promise<string>((resolve) => {
        let text = "";
        extra.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
        extra.on("close", () => resolve(text));
        extra.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      });
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(answer).toMatch(/\r\nRetry-After: \d+\r\n/i);
    } finally {
      for (const socket of hoard) socket.destroy();
    }
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
      expect(lived).toBeGreaterThan(limits.headersMs - 100);
      expect(lived).toBeLessThan(limits.headersMs + 10 * limits.checkEveryMs);
    } finally {
      await quick.close();
    }
  });

  test("300 bookings sent at once from one address: each is answered, 200 or 503", async () => {
    const body = JSON.stringify({ email: "kari@example.no", phone: "+47 912 34 567", message: "" });
    const request =
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
    const statuses = await Promise.all(Array.from({ length: 300 }, () => rawRequest(h.port, request, 8_000)));
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(200);
  });
});

describe("every answer is logged, and a request names one host", () => {
  test("garbage after a good request on a kept-alive connection: the good one is answered, the garbage logged", async () => {
    h.logLines.length = 0;
    const body = JSON.stringify({ email: "ola@example.no", phone: "+47 912 34 567", message: "" });
    const answer = await new Promise<string>((resolve) => {
      let text = "";
      const socket = net.connect(h.port, "127.0.0.1", () =>
        socket.write(
          `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}\x00\x01GARBAGE\r\n\r\n`,
        ),
      );
      socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
      socket.on("close", () => resolve(text));
      setTimeout(() => socket.destroy(), 3_000).unref();
    });
    // the booking was stored, so its client must hear so; the connection then closes
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).not.toMatch(/HTTP\/1\.1 400 /);
    await sleep(50);
    expect(h.logLines).toEqual([
      expect.stringMatching(/^- \(unreadable request after another: HPE_\w+\) closed after its answer$/),
      expect.stringMatching(/^POST \/api\/contact 200 \d+ms$/),
    ]);
  });

  test("a request with two Host lines is 400", async () => {
    const status = await rawRequest(
      h.port,
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    expect(status).toBe(400);
  });
});

describe("out of file descriptors", () => {
  let child: ChildProcess | undefined;
  afterAll(() => child?.kill("SIGKILL"));

  test("a page that cannot be opened is a 503 and one log line; the server stays up and serves again", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-emfile-"));
    const script = path.join(__dirname, "helpers", "child-server.ts");
    // the server in a process of its own whose file limit is low, so holding connections reaches it
    child = spawn("prlimit", ["--nofile=80:80", process.execPath, "--import", "tsx", script], {
      env: { ...process.env, PREVIEW_DATA_DIR: dataDir },
    });
    const output: string[] = [];
    const port = await new Promise<number>((resolve, reject) => {
      child!.stdout!.on("data", (chunk: Buffer) => {
        output.push(...chunk.toString().split("\n").filter(Boolean));
        const found = output.map((line) => /^PORT (\d+)$/.exec(line)?.[1]).find(Boolean);
        if (found) resolve(Number(found));
      });
      child!.on("exit", (code) => reject(new Error(`the server exited (${code})`)));
    });
    const send = (socket: net.Socket) =>
      new Promise<string>((resolve) => {
        let text = "";
        socket.on("data", (chunk: Buffer) => {
          text += chunk.toString("latin1");
          if (/\r\n\r\n/.test(text)) resolve(text);
        });
        socket.on("close", () => resolve(text));
        socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      });
    const held: net.Socket[] = [];
    try {
      // connections until the server has no descriptor left: the next one is closed at once
      const asker = net.connect(port, "127.0.0.1");
      await new Promise((resolve) => asker.once("connect", resolve));
      for (let n = 0; n < 120; n++) {
        const socket = net.connect(port, "127.0.0.1");
        socket.on("error", () => {});
        held.push(socket);
        await new Promise((resolve) => socket.once("connect", resolve));
        await sleep(5);
      }
      const answer = await send(asker);
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      await sleep(100);
      expect(output.some((line) => /^error at GET \/.*EMFILE/.test(line))).toBe(true);
      expect(child.exitCode).toBeNull();

      for (const socket of held) socket.destroy();
      await sleep(300);
      const again = net.connect(port, "127.0.0.1");
      expect(await send(again)).toMatch(/^HTTP\/1\.1 200 /);
      again.destroy();
      asker.destroy();
    } finally {
      for (const socket of held) socket.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
