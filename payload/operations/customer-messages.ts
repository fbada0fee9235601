/**
 * What the customer sends the workshop on a link: a question (on either
 * link) and photos (on a photo link). Each is stored once per link and
 * content (./once.ts), so the same message sent again is stored once.
 */
import type { PayloadRequest } from "payload";
import type { CaseAnswer } from "../../lib/api/case-link";
import { FIELD_LIMITS, type ImageRef } from "../../lib/api/schemas";
import { Refusal } from "../http";
import { INQUIRY_SLUG } from "../names";
import { storedPhotos, type MediaId } from "../photos";
import { lockCase } from "./case-lock";
import { digest, once } from "./once";
import { openLink, reopened } from "./open-link";
import { idOf, LOCAL } from "./records";
import { badField, offerLinkOnly } from "./refusals";

/** Sends the workshop the customer's question `text`. */
export async function askQuestion(req: PayloadRequest, token: string, text: string): Promise<CaseAnswer> {
  const { link, quote, offer } = await openLink(req.payload, token);
  await once(req, `question:${link.id}:${digest(text)}`, {
    inquiry: quote.id,
    kind: "question",
    version: offer?.version ?? null,
    text,
    mail: { workshop: "pending" },
  });
  return reopened(req, token, "asked");
}

/** The ids of the photos `refs` name; refused naming the first that is not a photo stored here. */
async function photoIds(req: PayloadRequest, refs: ImageRef[]): Promise<MediaId[]> {
  const { ids } = await storedPhotos(req.payload, refs);
  const bad = ids.findIndex((id) => id === undefined);
  if (bad >= 0) throw badField(`photos.${bad}`, `Ugyldig forespørsel – photos.${bad}: bildet finnes ikke her`);
  return ids.filter((id) => id !== undefined);
}

/** Adds the photos `refs` name to the case, as one more damage of it. */
export async function addPhotos(req: PayloadRequest, token: string, refs: ImageRef[]): Promise<CaseAnswer> {
  const { link, quote } = await openLink(req.payload, token);
  if (link.purpose !== "photos") throw offerLinkOnly();
  const ids = await photoIds(req, refs);
  const names = refs.map((photo) => photo.filename).sort();
  await once(
    req,
    `photos:${link.id}:${digest(names.join("\n"))}`,
    { inquiry: quote.id, kind: "photos", photos: ids, mail: { workshop: "pending" } },
    async () => {
      // read under the case's lock, so photos sent at the same moment are all kept
      const current = await lockCase(req, quote.id);
      const damages = current.damages.map((damage) => ({ photos: damage.photos.map(idOf) }));
      if (damages.length >= FIELD_LIMITS.damages) {
        throw new Refusal(409, "Saken har så mange bilder den kan ta. Ring oss, så finner vi en løsning.");
      }
      await req.payload.update({
        collection: INQUIRY_SLUG,
        id: quote.id,
        data: { damages: [...damages, { photos: ids }] },
        ...LOCAL,
        req,
      });
    },
  );
  return reopened(req, token, "photos");
}
