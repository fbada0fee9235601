/**
 * The preview server's API over real HTTP: a server on a spare port with a
 * temporary data folder, real multipart bodies and real image bytes.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type http from "node:http";
import sharp from "sharp";
import { MAX_UPLOAD_BYTES, inquirySchema, mediaResponseSchema, type InquiryRequest } from "../../lib/api/schemas";
import { keyedRecordName } from "../api/inquiry";
import { createPreviewServer } from "../preview-server";
import { rawRequest, shareableBase, siteRoot, startServer } from "./helpers/harness";

let server: http.Server;
let origin: string;
let dataDir: string;
const logLines: string[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-api-"));
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "preview-root-"));
  fs.writeFileSync(path.join(root, "index.html"), "<h1>ok</h1>");
  // the upload every inquiry below names
  fs.mkdirSync(path.join(dataDir, "media"));
  fs.writeFileSync(path.join(dataDir, "media", "img_a.jpg"), await jpeg());
  server = createPreviewServer({ root, dataDir, log: (line) => logLines.push(line) });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under the data folder, relative, sorted: "the store". */
function storeSnapshot(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(path.relative(dataDir, full));
    }
  };
  walk(dataDir);
  return files.sort();
}

const jpeg = (): Promise<Buffer<ArrayBuffer>> =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();
const png = (): Promise<Buffer<ArrayBuffer>> =>
  sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

function upload(bytes: Uint8Array<ArrayBuffer>, filename: string, payload: string | null = "{}", field = "file") {
  const form = new FormData();
  if (payload !== null) form.append("_payload", payload);
  form.append(field, new Blob([bytes]), filename);
  return fetch(`${origin}/api/media?depth=0&fallback-locale=null`, { method: "POST", body: form });
}

const inquiry = (n = 0): InquiryRequest => ({
  Inquiry: {
    UserId: "nettside-anonym",
    RegNumber: `AB1234${n}`,
    PhoneNumber: "+47 912 34 567",
    Email: "kari@example.no",
    Message: `Bulk i døra ${n}`,
    State: "NEW",
  },
  damageRequests: [{ Images: [{ filename: "img_a.jpg", url: `${origin}/api/media/file/img_a.jpg` }] }],
});

const postJson = (urlPath: string, body: string, type = "application/json") =>
  fetch(`${origin}${urlPath}`, { method: "POST", headers: { "Content-Type": type }, body });

/** Expects `status` with a JSON error, and the store exactly as before. */
async function expectRejected(response: Promise<Response>, status: number, mentions?: RegExp) {
  const before = storeSnapshot();
  const answer = await response;
  expect(answer.status).toBe(status);
  const body = (await answer.json()) as { error: string };
  expect(typeof body.error).toBe("string");
  if (mentions) expect(body.error).toMatch(mentions);
  expect(storeSnapshot()).toEqual(before);
}

