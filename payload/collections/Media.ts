/**
 * `media`: the quote's photos (POST /api/media from the site, lib/api/schemas.ts).
 *
 * Any visitor may upload one photo (the workshop adds none, changes none and
 * deletes none: ../jobs/cleanup.ts deletes them in time); the workshop's staff read them all; anyone
 * else reads one photo only by asking for its exact, unguessable name
 * (SHAREABLE_MEDIA_NAME): the site's check after a lost answer
 * (GET /api/media?where[filename][equals]=<name>) and the file itself
 * (GET /api/media/file/<name>). No listing, by id, count or otherwise, for
 * anyone else: the rule answers a query that names one photo with a
 * constraint to that photo, which Payload joins (AND) to whatever else the
 * query asks, and anything else with `false` (403). A look-up by name uses
 * the index on `filename`, so it costs the same however many photos are stored.
 *
 * A visitor's upload brings a file and nothing else: every key of its
 * `_payload` is dropped, so its dates, name, url and id are the server's. The
 * photos themselves are taken, made again as clean JPEGs, written and served
 * by ../photos/, in `staticDir`; Payload deletes a photo's file with its
 * record. */
import path from "node:path";
import { APIError, type Access, type CollectionBeforeOperationHook, type CollectionConfig } from "payload";
import { SHAREABLE_MEDIA_NAME } from "../../lib/api/schemas";
import { isStaffRequest } from "../access";
import { MEDIA_SLUG } from "../names";
import { photoHeaders } from "../bucket";
import { cleanUpload, forgetPhoto, photoNameOnly, servePhoto, TAKEN_TYPES, writePhoto } from "../photos";

export { MEDIA_SLUG };

/**
 * The types a photo is taken in (Payload's `mimeTypes`: the admin's file
 * picker offers them). ../photos/ makes each a JPEG before Payload reads it.
 */
export const MEDIA_MIME_TYPES: string[] = TAKEN_TYPES.map((type) => type.mime);

/** Where Payload keeps an upload collection's files when the app names no folder. */
const DEFAULT_STATIC_DIR = path.resolve(MEDIA_SLUG);

/** `value` is a plain object whose only key is `key`. */
function onlyKey(value: unknown, key: string): value is Record<string, unknown> {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value) && Object.keys(value!).join() === key;
}

/**
 * The one filename a request asks for, when it asks for exactly one: a file
 * request's own name, or a query whose whole `where` is `filename equals
 * <one name>`. Anything else (no where, another field or operator, `or`,
 * `and`, the name twice) is undefined.
 */
export function askedFilename({ req, data, isReadingStaticFile }: Parameters<Access>[0]): string | undefined {
  if (isReadingStaticFile) return typeof data?.filename === "string" ? data.filename : undefined;
  const where: unknown = req.query?.where;
  if (!onlyKey(where, "filename") || !onlyKey(where.filename, "equals")) return undefined;
  const name = where.filename.equals;
  return typeof name === "string" ? name : undefined;
}

/** Staff read everything; anyone else the one photo they name by its shareable name. */
export const readMedia: Access = (args) => {
  if (isStaffRequest(args.req)) return true;
  const filename = askedFilename(args);
  return filename !== undefined && SHAREABLE_MEDIA_NAME.test(filename) ? { filename: { equals: filename } } : false;
};

/**
 * A photo is the customer's: visitors upload them, and nobody, the workshop
 * included, adds one from the admin, changes one or deletes one by a request.
 * The plugin's cleanup (../jobs/cleanup.ts) deletes them when their time is up.
 */
const uploadedByVisitors: Access = ({ req }) => !isStaffRequest(req);

/**
 * A visitor's upload is a file and nothing else: without one, Payload would
 * take the body's `url` and fetch the photo from there itself (or copy a
 * stored one by its `filename`), which is for the workshop's admin only; and
 * of the data sent with it (`_payload`) no key is kept, so `createdAt`,
 * `updatedAt`, `id`, `filename`, `url` and the rest are the server's. Every
 * file is checked and made again (../photos/) before Payload reads it. A
 * staff member's upload is left alone: the collection's access refuses it
 * next, and the plugin's own code (the local API) goes on as it asks.
 */
const takeUpload =
  (dir: string | undefined, reserve: number | undefined): CollectionBeforeOperationHook =>
  async ({ args, operation, req }) => {
    if (operation !== "create" && operation !== "update") return args;
    // crop and focal point are off: no request has Payload edit (and encode again) what was cleaned
    if (req.query && "uploadEdits" in req.query) delete (req.query as Record<string, unknown>).uploadEdits;
    if (isStaffRequest(req)) return args;
    if (req.file) await cleanUpload(req, dir, reserve);
    else if (operation === "create") {
      throw new APIError("Send bildet som filen «file» (multipart/form-data)", 400, undefined, true);
    }
    return operation === "create" ? { ...args, data: {} } : args;
  };

export interface MediaOptions {
  /** where the files are stored on disk (Payload's `upload.staticDir`); Payload's default when left out */
  staticDir?: string;
  /** room on that disk that uploads never take (default DISK_RESERVE_BYTES) */
  diskReserveBytes?: number;
  /**
   * the files are kept in a bucket (../bucket.ts adds the storage adapter that writes, serves and
   * deletes them there): nothing of a photo is written to the disk then
   */
  inBucket?: boolean;
}

export function mediaCollection({
  staticDir,
  diskReserveBytes,
  inBucket = false,
}: MediaOptions = {}): CollectionConfig {
  const dir = staticDir === undefined ? DEFAULT_STATIC_DIR : path.resolve(/*turbopackIgnore: true*/ staticDir);
  // on the disk, ../photos/ writes and serves the files; in a bucket, the storage adapter does, with the same headers
  const store = inBucket
    ? { beforeChange: [], afterError: [], handlers: [photoNameOnly], modifyResponseHeaders: photoHeaders }
    : { beforeChange: [writePhoto(dir)], afterError: [forgetPhoto], handlers: [servePhoto(dir)] };
  return {
    slug: MEDIA_SLUG,
    labels: { singular: "Bilde", plural: "Bilder" },
    // the workshop sees the photos on their cases (../admin/sent/Sent.tsx), not as a list of files
    admin: { useAsTitle: "filename", defaultColumns: ["filename", "createdAt"], hidden: true },
    defaultSort: "-createdAt",
    access: { create: uploadedByVisitors, read: readMedia, update: () => false, delete: () => false },
    // the site speaks REST only; GraphQL would be one more way in to guard
    graphQL: false,
    hooks: {
      beforeOperation: [takeUpload(inBucket ? undefined : dir, diskReserveBytes)],
      beforeChange: store.beforeChange,
      afterError: store.afterError,
    },
    upload: {
      staticDir: dir,
      mimeTypes: MEDIA_MIME_TYPES,
      // Payload names the files and deletes them with their record; it writes none itself
      disableLocalStorage: true,
      handlers: store.handlers,
      ...(store.modifyResponseHeaders ? { modifyResponseHeaders: store.modifyResponseHeaders } : {}),
      // the workshop keeps the photos as they came: nothing to crop or focus
      crop: false,
      focalPoint: false,
    },
    fields: [
      // where @payloadcms/storage-s3 keeps a photo's object key (../bucket.ts); there with the photos on disk too,
      // so the schema, and the migrations, are one whichever store holds the files
      { name: "_objectKey", type: "text", admin: { hidden: true, readOnly: true } },
    ],
  };
}
