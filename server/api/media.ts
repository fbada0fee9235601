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
 * at most MAX_UPLOAD_BYTES and MAX_IMAGE_PIXELS, and are kept without their
 * metadata (./image.ts). They are streamed to a temporary file of the
 * request's own, never held whole in memory, flushed, and then given the
 * first free name (`bulk.jpg`, `bulk-1.jpg`, …) before the 201. Uploads pass
 * through a gate (./gate.ts), so only a few are read at once, and each body
 * has a deadline.
 *
 * Who reads a stored photo: whoever knows its shareable name (the site's
 * unguessable `img_<128 bits>` names, SHAREABLE_MEDIA_NAME) may fetch that
 * one photo or find it by that exact name; nobody can list the store. The
 * admin host's `media` collection (payload/collections/Media.ts) does the same,
 * where the logged-in workshop reads everything.
 */
import type http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import {
  MAX_UPLOAD_BYTES,
  MEDIA_FILE_PATH,
  SHAREABLE_MEDIA_NAME,
  STORED_MEDIA_NAME,
  type MediaResponse,
} from "../../lib/api/schemas";
import { COMMON_HEADERS } from "../../lib/hosting/security-headers";
import { clientSignal } from "../request";
import { sendFile } from "../static";
import type { ApiContext, UploadDeadline } from "./context";
import { ClientGone, HttpError, sendJson, storageError } from "./http";
import { type DetectedImage, checkPixels, detectImage, withoutMetadata } from "./image";
import { claimName, PRIVATE_FILE_MODE, privateDir, tempPath } from "./store";

/** Room for `_payload` and the boundaries next to the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
const tooBig = () => new HttpError(413, `Filen er større enn ${MAX_UPLOAD_BYTES} byte`);

export const mediaDir = (dataDir: string) => path.join(dataDir, "media");

interface Received {
  payload: string | undefined;
  file: { name: string; size: number } | undefined;
}

/**
 * The cap keeps a body inside Node's time-out for the whole request (the server's `requestTimeout`,
 * which counts the wait for a place too), so a slow upload hears its answer from us: a photo the
 * site sends (at most MAX_PREPARED_BYTES) comes in within it on a poor mobile signal.
 */
export const UPLOAD_DEADLINE: UploadDeadline = { graceMs: 10_000, minBytesPerSecond: 4 * 1024, maxMs: 90_000 };

/** How often a body's progress is held against its deadline. */
const DEADLINE_CHECK_MS = 250;

function pastDeadline(deadline: UploadDeadline, startedAt: number, bytes: number): boolean {
  const elapsed = performance.now() - startedAt;
  if (elapsed > deadline.maxMs) return true;
  return elapsed > deadline.graceMs && bytes < (deadline.minBytesPerSecond * (elapsed - deadline.graceMs)) / 1000;
}

function multipartParser(req: http.IncomingMessage): busboy.Busboy {
  if (!/^multipart\/form-data\b/i.test(req.headers["content-type"] ?? "")) {
    throw new HttpError(415, "Forventet Content-Type: multipart/form-data");
  }
  try {
    return busboy({
      headers: req.headers,
      limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 4, fieldSize: 16 * 1024, parts: 6 },
    });
  } catch (error) {
    throw new HttpError(400, `Ugyldig multipart-forespørsel (${(error as Error).message})`);
  }
}

/**
 * Takes the parts of the body as busboy finds them: `_payload` into
 * `received`, the `file` part streamed into `temp` (created exclusively).
 * A failed write (a full or broken disk) stops the body at once (`stop`):
 * busboy waits for ever on a file stream its writer has given up. Answers
 * the file's writing, settled once the file is written or has failed.
 */
function takeParts(
  parser: busboy.Busboy,
  temp: string,
  received: Received,
  fail: (error: Error) => void,
  stop: (error: Error) => void,
): () => Promise<void> {
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
    const out = fs.createWriteStream(temp, { flags: "wx", mode: PRIVATE_FILE_MODE });
    let writeError: unknown;
    out.on("error", (error) => {
      writeError = error;
      stop(storageError(error) ?? new HttpError(503, "Serveren klarte ikke å lagre bildet; prøv igjen senere"));
    });
    // caught here, at once: a cut-off body errors this stream before anyone awaits it
    fileWritten = pipeline(stream, out).catch(() => {
      if (!writeError) fail(new HttpError(400, "Filen kom ikke fram i sin helhet"));
    });
  });
  parser.on("filesLimit", () => fail(new HttpError(400, "Bare én fil per forespørsel")));
  parser.on("partsLimit", () => fail(new HttpError(400, "For mange felt i forespørselen")));
  parser.on("fieldsLimit", () => fail(new HttpError(400, "For mange felt i forespørselen")));
  return () => fileWritten;
}

