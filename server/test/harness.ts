/**
 * `npm start`'s server for the server's tests: the preview server with its
 * backend (the workshop's Payload on SQLite) in this process, on a free
 * loopback port, with a data folder and a site root of its own. Its log lines
 * are kept; Payload's own log stays quiet unless it errs.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { InquiryRequest } from "../../lib/api/schemas";
import { startPreview, type Preview, type StartOptions } from "../preview-server";

export interface Harness extends Preview {
  port: number;
  dataDir: string;
  /** the site root it serves */
  root: string;
  logLines: string[];
  /** stops it and keeps its data, for a restart on `dataDir` */
  stop(): Promise<void>;
  /** stops it and deletes its data and root */
  close(): Promise<void>;
}

/** A site root with a page and a 404 page. */
export function siteRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "preview-root-"));
  fs.writeFileSync(path.join(root, "index.html"), "<h1>ok</h1>");
  fs.writeFileSync(path.join(root, "404.html"), "<h1>Finner ikke siden</h1>");
  return root;
}

export async function startServer(
  options: Partial<StartOptions> & { dataDir?: string; root?: string } = {},
): Promise<Harness> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "preview-data-"));
  const root = options.root ?? siteRoot();
  const logLines: string[] = [];
  const preview = await startPreview({
    port: 0,
    log: (line) => logLines.push(line),
    logLevel: "error",
    ...options,
    root,
    dataDir,
  });
  const port = (preview.server.address() as net.AddressInfo).port;
  return {
    ...preview,
    port,
    dataDir,
    root,
    logLines,
    stop: () => preview.close(),
    async close() {
      await preview.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Every file under `dir`, relative, sorted (temporary ones included: they start with a dot). */
export function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

/**
 * Sends `bytes` as they are over a raw socket and reads the status line of the
 * answer; resolves with 0 when none comes within `waitMs` (the socket is then
 * dropped, as a client that gives up would).
 */
export function rawRequest(port: number, bytes: Buffer | string, waitMs = 1500): Promise<number> {
  return new Promise((resolve) => {
    let text = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    const done = (status: number) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(status);
    };
    const timer = setTimeout(() => done(0), waitMs);
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      if (match) done(Number(match[1]));
    });
    socket.on("error", () => done(0));
    socket.on("close", () => done(0));
  });
}

/** A name as the site makes it (SHAREABLE_MEDIA_NAME), distinct per `seed`, without its extension. */
export const shareableBase = (seed: number | string = crypto.randomUUID()) =>
  `img_${crypto.createHash("sha256").update(String(seed)).digest("hex").slice(0, 32)}`;

export const jpeg = (color = 40): Promise<Buffer> =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: color, b: 40 } } })
    .jpeg()
    .toBuffer();

/** A multipart body as the site sends it: `_payload` and `file`. */
export function multipartBody(file: Buffer, filename: string, boundary = "----bulkeklinikken"): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** The site's upload as raw bytes of one HTTP request. */
export function uploadRequest(file: Buffer, filename: string): Buffer {
  const body = multipartBody(file, filename);
  const head =
    `POST /api/media?depth=0&fallback-locale=null HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
    `Content-Type: multipart/form-data; boundary=----bulkeklinikken\r\nContent-Length: ${body.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
}

/** The site's upload with fetch: 201 and Payload's doc when stored. */
export function upload(origin: string, bytes: Buffer, name: string, signal?: AbortSignal): Promise<Response> {
  const form = new FormData();
  form.append("_payload", "{}");
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${origin}/api/media?depth=0&fallback-locale=null`, { method: "POST", body: form, signal });
}

export function jsonRequest(urlPath: string, json: string): string {
  return (
    `POST ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`
  );
}

/** A JSON POST with fetch. */
export const postJson = (origin: string, urlPath: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${origin}${urlPath}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** What Payload holds (photos, bookings, quotes, counted past access) and the files in the photos' folder. */
export async function records(h: Pick<Harness, "backend" | "dataDir">) {
  const count = async (collection: "media" | "contact" | "inquiries") =>
    (await h.backend.payload.count({ collection, overrideAccess: true })).totalDocs;
  return {
    media: await count("media"),
    contact: await count("contact"),
    inquiries: await count("inquiries"),
    files: filesIn(path.join(h.dataDir, "media")),
  };
}

/** A booking as the site sends it. */
export const booking = (n: number | string = 0) => ({
  email: "kari@example.no",
  phone: "+47 912 34 567",
  message: `Bestilling ${n}`,
});

/** A quote as the site sends it, its one damage showing `photo` (a stored upload's doc). */
export const inquiry = (photo: { filename: string; url: string }, n: number | string = 0): InquiryRequest => ({
  Inquiry: {
    UserId: "nettside-anonym",
    RegNumber: `AB1234${n}`.toUpperCase().slice(0, 20),
    PhoneNumber: "+47 912 34 567",
    Email: "kari@example.no",
    Message: `Bulk i døra ${n}`,
    State: "NEW",
  },
  damageRequests: [{ Images: [{ filename: photo.filename, url: photo.url }] }],
});

/** `npm start`'s server in a process of its own that never builds (./child.ts), for startPreviewProcess's `entry`. */
export const CHILD = path.join("server", "test", "child.ts");
