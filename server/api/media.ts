/**
 * The admin host's media collection, as the preview server plays it (Payload
 * CMS's REST API, the parts the site uses):
 *
 *   POST /api/media                 multipart `_payload` (a JSON object) and `file` → 201 {doc, message}
 *   GET  /api/media?where[filename][equals]=<name>&limit=1   → {docs: [doc], totalDocs, …}
 *   GET  /api/media/file/<filename> the stored bytes
 *
 * An upload's bytes must really be a raster image of a type the contract
 * lists (sharp reads them; the name and the declared type count for nothing),
 * at most MAX_UPLOAD_BYTES. They are streamed to a temporary file of the
 * request's own, never held whole in memory, flushed, and then given the
 * first free name (`bulk.jpg`, `bulk-1.jpg`, …) before the 201. Uploads pass
 * through a gate (./gate.ts), so only a few are read at once.
 */
import type http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import serveHandler from "serve-handler";
import sharp from "sharp";
import { MAX_UPLOAD_BYTES, MEDIA_FILE_PATH, imageTypeByFormat, type MediaResponse } from "../../lib/api/contract";
import { COMMON_HEADERS } from "../../lib/hosting/security-headers";
import type { ApiContext } from "./context";
import { HttpError, sendJson } from "./http";
import { claimName, isTempName, tempPath } from "./store";

/** Room for `_payload` and the boundaries next to the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
const tooBig = () => new HttpError(413, `Filen er større enn ${MAX_UPLOAD_BYTES} byte`);

export const mediaDir = (dataDir: string) => path.join(dataDir, "media");

interface Received {
  payload: string | undefined;
  file: { name: string; size: number } | undefined;
}

/**
 * Streams the multipart body's `file` part into `temp` (created exclusively).
 * 415 if it is not multipart, 413 past the size cap, 400 if malformed or cut off.
 * Resolves only once the body and the file are both finished, so the caller
 * may remove `temp` afterwards whatever happened.
 */
async function receiveUpload(req: http.IncomingMessage, temp: string): Promise<Received> {
  if (!/^multipart\/form-data\b/i.test(req.headers["content-type"] ?? "")) {
    throw new HttpError(415, "Forventet Content-Type: multipart/form-data");
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 4, fieldSize: 16 * 1024, parts: 6 },
    });
  } catch (error) {
    throw new HttpError(400, `Ugyldig multipart-forespørsel (${(error as Error).message})`);
  }
  const received: Received = { payload: undefined, file: undefined };
  let failure: HttpError | undefined;
  const fail = (error: HttpError) => (failure ??= error);
  let fileWritten: Promise<void> = Promise.resolve();

  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) fail(new HttpError(413, `Feltet ${name} er for stort`));
    if (name === "_payload") received.payload = value;
  });
  parser.on("file", (name, stream, info) => {
    if (name !== "file" || received.file) {
      fail(new HttpError(400, `Ukjent filfelt «${name}»; bruk «file»`));
      stream.resume();
      return;
    }
    const file = { name: info.filename ?? "", size: 0 };
    received.file = file;
    stream.on("data", (chunk: Buffer) => (file.size += chunk.length));
    stream.on("limit", () => fail(tooBig()));
    // caught here, at once: a cut-off body errors this stream before anyone awaits it
    fileWritten = pipeline(stream, fs.createWriteStream(temp, { flags: "wx" })).catch((error: Error) => {
      fail(new HttpError(400, `Filen kom ikke fram i sin helhet (${error.message})`));
    });
  });
  parser.on("filesLimit", () => fail(new HttpError(400, "Bare én fil per forespørsel")));
  parser.on("partsLimit", () => fail(new HttpError(400, "For mange felt i forespørselen")));
  parser.on("fieldsLimit", () => fail(new HttpError(400, "For mange felt i forespørselen")));

  // The body: finished when busboy closes; a cut-off, broken or oversized body stops it early.
  await new Promise<void>((resolve) => {
    let bodyBytes = 0;
    const stop = (error: HttpError) => {
      fail(error);
      req.unpipe(parser);
      parser.destroy();
      resolve();
    };
    parser.on("close", resolve);
    parser.on("error", (error: Error) => stop(new HttpError(400, `Ugyldig multipart-forespørsel (${error.message})`)));
    req.on("error", () => stop(new HttpError(400, "Forespørselen ble avbrutt")));
    req.on("close", () => req.complete || stop(new HttpError(400, "Forespørselen ble avbrutt")));
    req.on("data", (chunk: Buffer) => {
      bodyBytes += chunk.length;
      // a body without Content-Length is counted as it comes
      if (bodyBytes > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) stop(tooBig());
    });
    req.pipe(parser);
  });
  await fileWritten;
  if (failure) throw failure;
  return received;
}

function checkPayload(payload: string | undefined): void {
  if (payload === undefined) return;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    value = undefined;
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new HttpError(400, "_payload: må være et JSON-objekt");
}

/** The image in `file` (a path or bytes), or undefined when it is not an image we take. */
export async function detectImage(
  file: string | Buffer,
): Promise<{ ext: string; mime: string; width?: number; height?: number } | undefined> {
  try {
    const meta = await sharp(file, { limitInputPixels: 100_000_000 }).metadata();
    const format = meta.format === "heif" ? (meta.compression === "av1" ? "avif" : "heic") : meta.format;
    const type = format ? imageTypeByFormat(format) : undefined;
    return type && { ext: type.extensions[0], mime: type.mime, width: meta.width, height: meta.height };
  } catch {
    return undefined;
  }
}

