/**
 * The preview server against hostile and crowded clients, over raw sockets and
 * real HTTP: no request ends the process or gets a 5xx (but a deliberate 503),
 * no request leaves a temporary file behind, and every upload that got a 201
 * is served back as its own image under a name of its own.
 */
import fc from "fast-check";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { mediaResponseSchema } from "../../lib/api/schemas";
import { isTempName } from "../api/store";
import {
  filesIn,
  jpeg,
  jsonRequest,
  rawRequest,
  shareableBase,
  startServer,
  uploadRequest,
  type Harness,
} from "./helpers/harness";

let h: Harness;
const crashes: unknown[] = [];
const onCrash = (error: unknown) => crashes.push(error);

beforeAll(async () => {
  process.on("unhandledRejection", onCrash);
  process.on("uncaughtException", onCrash);
  h = await startServer();
});

afterAll(async () => {
  process.off("unhandledRejection", onCrash);
  process.off("uncaughtException", onCrash);
  await h.close();
});

const tempFiles = () => filesIn(h.dataDir).filter((f) => isTempName(path.basename(f)));

/** Waits until the server has cleaned up after dropped requests (it does so as their sockets close). */
async function settled(): Promise<string[]> {
  for (let i = 0; i < 40 && tempFiles().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
  return tempFiles();
}

describe("requests that can end or stall a server process", () => {
  const cases: [string, string, number][] = [
    ["an empty authority", "GET // HTTP/1.1\r\nHost: x\r\n\r\n", 200],
    ["a broken IPv6 authority", "GET //[ HTTP/1.1\r\nHost: x\r\n\r\n", 404],
    ["an absolute target with a bad port", "GET http://x:99999/ HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["an encoded percent", "GET /50%25 HTTP/1.1\r\nHost: x\r\n\r\n", 404],
    ["a broken escape in a media name", "GET /api/media/file/%E0.jpg HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["a broken escape in a page path", "GET /%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["an 8 000-character path", `GET /${"a".repeat(8000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414],
    ["a NUL byte", "GET /%00 HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["a climb out of the root", "GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 404],
    ["an asterisk target", "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["no HTTP at all", "HELLO\r\n\r\n", 400],
  ];
  test.each(cases)("%s: answered, and the server stays up", async (_name, request, status) => {
    expect(await rawRequest(h.port, request)).toBe(status);
    expect(await rawRequest(h.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")).toBe(200);
  });

  test("a multipart upload cut off inside the file part: no crash, no temporary file", async () => {
    const full = uploadRequest(await jpeg(), "skade.jpg");
    expect(await rawRequest(h.port, full.subarray(0, full.length - 200), 300)).toBe(0);
    expect(await settled()).toEqual([]);
    expect(filesIn(path.join(h.dataDir, "media"))).toEqual([]);
    expect(await rawRequest(h.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")).toBe(200);
  });

  test("a 60 KB address built to make the e-mail pattern backtrack is refused at once", async () => {
    const body = JSON.stringify({ email: `a@${".".repeat(60_000)}@`, phone: "12345678", message: "" });
    const page = rawRequest(h.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    const started = performance.now();
    expect(await rawRequest(h.port, jsonRequest("/api/contact", body))).toBe(400);
    expect(await page).toBe(200);
    // not a timing test: a generous bound that only a backtracking (quadratic) pattern would break
    expect(performance.now() - started).toBeLessThan(3000);
  });

  test.each(["/api/contact", "/inquiry"])(
    "%s: a JSON body past the limit sent chunked (no length up front) is told 413, and the server stays up",
    async (urlPath) => {
      const chunk = " ".repeat(16 * 1024);
      const chunks = Array.from({ length: 20 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join("");
      const request =
        `POST ${urlPath} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n` +
        `${chunks}0\r\n\r\n`;
      expect(await rawRequest(h.port, request)).toBe(413);
      expect(await rawRequest(h.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")).toBe(200);
      expect(crashes).toEqual([]);
    },
  );

  test("no crash was reported while these ran", () => {
    expect(crashes).toEqual([]);
  });
});

describe("fuzz: generated requests, cut off anywhere", () => {
  const token = fc.constantFrom("GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "G\u00e9T", "");
  const segment = fc.oneof(
    fc.constantFrom("", ".", "..", "%", "%25", "%E0", "%00", "[", "]", "api", "media", "file", "inquiry", "kontakt"),
    fc.string({ maxLength: 12 }),
    fc.stringMatching(/^[A-Za-z0-9%._~-]{0,20}$/),
  );
  const target = fc.oneof(
    fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join("/")}`),
    fc.constantFrom("/api/media", "/api/media/file/x.jpg", "/inquiry", "/api/contact", "*", "http://x:99999/", "//["),
    fc.string({ maxLength: 40 }),
  );
  const query = fc.oneof(
    fc.constant(""),
    fc.string({ maxLength: 30 }).map((q) => `?${q}`),
  );
  const header = fc.tuple(
    fc.oneof(
      fc.constantFrom("Content-Type", "Content-Length", "Transfer-Encoding", "Host"),
      fc.string({ maxLength: 10 }),
    ),
    fc.oneof(
      fc.constantFrom("application/json", "multipart/form-data; boundary=----bulkeklinikken", "chunked", "0", "99999"),
      fc.string({ maxLength: 30 }),
    ),
  );
  const inquiryish = fc
    .record({
      Inquiry: fc.record({
        UserId: fc.string({ maxLength: 80 }),
        RegNumber: fc.string({ maxLength: 30 }),
        PhoneNumber: fc.string({ maxLength: 50 }),
        Email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 300 })),
        Message: fc.string({ maxLength: 100 }),
        State: fc.constantFrom("NEW", "OLD"),
      }),
      damageRequests: fc.array(
        fc.record({ Images: fc.array(fc.record({ filename: fc.string(), url: fc.oneof(fc.webUrl(), fc.string()) })) }),
        { maxLength: 3 },
      ),
    })
    .map((value) => JSON.stringify(value));
  const body = fc.oneof(inquiryish, fc.json({ maxDepth: 3 }), fc.string({ maxLength: 200 }));

  test("every answer is below 500 (or a deliberate 503); nothing stray is left; the server still serves", async () => {
    const upload = uploadRequest(await jpeg(), "skade.jpg");
    const request = fc.oneof(
      // an upload as the site sends it, cut off somewhere
      fc.nat({ max: upload.length }).map((cut) => upload.subarray(0, cut)),
      // JSON to an API path, with the right framing, cut off somewhere
      fc
        .tuple(fc.constantFrom("/inquiry", "/api/contact", "/api/media"), body, fc.nat({ max: 2000 }))
        .map(([urlPath, json, cut]) => {
          const bytes = Buffer.from(jsonRequest(urlPath, json));
          return bytes.subarray(0, Math.min(bytes.length, cut + 40));
        }),
      // anything at all in the request line and headers
      fc
        .tuple(token, target, query, fc.array(header, { maxLength: 5 }), body)
        .map(([method, t, q, headers, b]) =>
          Buffer.from(`${method} ${t}${q} HTTP/1.1\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join("")}\r\n${b}`),
        ),
    );
    const statuses: number[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (bytes) => {
        const status = await rawRequest(h.port, bytes, 200);
        statuses.push(status);
        return status < 500 || status === 503;
      }),
      { numRuns: 150 },
    );
    expect(statuses.some((s) => s >= 400 && s < 500)).toBe(true);
    expect(await settled()).toEqual([]);
    expect(await rawRequest(h.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")).toBe(200);
    expect(h.logLines.filter((line) => /^error at/.test(line))).toEqual([]);
    expect(crashes).toEqual([]);
  }, 120_000);
});

describe("a crowd of uploads", () => {
  test("20 uploads of one name at once: all 201, 20 names, each served back as its own image", async () => {
    const base = shareableBase("samme-navn");
    const files = await Promise.all(Array.from({ length: 20 }, (_, n) => jpeg(n * 10)));
    const answers = await Promise.all(
      files.map(async (bytes) => {
        const form = new FormData();
        form.append("_payload", "{}");
        form.append("file", new Blob([new Uint8Array(bytes)]), `${base}.jpg`);
        const response = await fetch(`${h.origin}/api/media?depth=0&fallback-locale=null`, {
          method: "POST",
          body: form,
        });
        return { status: response.status, body: await response.json() };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const docs = answers.map((a) => mediaResponseSchema.parse(a.body).doc);
    expect(new Set(docs.map((d) => d.filename)).size).toBe(20);
    expect(docs.map((d) => d.filename)).toContain(`${base}.jpg`);
    expect(docs.map((d) => d.filename)).toContain(`${base}-19.jpg`);
    // each upload's own colour (its green channel, n × 10) comes back under its name
    for (const [n, doc] of docs.entries()) {
      const served = Buffer.from(await (await fetch(`${h.origin}${doc.url}`)).arrayBuffer());
      const green = (await sharp(served).stats()).channels[1]!.mean;
      expect(Math.abs(green - n * 10)).toBeLessThan(4);
    }
    expect(await settled()).toEqual([]);
  });

  test("past the queue, an upload is told 503 with Retry-After; the rest are stored", async () => {
    const small = await startServer({ uploadGate: { active: 1, queued: 1, maxWaitMs: 60_000, retryAfterSeconds: 7 } });
    try {
      const bytes = await jpeg();
      const statuses = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const form = new FormData();
          form.append("_payload", "{}");
          form.append("file", new Blob([new Uint8Array(bytes)]), "skade.jpg");
          const response = await fetch(`${small.origin}/api/media`, { method: "POST", body: form });
          return [response.status, response.headers.get("retry-after")] as const;
        }),
      );
      const busy = statuses.filter(([status]) => status === 503);
      const stored = statuses.filter(([status]) => status === 201);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy.every(([, retryAfter]) => retryAfter === "7")).toBe(true);
      expect(stored.length).toBeGreaterThanOrEqual(2);
      expect(filesIn(path.join(small.dataDir, "media"))).toHaveLength(stored.length);
    } finally {
      await small.close();
    }
  });
});

describe("the data folder at start", () => {
  test("temporary files a killed server left are removed and logged; stored records are kept", async () => {
    const dataDir = fs.mkdtempSync(path.join(h.dataDir, "..", "leftovers-"));
    fs.mkdirSync(path.join(dataDir, "inquiry"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "inquiry", ".0123456789abcdef.tmp"), '{"half');
    fs.writeFileSync(path.join(dataDir, "inquiry", "2026-01-01-record.json"), "{}");
    const again = await startServer({ dataDir });
    try {
      expect(filesIn(dataDir)).toEqual([path.join("inquiry", "2026-01-01-record.json")]);
      expect(again.logLines.join("\n")).toMatch(
        /removed 1 temporary files left by the last run.*0123456789abcdef\.tmp/,
      );
    } finally {
      await again.close();
    }
  });
});