describe("POST /api/media", () => {
  test("a JPEG is stored under media/, made again from its pixels, and served back at its url", async () => {
    const bytes = await jpeg();
    const name = `${shareableBase("stored")}.jpg`;
    const answer = await upload(bytes, name);
    expect(answer.status).toBe(201);
    const body = mediaResponseSchema.parse(await answer.json());
    expect(body.doc.filename).toBe(name);
    expect(body.doc.url).toBe(`/api/media/file/${name}`);
    expect(body.doc.mimeType).toBe("image/jpeg");
    const onDisk = fs.readFileSync(path.join(dataDir, "media", name));
    const meta = await sharp(onDisk).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 64, 48]);

    const served = await fetch(`${origin}${body.doc.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await served.arrayBuffer()).equals(onDisk)).toBe(true);
  });

  test("the name follows the bytes: a PNG called .jpg is kept as .png; a taken name gets -1", async () => {
    const bytes = await png();
    const base = shareableBase("photo");
    const first = mediaResponseSchema.parse(await (await upload(bytes, `${base}.jpg`)).json());
    expect(first.doc.filename).toBe(`${base}.png`);
    const second = mediaResponseSchema.parse(await (await upload(bytes, `${base}.png`)).json());
    expect(second.doc.filename).toBe(`${base}-1.png`);
    const served = await fetch(`${origin}${second.doc.url}`);
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  test("a text file named .jpg is 415 and nothing is stored", async () => {
    await expectRejected(
      upload(new TextEncoder().encode("hei, dette er ikke et bilde"), "skade.jpg"),
      415,
      /skade\.jpg/,
    );
  });

  test("an SVG is not taken (it can carry script)", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await expectRejected(upload(new TextEncoder().encode(svg), "bilde.svg"), 415);
  });

  test("an upload over the cap is 413 and nothing is stored", async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1024);
    big.set(await jpeg());
    await expectRejected(upload(big, "stor.jpg"), 413);
  });

  test("no file, a bad _payload, a wrong field name and a JSON body are each refused", async () => {
    const form = new FormData();
    form.append("_payload", "{}");
    await expectRejected(fetch(`${origin}/api/media`, { method: "POST", body: form }), 400, /file/);
    await expectRejected(upload(await jpeg(), "a.jpg", "{ikke json"), 400, /_payload/);
    await expectRejected(upload(await jpeg(), "a.jpg", "[]"), 400, /_payload/);
    await expectRejected(upload(await jpeg(), "a.jpg", "{}", "bilde"), 400, /bilde/);
    await expectRejected(postJson("/api/media", "{}"), 415);
  });

  test("a stored file that does not exist is 404; a path trick is 404", async () => {
    expect((await fetch(`${origin}/api/media/file/${shareableBase("finnes-ikke")}.jpg`)).status).toBe(404);
    expect((await fetch(`${origin}/api/media/file/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${origin}/api/media/file/.hidden.jpg`)).status).toBe(404);
  });
});

describe("POST /inquiry", () => {
  test("a good inquiry is stored as one JSON file, exactly as sent", async () => {
    const before = storeSnapshot().filter((f) => f.startsWith("inquiry/")).length;
    const answer = await postJson("/inquiry", JSON.stringify(inquiry(1)));
    expect(answer.status).toBe(201);
    const files = storeSnapshot().filter((f) => f.startsWith("inquiry/"));
    expect(files).toHaveLength(before + 1);
    const stored = JSON.parse(fs.readFileSync(path.join(dataDir, files.at(-1)!), "utf8"));
    expect(typeof stored.receivedAt).toBe("string");
    delete stored.receivedAt;
    expect(inquirySchema([origin]).parse(stored)).toEqual(inquiry(1));
  });

  test("malformed JSON is 400", async () => {
    await expectRejected(postJson("/inquiry", '{"Inquiry": '), 400, /JSON/);
  });

  test("missing fields are 400 and named", async () => {
    const body = inquiry() as { Inquiry: Partial<InquiryRequest["Inquiry"]> };
    delete body.Inquiry.Email;
    await expectRejected(postJson("/inquiry", JSON.stringify(body)), 400, /Inquiry\.Email/);
    await expectRejected(
      postJson("/inquiry", JSON.stringify({ ...inquiry(), damageRequests: [] })),
      400,
      /damageRequests/,
    );
    const nullImage = { ...inquiry(), damageRequests: [{ Images: [null] }] };
    await expectRejected(postJson("/inquiry", JSON.stringify(nullImage)), 400, /damageRequests\.0\.Images\.0/);
  });

  test("not JSON is 415; too big is 413", async () => {
    await expectRejected(postJson("/inquiry", "RegNumber=AB12345", "application/x-www-form-urlencoded"), 415);
    await expectRejected(postJson("/inquiry", JSON.stringify({ pad: "x".repeat(300 * 1024) })), 413);
  });

  test("50 concurrent inquiries are all stored, each whole", async () => {
    const before = new Set(storeSnapshot());
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => postJson("/inquiry", JSON.stringify(inquiry(100 + n)))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    const added = storeSnapshot().filter((f) => !before.has(f));
    expect(added).toHaveLength(50);
    expect(added.every((f) => f.startsWith("inquiry/") && f.endsWith(".json"))).toBe(true);
    const regNumbers = added.map((f) => JSON.parse(fs.readFileSync(path.join(dataDir, f), "utf8")).Inquiry.RegNumber);
    expect(new Set(regNumbers).size).toBe(50);
  });
});

/** The inquiry files in the store; a POST /inquiry with an Idempotency-Key; an answer's status and body. */
const inquiries = () => storeSnapshot().filter((f) => f.startsWith("inquiry/"));
const keyed = (key: string, body = inquiry(7)) =>
  fetch(`${origin}/inquiry`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": key },
    body: JSON.stringify(body),
  });
const answerOf = async (response: Response) => ({ status: response.status, body: await response.json() });

describe("POST /inquiry with an Idempotency-Key: stored once", () => {
  test("the same key and body twice: both 201 with the same answer, one record, named from the key", async () => {
    const before = inquiries();
    const first = await answerOf(await keyed("4b6f1f0e-9f7a-4c1e-8d2b-0a9e6c3d5f21", inquiry(8)));
    // the same body, its keys in another order: the same request
    const reordered = { damageRequests: inquiry(8).damageRequests, Inquiry: inquiry(8).Inquiry };
    const second = await answerOf(await keyed("4b6f1f0e-9f7a-4c1e-8d2b-0a9e6c3d5f21", reordered));
    expect(first).toEqual({ status: 201, body: { message: "Forespørselen er mottatt." } });
    expect(second).toEqual(first);
    const added = inquiries().filter((f) => !before.includes(f));
    expect(added).toEqual([`inquiry/${keyedRecordName("4b6f1f0e-9f7a-4c1e-8d2b-0a9e6c3d5f21")}.json`]);
    const stored = JSON.parse(fs.readFileSync(path.join(dataDir, added[0]!), "utf8"));
    delete stored.receivedAt;
    expect(stored).toEqual(inquiry(8));
  });

  test("a used key with another body: 422 saying the key was used for another request, and nothing stored", async () => {
    expect((await keyed("en-nokkel-to-skjema", inquiry(8))).status).toBe(201);
    const file = path.join(dataDir, "inquiry", `${keyedRecordName("en-nokkel-to-skjema")}.json`);
    const first = fs.readFileSync(file, "utf8");
    const corrected = inquiry(8);
    corrected.Inquiry.PhoneNumber = "+47 987 65 432";
    await expectRejected(keyed("en-nokkel-to-skjema", corrected), 422, /allerede brukt for en annen forespørsel/);
    expect(fs.readFileSync(file, "utf8")).toBe(first);
    // with a key of its own, the corrected quote is stored
    expect((await keyed("ny-nokkel-rettet", corrected)).status).toBe(201);
  });

  test("the same key 10 times at the same moment: all 201, one record, no temporary file left", async () => {
    const before = inquiries();
    const answers = await Promise.all(Array.from({ length: 10 }, () => keyed("samtidig_nokkel-10")));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(inquiries().filter((f) => !before.includes(f))).toEqual([
      `inquiry/${keyedRecordName("samtidig_nokkel-10")}.json`,
    ]);
    expect(storeSnapshot().filter((f) => path.basename(f).startsWith("."))).toEqual([]);
  });

  test("a key stays used after a restart: the record is on disk, not in the server's memory", async () => {
    expect((await keyed("overlever-omstart")).status).toBe(201);
    const before = inquiries();
    // the same store, and the same public origin: the images are named as before
    const again = createPreviewServer({ root: siteRoot(), dataDir, log: () => {}, publicOrigin: origin });
    await new Promise<void>((resolve) => again.listen(0, "127.0.0.1", resolve));
    try {
      const other = `http://127.0.0.1:${(again.address() as AddressInfo).port}`;
      const answer = await fetch(`${other}/inquiry`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": "overlever-omstart" },
        body: JSON.stringify(inquiry(7)),
      });
      expect(answer.status).toBe(201);
      expect(inquiries()).toEqual(before);
    } finally {
      await new Promise((resolve) => again.close(resolve));
    }
  });
});

