/**
 * Serving a photo (`servePhoto`): to whoever the collection's read access
 * lets read it, with its type, never cached, under a policy that runs
 * nothing; the file is closed however the download ends. What is written is
 * JPEG; a file of another of SERVED_TYPES already in the folder is served
 * with its own type.
 */
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { UploadConfig } from "payload";
import { IMAGE_TYPES, STORED_MEDIA_NAME, extensionOf } from "../../lib/api/schemas";

/** The types a file in the photos' folder is served as: JPEG, and a PNG, WebP or GIF already there. */
const SERVED_TYPES = IMAGE_TYPES.filter((type) => ["jpeg", "png", "webp", "gif"].includes(type.format));

/** The headers every stored photo is served with, from the disk or from a bucket (../bucket.ts). */
export const PHOTO_HEADERS = {
  "Cache-Control": "private, no-store",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
  "X-Content-Type-Options": "nosniff",
} as const;

/** The answer for a name no photo is stored under. */
const notFound = () => Response.json({ errors: [{ message: "Finner ikke bildet" }] }, { status: 404 });

/**
 * In a bucket, the first of the file handlers: a name no photo can be stored
 * under is 404 here; any other goes on to the bucket's handler.
 */
export const photoNameOnly: NonNullable<UploadConfig["handlers"]>[number] = (_req, { params }) => {
  if (!STORED_MEDIA_NAME.test(params.filename)) return notFound();
};

/**
 * Payload's file handler for `GET <collection>/file/<filename>`, called once
 * read access has let the request through: the stored file, its type from
 * its extension, never cached, under a policy that runs nothing; 404 when
 * there is no such file. The file is closed when the answer ends, is cut
 * off or the client goes.
 */
export const servePhoto =
  (dir: string): NonNullable<UploadConfig["handlers"]>[number] =>
  async (_req, { params }) => {
    const name = params.filename;
    const type = STORED_MEDIA_NAME.test(name)
      ? SERVED_TYPES.find((t) => t.extensions.includes(extensionOf(name) as never))
      : undefined;
    const stat = type ? await fs.promises.stat(path.join(dir, name)).catch(() => undefined) : undefined;
    if (!type || !stat?.isFile()) return notFound();
    const stream = fs.createReadStream(path.join(dir, name));
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
      headers: { "Content-Type": type.mime, "Content-Length": String(stat.size), ...PHOTO_HEADERS },
    });
  };
