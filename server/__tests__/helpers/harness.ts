/** A preview server on a spare loopback port with its own data folder and site root, for the server's tests. */
import crypto from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createPreviewServer, type PreviewOptions } from "../../preview-server";

export interface Harness {
  server: http.Server;
  origin: string;
  port: number;
  dataDir: string;
  /** the site root it serves */
  root: string;
  logLines: string[];
  close: () => Promise<void>;
}

/** A site root with a page and a 404 page. */
export function siteRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "preview-root-"));
  fs.writeFileSync(path.join(root, "index.html"), "<h1>ok</h1>");
  fs.writeFileSync(path.join(root, "404.html"), "<h1>Finner ikke siden</h1>");
  return root;
}

export async function startServer(options: Partial<PreviewOptions> = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "preview-data-"));
  const logLines: string[] = [];
  const root = options.root ?? siteRoot();
  const server = createPreviewServer({ log: (line) => logLines.push(line), ...options, root, dataDir });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    server,
    port,
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    root,
    logLines,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
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
export const shareableBase = (seed: number | string) =>
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

export function uploadRequest(file: Buffer, filename: string): Buffer {
  const body = multipartBody(file, filename);
  const head =
    `POST /api/media?depth=0&fallback-locale=null HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
    `Content-Type: multipart/form-data; boundary=----bulkeklinikken\r\nContent-Length: ${body.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
}

export function jsonRequest(urlPath: string, json: string): string {
  return (
    `POST ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`
  );
}