/**
 * A safe file name: the client's base name in [A-Za-z0-9_-], with the extension of what the bytes are.
 * The name is cut to 255 characters before any pattern looks at it.
 */
export function storedName(clientName: string, ext: string): string {
  const base = path
    .basename(clientName.slice(0, 255))
    .replace(/\.[^.]*$/, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
  return `${base || "bilde"}${ext}`;
}

/** A name `storedName` could have made: anything else is not in the store. */
const STORED_NAME = /^[A-Za-z0-9_-]{1,110}\.[a-z]{3,4}$/;

async function flush(file: string): Promise<void> {
  const handle = await fs.promises.open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The doc Payload answers for a stored upload. */
async function mediaDoc(
  dir: string,
  filename: string,
  /** what the bytes are, when the caller has just read them (an upload); else read again */
  known?: Awaited<ReturnType<typeof detectImage>>,
): Promise<MediaResponse["doc"]> {
  const file = path.join(dir, filename);
  const [stat, image] = await Promise.all([fs.promises.stat(file), known ?? detectImage(file)]);
  return {
    id: filename.replace(/\.[^.]+$/, ""),
    filename,
    mimeType: image?.mime,
    filesize: stat.size,
    width: image?.width,
    height: image?.height,
    url: `${MEDIA_FILE_PATH}/${encodeURIComponent(filename)}`,
    createdAt: stat.mtime.toISOString(),
    updatedAt: stat.mtime.toISOString(),
  };
}

export async function handleMediaUpload(req: http.IncomingMessage, res: http.ServerResponse, ctx: ApiContext) {
  if (Number(req.headers["content-length"] ?? 0) > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) throw tooBig();
  await ctx.uploads.run(async () => {
    const dir = mediaDir(ctx.dataDir);
    await fs.promises.mkdir(dir, { recursive: true });
    const temp = tempPath(dir);
    try {
      const upload = await receiveUpload(req, temp);
      checkPayload(upload.payload);
      if (!upload.file || upload.file.size === 0) throw new HttpError(400, "file: mangler (et bilde)");
      const image = await detectImage(temp);
      if (!image) {
        throw new HttpError(415, `file: «${upload.file.name}» er ikke et bilde (JPEG, PNG, WebP, GIF, AVIF, HEIC)`);
      }
      await flush(temp);
      const filename = await claimName(temp, storedName(upload.file.name, image.ext));
      const answer: MediaResponse = {
        doc: await mediaDoc(dir, filename, image),
        message: "Media successfully created.",
      };
      sendJson(res, 201, answer);
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  });
}

/** Stored names, the newest upload first (each file's time read once). */
function newestFirst(dir: string, names: string[]): string[] {
  const time = new Map(names.map((name) => [name, fs.statSync(path.join(dir, name)).mtimeMs]));
  return names.sort((a, b) => time.get(b)! - time.get(a)!);
}

/** Payload's find, for the one query the site makes: `where[filename][equals]`, or none (newest first). */
export async function findMedia(_req: http.IncomingMessage, res: http.ServerResponse, ctx: ApiContext) {
  const { query } = ctx.target;
  const unsupported = [...query.keys()].find((key) => key.startsWith("where") && key !== "where[filename][equals]");
  if (unsupported)
    throw new HttpError(400, `Bare where[filename][equals] støttes her, ikke ${unsupported.slice(0, 80)}`);
  const wanted = query.get("where[filename][equals]");
  const limitParam = Number(query.get("limit") ?? 10);
  const limit = Number.isInteger(limitParam) && limitParam > 0 ? Math.min(limitParam, 100) : 10;
  const dir = mediaDir(ctx.dataDir);
  const stored = fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((name) => STORED_NAME.test(name) && !isTempName(name))
    : [];
  const names = wanted === null ? newestFirst(dir, stored) : stored.filter((name) => name === wanted);
  const docs = await Promise.all(names.slice(0, limit).map((name) => mediaDoc(dir, name)));
  const more = names.length > limit;
  sendJson(res, 200, {
    docs,
    totalDocs: names.length,
    limit,
    totalPages: Math.max(1, Math.ceil(names.length / limit)),
    page: 1,
    pagingCounter: 1,
    hasPrevPage: false,
    hasNextPage: more,
    prevPage: null,
    nextPage: more ? 2 : null,
  });
}

/**
 * GET /api/media/file/<filename>: a stored upload. Served as the image it is
 * (nosniff) under a policy that lets it run nothing (`sandbox`), should a
 * browser ever open it as a document.
 */
export async function serveMedia(req: http.IncomingMessage, res: http.ServerResponse, ctx: ApiContext) {
  const name = ctx.target.path.slice(MEDIA_FILE_PATH.length + 1);
  const dir = mediaDir(ctx.dataDir);
  if (!STORED_NAME.test(name) || !fs.existsSync(path.join(dir, name))) {
    throw new HttpError(404, `Finner ikke ${MEDIA_FILE_PATH}/${name.slice(0, 120)}`);
  }
  for (const [header, value] of COMMON_HEADERS) res.setHeader(header, value);
  res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
  res.setHeader("Cache-Control", "public, max-age=3600");
  req.url = `/${name}`;
  await serveHandler(req, res, { public: dir, directoryListing: false, cleanUrls: false });
}