describe("POST /inquiry with an Idempotency-Key: which keys, and none", () => {
  test("keys that differ only in case are two inquiries", async () => {
    const before = inquiries();
    expect((await keyed("StorLiten")).status).toBe(201);
    expect((await keyed("storliten")).status).toBe(201);
    expect(inquiries().filter((f) => !before.includes(f))).toHaveLength(2);
  });

  test("a key that is not 1–100 of [A-Za-z0-9_-] is 400 with a message, and nothing is stored", async () => {
    for (const key of ["", "x".repeat(101), "to ord", "../../etc/passwd", "nøkkel", "a.b", "a,b"]) {
      await expectRejected(keyed(key), 400, /Idempotency-Key/);
    }
    // the header twice arrives as one value joined with a comma
    const twice = new Headers({ "Content-Type": "application/json" });
    twice.append("Idempotency-Key", "a");
    twice.append("Idempotency-Key", "b");
    const request = fetch(`${origin}/inquiry`, { method: "POST", headers: twice, body: JSON.stringify(inquiry()) });
    await expectRejected(request, 400, /Idempotency-Key/);
  });

  test("a good key with a bad body is still 400, and the key stays free for the good one", async () => {
    const body = { ...inquiry(), damageRequests: [] };
    await expectRejected(keyed("forst-feil-saa-riktig", body as unknown as InquiryRequest), 400, /damageRequests/);
    const before = inquiries();
    expect((await keyed("forst-feil-saa-riktig")).status).toBe(201);
    expect(inquiries().filter((f) => !before.includes(f))).toHaveLength(1);
  });

  test("without the header each request is stored as a new inquiry", async () => {
    const before = inquiries();
    for (let i = 0; i < 2; i++) expect((await postJson("/inquiry", JSON.stringify(inquiry(9)))).status).toBe(201);
    expect(inquiries().filter((f) => !before.includes(f))).toHaveLength(2);
  });
});