/**
 * Streams the multipart body's `file` part into `temp`. 415 if it is not
 * multipart, 413 past the size cap, 400 if malformed or cut off, 507/503 when
 * the file cannot be written; ClientGone when the client has gone or the body
 * missed its deadline (its socket is then destroyed). Resolves only once the
 * body is done with and the file is finished, so the caller may remove
 * `temp` afterwards whatever happened.
 */
async function receiveUpload(
  req: http.IncomingMessage,
  temp: string,
  signal: AbortSignal,
  deadline: UploadDeadline,
): Promise<Received> {
  const parser = multipartParser(req);
  if (signal.aborted) throw new ClientGone();
  const received: Received = { payload: undefined, file: undefined };
  let failure: Error | undefined;
  const fail = (error: Error) => (failure ??= error);
  let finish!: () => void;
  const body = new Promise<void>((resolve) => (finish = resolve));
  const stop = (error: Error) => {
    fail(error);
    req.unpipe(parser);
    parser.destroy();
    finish();
  };
  const fileWritten = takeParts(parser, temp, received, fail, stop);

  let bodyBytes = 0;
  const startedAt = performance.now();
  const timer = setInterval(() => {
    if (!pastDeadline(deadline, startedAt, bodyBytes)) return;
    req.socket.destroy();
    stop(new ClientGone());
  }, DEADLINE_CHECK_MS);
  const gone = () => stop(new ClientGone());
  signal.addEventListener("abort", gone, { once: true });
  parser.on("close", finish);
  parser.on("error", (error: Error) => stop(new HttpError(400, `Ugyldig multipart-forespørsel (${error.message})`)));
  req.on("error", gone);
  req.on("data", (chunk: Buffer) => {
    bodyBytes += chunk.length;
    // a body without Content-Length is counted as it comes
    if (bodyBytes > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) stop(tooBig());
  });
  req.pipe(parser);
  try {
    await body;
  } finally {
    clearInterval(timer);
    signal.removeEventListener("abort", gone);
  }
  await fileWritten();
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
  known?: DetectedImage,
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

/**
 * Room on the data folder's disk that photos never take: the records (an inquiry, a booking) are
 * small and must always find a place, so a disk filled by uploads still takes every quote.
 */
export const MEDIA_RESERVE_BYTES = 256 * 1024 * 1024;

/** 507 when storing an upload of `declared` bytes would leave less than the reserve free. */
async function checkRoom(declared: number, ctx: ApiContext): Promise<void> {
  const { bavail, bsize } = await fs.promises.statfs(ctx.dataDir);
  if (bavail * bsize - declared >= ctx.mediaReserveBytes) return;
  throw new HttpError(507, "Serveren har ikke plass til flere bilder nå; prøv igjen senere", { "Retry-After": "30" });
}

export async function handleMediaUpload(req: http.IncomingMessage, res: http.ServerResponse, ctx: ApiContext) {
  const declared = Number(req.headers["content-length"] ?? 0) || 0;
  if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) throw tooBig();
  const signal = clientSignal(req, res);
  await checkRoom(declared, ctx);
  await ctx.uploads.run(async () => {
    const dir = mediaDir(ctx.dataDir);
    await privateDir(dir);
    const temp = tempPath(dir);
    try {
      const upload = await receiveUpload(req, temp, signal, ctx.uploadDeadline);
      checkPayload(upload.payload);
      if (!upload.file || upload.file.size === 0) throw new HttpError(400, "file: mangler (et bilde)");
      const detected = await detectImage(temp);
      if (!detected) {
        throw new HttpError(415, `file: «${upload.file.name}» er ikke et bilde (JPEG, PNG, WebP, GIF, AVIF, HEIC)`);
      }
      checkPixels(detected);
      const image = await withoutMetadata(temp, detected);
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
  }, signal);
}

/** The query parameters a find may carry besides its one filename (Payload's, which change nothing here). */
const FIND_PARAMETERS = new Set(["depth", "limit", "fallback-locale", "locale"]);
const FIND_BY_NAME = "where[filename][equals]";

/**
 * The one filename a find asks for. Anything but exactly one
 * `where[filename][equals]` with a name and the harmless parameters above is
 * refused: another parameter, operator or spelling (`WHERE[…]`, `page`,
 * `sort`, `where[filename][like]`, the name twice, an empty name) is 400,
 * no name at all (a listing) 403, and a name that is not SHAREABLE_MEDIA_NAME
 * 403: only the workshop reads those.
 */
function wantedName(query: URLSearchParams): string {
  for (const key of query.keys()) {
    if (key !== FIND_BY_NAME && !FIND_PARAMETERS.has(key)) {
      throw new HttpError(400, `Ukjent parameter «${key.slice(0, 80)}»; bare ${FIND_BY_NAME}=<filnavn> støttes`);
    }
  }
  const names = query.getAll(FIND_BY_NAME);
  if (names.length === 0) {
    throw new HttpError(403, `Bildene kan ikke listes; spør etter ett bilde med ${FIND_BY_NAME}=<filnavn>`);
  }
  if (names.length > 1 || !names[0]) throw new HttpError(400, `${FIND_BY_NAME} skal gis én gang, med ett filnavn`);
  return shareableName(names[0]);
}

/** `name` when anyone may read the upload by it (SHAREABLE_MEDIA_NAME); else 403. */
function shareableName(name: string): string {
  if (!SHAREABLE_MEDIA_NAME.test(name)) throw new HttpError(403, "Bare verkstedet kan se dette bildet");
  return name;
}

/** Whether an upload is stored under `name` (one look-up, whatever the store holds). */
export async function isStored(dataDir: string, name: string): Promise<boolean> {
  if (!STORED_MEDIA_NAME.test(name)) return false;
  const stat = await fs.promises.stat(path.join(mediaDir(dataDir), name)).catch(() => undefined);
  return stat?.isFile() ?? false;
}

/**
 * Payload's find, as it answers an anonymous visitor under the access rule of
 * payload/collections/Media.ts: the upload stored under the one shareable filename asked for,
 * or none. Never a listing; the time does not grow with the store.
 */
export async function findMedia(_req: http.IncomingMessage, res: http.ServerResponse, ctx: ApiContext) {
  const wanted = wantedName(ctx.target.query);
  const limitParam = Number(ctx.target.query.get("limit") ?? 10);
  const limit = Number.isInteger(limitParam) && limitParam > 0 ? Math.min(limitParam, 100) : 10;
  const docs = (await isStored(ctx.dataDir, wanted)) ? [await mediaDoc(mediaDir(ctx.dataDir), wanted)] : [];
  sendJson(res, 200, {
    docs,
    totalDocs: docs.length,
    limit,
    totalPages: 1,
    page: 1,
    pagingCounter: 1,
    hasPrevPage: false,
    hasNextPage: false,
    prevPage: null,
    nextPage: null,
  });
}

/**
 * GET /api/media/file/<filename>: a stored upload, to whoever knows its
 * shareable name (any other name is 403, stored or not). Served as the image
 * it is (nosniff, its type from the contract) under a policy that lets it run
 * nothing (`sandbox`), should a browser ever open it as a document, and kept
 * in no cache (`private, no-store`): a customer's photo stays on no shared
 * computer or proxy.
 */
export async function serveMedia(req: http.IncomingMessage, res: http.ServerResponse, ctx: ApiContext) {
  const name = ctx.target.path.slice(MEDIA_FILE_PATH.length + 1);
  if (!STORED_MEDIA_NAME.test(name)) throw new HttpError(404, `Finner ikke ${MEDIA_FILE_PATH}/${name.slice(0, 120)}`);
  shareableName(name);
  if (!(await isStored(ctx.dataDir, name))) throw new HttpError(404, `Finner ikke ${MEDIA_FILE_PATH}/${name}`);
  for (const [header, value] of COMMON_HEADERS) res.setHeader(header, value);
  res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
  res.setHeader("Cache-Control", "private, no-store");
  await sendFile(req, res, { root: mediaDir(ctx.dataDir), relative: name }).catch((error: unknown) => {
    throw storageError(error, "lese bildet") ?? error;
  });
}
