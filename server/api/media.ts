/**
 * POST /api/media: one uploaded image, the way the admin host (Payload CMS)
 * takes it: multipart with `_payload` (a JSON object) and `file`. The bytes
 * must really be a raster image (sharp reads them; the name and the declared
 * type count for nothing), at most MAX_UPLOAD_BYTES. Kept as
 * .data/media/<filename> and served back by GET at the answer's doc.url.
 */
import type http from "node:http";
import fs from "node:fs";
import path from "node:path";
import busboy from "busboy";
import serveHandler from "serve-handler";
import sharp from "sharp";
import { MAX_UPLOAD_BYTES, MEDIA_FILE_PATH, type MediaResponse } from "../../lib/api/contract";
import { HttpError, sendJson } from "./http";
import { DATA_DIR, writeFileAtomic } from "./store";

/** What sharp calls the format → the extension and MIME type we keep it under. */
const FORMATS: Record<string, { ext: string; mime: string }> = {
  jpeg: { ext: ".jpg", mime: "image/jpeg" },
  png: { ext: ".png", mime: "image/png" },
  webp: { ext: ".webp", mime: "image/webp" },
  gif: { ext: ".gif", mime: "image/gif" },
  avif: { ext: ".avif", mime: "image/avif" },
  heic: { ext: ".heic", mime: "image/heic" },
};

const mediaDir = (dataDir = DATA_DIR) => path.join(dataDir, "media");

interface Upload {
  payload: string | undefined;
  file: { name: string; bytes: Buffer } | undefined;
}

/** Reads the multipart body with busboy: 415 if it is not multipart, 413 past the size cap, 400 if malformed. */
function readMultipart(req: http.IncomingMessage): Promise<Upload> {
  const type = req.headers["content-type"] ?? "";
  if (!/^multipart\/form-data\b/i.test(type)) {
    return Promise.reject(new HttpError(415, "Forventet Content-Type: multipart/form-data"));
  }
  // a little room for the other parts and the boundaries
  if (Number(req.headers["content-length"] ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024) {
    return Promise.reject(new HttpError(413, `Filen er større enn ${MAX_UPLOAD_BYTES} byte`));
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 4, fieldSize: 16 * 1024, parts: 6 },
      });
    } catch (error) {
      reject(new HttpError(400, `Ugyldig multipart-forespørsel (${(error as Error).message})`));
      return;
    }
    const upload: Upload = { payload: undefined, file: undefined };
    let failure: HttpError | undefined;
    const fail = (error: HttpError) => (failure ??= error);

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) fail(new HttpError(413, `Feltet ${name} er for stort`));
      if (name === "_payload") upload.payload = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== "file") {
        fail(new HttpError(400, `Ukjent filfelt «${name}»; bruk «file»`));
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => fail(new HttpError(413, `Filen er større enn ${MAX_UPLOAD_BYTES} byte`)));
      stream.on("end", () => {
        upload.file = { name: info.filename ?? "", bytes: Buffer.concat(chunks) };
      });
    });
    parser.on("filesLimit", () => fail(new HttpError(400, "Bare én fil per forespørsel")));
    parser.on("partsLimit", () => fail(new HttpError(400, "For mange felt i forespørselen")));
    parser.on("fieldsLimit", () => fail(new HttpError(400, "For mange felt i forespørselen")));
    parser.on("error", (error: Error) =>
      reject(new HttpError(400, `Ugyldig multipart-forespørsel (${error.message})`)),
    );
    parser.on("close", () => (failure ? reject(failure) : resolve(upload)));
    req.on("aborted", () => reject(new HttpError(400, "Forespørselen ble avbrutt")));
    req.pipe(parser);
  });
}

/** The image format of these bytes, or undefined when they are not an image we take (SVG is not: it can carry script). */
export async function detectImage(
  bytes: Buffer,
): Promise<{ ext: string; mime: string; width?: number; height?: number } | undefined> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata();
    const key = meta.format === "heif" ? (meta.compression === "av1" ? "avif" : "heic") : meta.format;
    const format = key ? FORMATS[key] : undefined;
    return format && { ...format, width: meta.width, height: meta.height };
  } catch {
    return undefined;
  }
}

/** A safe file name: the client's base name in [A-Za-z0-9._-], with the extension of what the bytes are. */
export function storedName(clientName: string, ext: string): string {
  const base = path
    .basename(clientName)
    .replace(/\.[^.]*$/, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
  return `${base || "bilde"}${ext}`;
}

/** Like Payload: a name already taken gets -1, -2, … before the extension. */
async function freeName(dir: string, name: string): Promise<string> {
  const ext = path.extname(name);
  const base = name.slice(0, -ext.length);
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? name : `${base}-${n}${ext}`;
    try {
      await fs.promises.access(path.join(dir, candidate));
    } catch {
      return candidate;
    }
  }
}

export async function handleMediaUpload(req: http.IncomingMessage, res: http.ServerResponse, dataDir?: string) {
  const upload = await readMultipart(req);
  if (upload.payload !== undefined) {
    let payload: unknown;
    try {
      payload = JSON.parse(upload.payload);
    } catch {
      throw new HttpError(400, "_payload: må være et JSON-objekt");
    }
    if (!payload || typeof payload !== "object" || Array.isArray(payload)) {
      throw new HttpError(400, "_payload: må være et JSON-objekt");
    }
  }
  if (!upload.file || upload.file.bytes.length === 0) throw new HttpError(400, "file: mangler (et bilde)");
  const image = await detectImage(upload.file.bytes);
  if (!image)
    throw new HttpError(415, `file: «${upload.file.name}» er ikke et bilde (JPEG, PNG, WebP, GIF, AVIF, HEIC)`);

  const dir = mediaDir(dataDir);
  await fs.promises.mkdir(dir, { recursive: true });
  const filename = await freeName(dir, storedName(upload.file.name, image.ext));
  await writeFileAtomic(path.join(dir, filename), upload.file.bytes);
  const now = new Date().toISOString();
  const answer: MediaResponse = {
    doc: {
      id: filename.replace(/\.[^.]+$/, ""),
      filename,
      mimeType: image.mime,
      filesize: upload.file.bytes.length,
      width: image.width,
      height: image.height,
      url: `${MEDIA_FILE_PATH}/${encodeURIComponent(filename)}`,
      createdAt: now,
      updatedAt: now,
    },
    message: "Media successfully created.",
  };
  sendJson(res, 201, answer);
}

/** GET /api/media/file/<filename>: a stored upload, served by serve-handler from .data/media/. */
export async function serveMedia(req: http.IncomingMessage, res: http.ServerResponse, dataDir?: string) {
  const url = new URL(req.url ?? "/", "http://localhost");
  const name = decodeURIComponent(url.pathname.slice(MEDIA_FILE_PATH.length + 1));
  if (!name || name.includes("/") || name.startsWith(".") || !FORMATS_BY_EXT.has(path.extname(name).toLowerCase())) {
    throw new HttpError(404, `Finner ikke ${url.pathname}`);
  }
  try {
    await fs.promises.access(path.join(mediaDir(dataDir), name));
  } catch {
    throw new HttpError(404, `Finner ikke ${url.pathname}`);
  }
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cache-Control", "public, max-age=3600");
  req.url = `/${encodeURIComponent(name)}`;
  await serveHandler(req, res, { public: mediaDir(dataDir), directoryListing: false, cleanUrls: false });
}

const FORMATS_BY_EXT = new Set(Object.values(FORMATS).map((f) => f.ext));