describe("routing", () => {
  test("a wrong method is 405 with Allow, and stores nothing", async () => {
    const before = storeSnapshot();
    const get = await fetch(`${origin}/inquiry`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const put = await fetch(`${origin}/api/media`, { method: "PUT", body: "x" });
    expect(put.status).toBe(405);
    const del = await fetch(`${origin}/api/media/file/x.jpg`, { method: "DELETE" });
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("GET, HEAD");
    expect(storeSnapshot()).toEqual(before);
  });

  test("an unknown API path is 404 JSON; pages still come from the static server", async () => {
    await expectRejected(postJson("/api/finnes-ikke", "{}"), 404, /finnes-ikke/);
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("ok");
  });

  test("out/_headers is read, never served; a file no rule names is revalidated on each visit", async () => {
    const site = await startServer();
    try {
      fs.writeFileSync(path.join(site.root, "_headers"), "/robots.txt\n  X-Robots-Tag: noindex\n");
      fs.writeFileSync(path.join(site.root, "robots.txt"), "User-agent: *\n");
      const rules = await fetch(`${site.origin}/_headers`);
      expect(rules.status).toBe(404);
      expect(await rules.text()).toContain("Finner ikke siden");
      const robots = await fetch(`${site.origin}/robots.txt`);
      expect([robots.status, robots.headers.get("x-robots-tag")]).toEqual([200, "noindex"]);
      expect(robots.headers.get("cache-control")).toBe("no-cache");
    } finally {
      await site.close();
    }
  });

  test("one log line per request", async () => {
    await new Promise((resolve) => setTimeout(resolve, 20)); // earlier requests' lines
    logLines.length = 0;
    await postJson("/inquiry", "{");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logLines).toEqual([expect.stringMatching(/^POST \/inquiry 400 \d+ms$/)]);
  });
});

describe("headers on every answer", () => {
  const common = ["x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy"];

  test("API answers, errors included, carry the common security headers and are never cached", async () => {
    for (const answer of [
      await postJson("/inquiry", "{"),
      await fetch(`${origin}/api/finnes-ikke`),
      await fetch(`${origin}/api/media?where[filename][equals]=x.jpg`),
    ]) {
      for (const name of common) expect(answer.headers.get(name)).toBeTruthy();
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("content-security-policy")).toContain("default-src 'none'");
    }
  });

  test("stored media is served as an image under a policy that runs nothing", async () => {
    const body = mediaResponseSchema.parse(await (await upload(await jpeg(), `${shareableBase("policy")}.jpg`)).json());
    const served = await fetch(`${origin}${body.doc.url}`);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    for (const name of common) expect(served.headers.get(name)).toBeTruthy();
  });
});

describe("GET /api/media (Payload's find)", () => {
  test("where[filename][equals] finds the stored upload by name, as Payload answers", async () => {
    const stored = mediaResponseSchema.parse(await (await upload(await jpeg(), `${shareableBase("lost")}.jpg`)).json());
    const query = new URLSearchParams({ "where[filename][equals]": stored.doc.filename, depth: "0", limit: "1" });
    const answer = await fetch(`${origin}/api/media?${query}`);
    expect(answer.status).toBe(200);
    const found = (await answer.json()) as { docs: { filename: string; url: string }[]; totalDocs: number };
    expect(found.totalDocs).toBe(1);
    expect(found.docs).toEqual([expect.objectContaining({ filename: stored.doc.filename, url: stored.doc.url })]);
  });

  test("a name not stored finds nothing; another where clause is 400", async () => {
    const none = await fetch(`${origin}/api/media?where[filename][equals]=${shareableBase("finnes-ikke")}.jpg`);
    expect(((await none.json()) as { docs: unknown[] }).docs).toEqual([]);
    await expectRejected(fetch(`${origin}/api/media?where[url][like]=x`), 400, /where\[filename\]\[equals\]/);
  });
});

