/**
 * What the customer sends the workshop on a link: a question (on either
 * link, QUESTIONS_PER_LINK at most) and photos (on a photo link). Each is
 * stored once per link and content (./once.ts), so the same message sent
 * again is stored once.
 */
import type { PayloadRequest } from "payload";
import type { CaseAnswer } from "../../lib/api/case-link";
import { FIELD_LIMITS, type ImageRef } from "../../lib/api/schemas";
import { Refusal } from "../http";
import { EVENT_SLUG, INQUIRY_SLUG } from "../names";
import { storedPhotos, type MediaId } from "../photos";
import { lockCase } from "./case-lock";
import { digest, once } from "./once";
import { openLink, reopened } from "./open-link";
import { idOf, LOCAL, type Link, type Quote } from "./records";
import { badField, offerLinkOnly } from "./refusals";

/** The questions one link takes in a day (the last 24 hours), and in all. */
export const QUESTIONS_PER_LINK = { day: 5, total: 20 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

const questionKey = (link: Link) => `question:${link.id}:`;

/** The questions the link has taken, in all and in the last day. */
async function questionsAsked(req: PayloadRequest, link: Link, quote: Quote) {
  const { docs } = await req.payload.find({
    collection: EVENT_SLUG,
    where: { and: [{ inquiry: { equals: quote.id } }, { kind: { equals: "question" } }] },
    select: { once: true, at: true },
    pagination: false,
    ...LOCAL,
    req,
  });
  const asked = docs.filter((event) => event.once?.startsWith(questionKey(link)));
  return { asked, today: asked.filter((event) => Date.parse(event.at) > Date.now() - DAY_MS).length };
}

/**
 * Sends the workshop the customer's question `text`, refused beyond
 * QUESTIONS_PER_LINK with the workshop's `phone` to call instead. The
 * question sent again gets the first one's answer, whatever the count.
 */
export async function askQuestion(
  req: PayloadRequest,
  token: string,
  text: string,
  phone: string,
): Promise<CaseAnswer> {
  const { link, quote, offer } = await openLink(req.payload, token);
  const key = `${questionKey(link)}${digest(text)}`;
  const tooMany = new Refusal(429, `Du har sendt mange spørsmål. Ring oss på ${phone}, så svarer vi deg.`, {
    field: "text",
  });
  const before = await questionsAsked(req, link, quote);
  const again = before.asked.some((event) => event.once === key);
  if (!again && (before.asked.length >= QUESTIONS_PER_LINK.total || before.today >= QUESTIONS_PER_LINK.day)) {
    throw tooMany;
  }
  await once(
    req,
    key,
    { inquiry: quote.id, kind: "question", version: offer?.version ?? null, text, mail: { workshop: "pending" } },
    async () => {
      // counted again under the case's lock, this one included, where the database has transactions: questions
      // sent at the same moment are then counted one after the other
      await lockCase(req, quote.id);
      const now = await questionsAsked(req, link, quote);
      if (now.asked.length > QUESTIONS_PER_LINK.total || now.today > QUESTIONS_PER_LINK.day) throw tooMany;
    },
  );
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
