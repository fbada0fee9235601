/**
 * `media`: the quote's photos (POST /api/media from the site, lib/api/schemas.ts).
 *
 * Anyone may upload one photo; the workshop's staff read them all; anyone
 * else reads one photo only by asking for its exact, unguessable name
 * (SHAREABLE_MEDIA_NAME): the site's check after a lost answer
 * (GET /api/media?where[filename][equals]=<name>) and the file itself
 * (GET /api/media/file/<name>). No listing, by id, count or otherwise, for
 * anyone else: the rule answers a query that names one photo with a
 * constraint to that photo, which Payload joins (AND) to whatever else the
 * query asks, and anything else with `false` (403).
 *
 * What is stored carries no metadata: with a sharp option set Payload runs
 * every upload of these types through sharp (upright, `rotate()`), and with
 * `withMetadata` false sharp writes no EXIF, XMP or IPTC, GPS position
 * included. HEIC and HEIF are not taken: Payload never runs sharp on them,
 * so they would be stored as they came (the site sends JPEG only). A photo
 * above MAX_IMAGE_PIXELS is refused before it is decoded.
 */
import { APIError, type Access, type CollectionBeforeOperationHook, type CollectionConfig } from "payload";
import { IMAGE_TYPES, MAX_IMAGE_PIXELS, SHAREABLE_MEDIA_NAME } from "../../lib/api/schemas";
import { isStaff, isStaffRequest } from "../access";
import { MEDIA_SLUG } from "../names";

export { MEDIA_SLUG };

/** The types an upload may be: the contract's, less those Payload would store without cleaning (HEIC, HEIF). */
export const MEDIA_MIME_TYPES: string[] = IMAGE_TYPES.map((type) => type.mime).filter(
  (mime) => mime !== "image/heic" && mime !== "image/heif",
);

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
 * A visitor's upload is a file and nothing else: without one, Payload would
 * take the body's `url` and fetch the photo from there itself (or copy a
 * stored one by its `filename`), which is for the workshop's admin only.
 */
const visitorsSendAFile: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === "create" && !isStaffRequest(req) && !req.file) {
    throw new APIError("Send bildet som filen «file» (multipart/form-data)", 400, undefined, true);
  }
  return args;
};

export interface MediaOptions {
  /** where the files are stored on disk (Payload's `upload.staticDir`); Payload's default when left out */
  staticDir?: string;
}

export function mediaCollection({ staticDir }: MediaOptions = {}): CollectionConfig {
  return {
    slug: MEDIA_SLUG,
    labels: { singular: "Bilde", plural: "Bilder" },
    admin: { useAsTitle: "filename", defaultColumns: ["filename", "createdAt"] },
    defaultSort: "-createdAt",
    access: { create: () => true, read: readMedia, update: isStaff, delete: isStaff },
    // the site speaks REST only; GraphQL would be one more way in to guard
    graphQL: false,
    hooks: { beforeOperation: [visitorsSendAFile] },
    upload: {
      ...(staticDir === undefined ? {} : { staticDir }),
      mimeTypes: MEDIA_MIME_TYPES,
      // any sharp option makes Payload re-encode every upload of these types; this one also
      // refuses a photo of more pixels than the contract takes before it is decoded
      constructorOptions: { limitInputPixels: MAX_IMAGE_PIXELS },
      withMetadata: false,
      // the workshop keeps the photos as they came: nothing to crop or focus
      crop: false,
      focalPoint: false,
      // a customer's photo stays in no shared cache
      modifyResponseHeaders: ({ headers }) => {
        headers.set("Cache-Control", "private, no-store");
        return headers;
      },
    },
    fields: [],
  };
}