describe("the contract's limits, checked by the server", () => {
  test("an image url that is not http(s) on this host, or a 200 KB UserId, is 400", async () => {
    const withUrl = (url: string) => ({
      ...inquiry(),
      damageRequests: [{ Images: [{ filename: "img_a.jpg", url }] }],
    });
    for (const url of [
      "javascript:alert(1)",
      "https://evil.example/api/media/file/img_a.jpg",
      "data:image/png;base64,AA",
    ]) {
      await expectRejected(postJson("/inquiry", JSON.stringify(withUrl(url))), 400, /url/);
    }
    const big = inquiry();
    big.Inquiry.UserId = "x".repeat(200_000);
    await expectRejected(postJson("/inquiry", JSON.stringify(big)), 400, /UserId/);
  });

  test("the Host header decides nothing: Host evil.example with an image on evil.example is 400", async () => {
    const { port } = new URL(origin);
    const json = JSON.stringify({
      ...inquiry(),
      damageRequests: [{ Images: [{ filename: "payload.exe", url: "https://evil.example/payload.exe" }] }],
    });
    const before = storeSnapshot();
    const status = await rawRequest(
      Number(port),
      `POST /inquiry HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
    expect(status).toBe(400);
    expect(storeSnapshot()).toEqual(before);
  });
});

describe("behind a proxy", () => {
  test("whose origin it was not told: a quote is a 500 naming the origin to set, logged once", async () => {
    const seen = "https://www.bulkeklinikken.example";
    const body = JSON.stringify({
      ...inquiry(),
      damageRequests: [{ Images: [{ filename: "img_a.jpg", url: `${seen}/api/media/file/img_a.jpg` }] }],
    });
    const viaProxy = () =>
      fetch(`${origin}/inquiry`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Forwarded-Host": "www.bulkeklinikken.example",
          "X-Forwarded-Proto": "https",
        },
        body,
      });
    logLines.length = 0;
    await expectRejected(viaProxy(), 500, /PREVIEW_PUBLIC_ORIGIN=https:\/\/www\.bulkeklinikken\.example/);
    await expectRejected(viaProxy(), 500, /PREVIEW_PUBLIC_ORIGIN/);
    expect(logLines.filter((line) => line.includes(`PREVIEW_PUBLIC_ORIGIN=${seen}`))).toHaveLength(1);

    // told its origin, the same quote is taken
    const told = createPreviewServer({ root: siteRoot(), dataDir, log: () => {}, publicOrigin: seen });
    await new Promise<void>((resolve) => told.listen(0, "127.0.0.1", resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(told.address() as AddressInfo).port}/inquiry`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      expect(answer.status).toBe(201);
    } finally {
      await new Promise((resolve) => told.close(resolve));
    }
  });
});

describe("the contract's limits, checked by the server: image urls", () => {
  test("an image url with user info, another path, a query, or naming no stored upload is 400", async () => {
    const withImage = (filename: string, url: string) => ({
      ...inquiry(),
      damageRequests: [{ Images: [{ filename, url }] }],
    });
    const { host } = new URL(origin);
    for (const [filename, url] of [
      ["img_a.jpg", `http://evil.example@${host}/api/media/file/img_a.jpg`],
      ["img_a.jpg", `${origin}/api/media/file/img_a.jpg?x=1`],
      ["img_a.jpg", `${origin}/img_a.jpg`],
      ["img_a.jpg", `${origin}/api/media/file/img_b.jpg`],
      ["img_b.jpg", `${origin}/api/media/file/img_b.jpg`],
      ["img_a.jpg", "https://cdn.example/api/media/file/img_a.jpg"],
    ]) {
      await expectRejected(postJson("/inquiry", JSON.stringify(withImage(filename!, url!))), 400, /url/);
    }
  });
});
