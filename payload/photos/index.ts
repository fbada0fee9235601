/**
 * How the `media` collection takes, keeps and serves a photo: the parts of a
 * Payload storage adapter, on the local disk, a verb a file.
 *
 * - **Taken in** (./upload.ts, before Payload reads the file): only an image
 *   of a type taken, within its pixels and the disk's reserve, in the
 *   re-encode lane of its client;
 * - **made again** (./reencode.ts) from its pixels as a clean JPEG, with no
 *   metadata, within the stored bounds;
 * - **written** (./write.ts, once Payload has named it) durably before its
 *   record is stored, and removed again when the record fails;
 * - **served** (./serve.ts) to whoever may read it, never cached, under a
 *   policy that runs nothing;
 * - **looked up** (./lookup.ts) by the name and url a request gives.
 *
 * What the verbs share (the refusals the client hears, the disk's answers,
 * the private modes) is ./adapter.ts.
 */
export { storedPhotos, type MediaId } from "./lookup";
export { MAX_STORED_BYTES, MAX_STORED_SIDE, STORED_TYPE, storedJpeg } from "./reencode";
export { DISK_RESERVE_BYTES, MAX_HEIF_PIXELS, REENCODE_LANE, TAKEN_TYPES, cleanUpload } from "./upload";
export { forgetPhoto, removeTemporaryPhotos, writePhoto } from "./write";
export { PHOTO_HEADERS, photoNameOnly, servePhoto } from "./serve";
