/** Looking up stored photos: which of the photos a request names are stored here, by name and url. */
import type { DataFromCollectionSlug, Payload } from "payload";
import { MEDIA_SLUG } from "../names";

/** A photo's id, as the app's types have it. */
export type MediaId = DataFromCollectionSlug<typeof MEDIA_SLUG>["id"];

/**
 * The stored photos a request names, each by file name and url: `ids[i]` is
 * the id of the photo `refs[i]` names, or undefined when no photo here has
 * that name or its url is not the one Payload gave it; `missing` holds the
 * names no photo here has (the site uploads those again).
 */
export async function storedPhotos(
  payload: Payload,
  refs: { filename: string; url: string }[],
): Promise<{ ids: (MediaId | undefined)[]; missing: string[] }> {
  const names = [...new Set(refs.map((ref) => ref.filename))];
  const { docs } = await payload.find({
    collection: MEDIA_SLUG,
    where: { filename: { in: names } },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  });
  const byName = new Map(docs.map((doc) => [doc.filename, doc]));
  const ids = refs.map((ref) => {
    const doc = byName.get(ref.filename);
    const url = doc?.url ? new URL(doc.url, payload.config.serverURL).href : undefined;
    return doc && url === new URL(ref.url).href ? doc.id : undefined;
  });
  return { ids, missing: names.filter((name) => !byName.has(name)) };
}
