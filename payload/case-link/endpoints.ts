/**
 * The calls of a customer's link (lib/api/case-link.ts has the contract):
 *
 *   - the workshop's two, on a quote: `request-photos` and `send-offer`,
 *     for a logged-in employee only. Each stores the link's record and the
 *     case's event, and queues the e-mail that makes and sends the token
 *     (./mail.ts). A new offer is the next version; the offers it replaces
 *     are marked so and their links end, as do the photo links a new photo
 *     request replaces.
 *   - the customer's five, under /api/sak: the token in the body says who
 *     they are, and nothing else does (a staff cookie widens nothing). The
 *     view changes nothing and sends nothing, since mail scanners open links;
 *     each action is stored once, under its own unique key (`once` on the
 *     event), so ten presses at once store one answer, and every press gets
 *     the answer the first one got.
 *
 * A link ends when its case closes, when it is replaced, or LINK_KEPT_MS
 * after its e-mail went; an ended, unknown or expired link gets one answer.
 * Every answer is `Cache-Control: no-store`.
 */
import { createHash } from "node:crypto";
import {
  commitTransaction,
  initTransaction,
  killTransaction,
  ValidationError,
  type DataFromCollectionSlug,
  type Endpoint,
  type Payload,
  type PayloadRequest,
  type RequiredDataFromCollectionSlug,
  type Where,
} from "payload";
import {
  acceptRequestSchema,
  CASE_LINK_PATHS,
  declineRequestSchema,
  photosRequestSchema,
  questionRequestSchema,
  requestPhotosSchema,
  sendOfferSchema,
  viewRequestSchema,
  needsEarlyStart,
  type CaseAnswer,
  type CaseRefusal,
  type CaseView,
} from "../../lib/api/case-link";
import { FIELD_LIMITS } from "../../lib/api/schemas";
import { osloToday } from "../../lib/oslo-time";
import type { Site } from "../../lib/content/schemas";
import type { CaseLinkTexts } from "../../lib/content/emails-schema";
import { isStaffRequest } from "../access";
import { carLine, type VehicleRecord } from "../car";
import { readJson, Refusal } from "../inquiry-endpoint";
import { storedPhotos, type MediaId } from "../photos";
import {
  AGREEMENT_SLUG,
  EVENT_EMAIL_TASK,
  EVENT_SLUG,
  INQUIRY_SLUG,
  LINK_EMAIL_TASK,
  LINK_SLUG,
  OFFER_SLUG,
} from "../names";
import type { EventKind, OfferRecord } from "./collections";
import { confirmation, type Acceptance } from "../mail";
import { hashToken } from "./token";
import { queueJob } from "../queue";

/** A record's id, as the app's types have it (a number on both databases the workshop runs). */
type Id = DataFromCollectionSlug<typeof INQUIRY_SLUG>["id"];
type EventData = Omit<RequiredDataFromCollectionSlug<typeof EVENT_SLUG>, "once" | "at">;

/** How long a link works after its e-mail went, when nothing ended it before. */
export const LINK_KEPT_MS = 90 * 24 * 60 * 60 * 1000;
/** The largest body the customer's calls take. */
const MAX_BODY_BYTES = 64 * 1024;

/** A refusal: its status, its Norwegian message, and what the answer adds (a reason, the field at fault, the view). */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { reason?: CaseRefusal["reason"]; field?: string; view?: CaseView } = {},
  ) {
    super(message);
  }
}

const HEADERS = { "Cache-Control": "no-store" };
const json = (status: number, body: unknown) => Response.json(body, { status, headers: HEADERS });

const ENDED = "Lenken virker ikke lenger.";
const REPLACED = "Tilbudet er endret. Se den nye e-posten fra oss.";

interface Schema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
}

async function bodyOf<T>(req: PayloadRequest, schema: Schema<T>): Promise<T> {
  let data: unknown;
  try {
    data = await readJson(req, MAX_BODY_BYTES);
  } catch (error) {
    // readJson's refusals (too large: 413, not JSON: 400) keep their status and words; any other failure is the server's
    if (error instanceof Refusal) throw new Refused(error.status, error.message);
    throw error;
  }
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join(".");
  throw new Refused(400, `Ugyldig forespørsel – ${field || "(hele forespørselen)"}: ${issue.message}`, { field });
}

/** Runs `handler`, answering a Refused as its status with its message; anything else is Payload's 500. */
const answering =
  (handler: (req: PayloadRequest) => Promise<Response>) =>
  async (req: PayloadRequest): Promise<Response> => {
    try {
      return await handler(req);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      const { reason, field, view } = error.extra;
      return json(error.status, {
        ...(reason ? { reason } : {}),
        errors: [{ message: error.message, ...(field ? { field } : {}) }],
        ...(view ? { view } : {}),
      });
    }
  };

/** Runs `work` in one transaction where the database has them; undone when it throws. */
async function inTransaction<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  const started = await initTransaction(req);
  try {
    const result = await work();
    if (started) await commitTransaction(req);
    return result;
  } catch (error) {
    if (started) await killTransaction(req);
    throw error;
  }
}

interface Quote {
  id: Id;
  regNumber: string;
  email: string;
  status: string;
  vehicle?: VehicleRecord | null;
  damages?: { photos?: ({ id: MediaId; url?: string | null } | MediaId)[] | null }[] | null;
}

type Offer = OfferRecord & { id: Id; inquiry: Id };

interface Link {
  id: Id;
  inquiry: Id;
  purpose: "photos" | "offer";
  offer?: Id | null;
  message?: string | null;
  mailedAt?: string | null;
  endedAt?: string | null;
  endedBecause?: "replaced" | "closed" | null;
}

const local = { depth: 0, overrideAccess: true } as const;

const findQuote = async (payload: Payload, id: Id, req?: PayloadRequest) =>
  (await payload.findByID({
    collection: INQUIRY_SLUG,
    id,
    disableErrors: true,
    ...local,
    depth: 1,
    req,
  })) as unknown as Quote | null;

const findOffer = async (payload: Payload, id: Id, req?: PayloadRequest) =>
  (await payload.findByID({
    collection: OFFER_SLUG,
    id,
    disableErrors: true,
    ...local,
    req,
  })) as unknown as Offer | null;

/**
 * Inside a transaction: takes the quote's row for this transaction (a write
 * to it, which another transaction's write waits for, PostgreSQL's row lock
 * and SQLite's one writer) and returns the quote as it is now. Every call
 * that changes a case's offers or state starts with it, so two of them on one
 * case run one after the other, each seeing what the other did.
 */
async function lockCase(req: PayloadRequest, id: Id): Promise<Quote> {
  await req.payload.db.updateOne({
    collection: INQUIRY_SLUG,
    id,
    data: { updatedAt: new Date().toISOString() },
    req,
    returning: false,
  });
  const quote = await findQuote(req.payload, id, req);
  if (!quote) throw new Refused(404, ENDED, { reason: "ended" });
  return quote;
}

/**
 * Inside a transaction, after lockCase: the offer as it is now, refused when
 * it takes no answer any more (replaced, closed, answered) or its case closed.
 */
async function stillOpen(req: PayloadRequest, quote: Quote, offer: Offer): Promise<void> {
  const now = await findOffer(req.payload, offer.id, req);
  if (quote.status === "CLOSED" || !now || now.state === "closed") throw new Refused(404, ENDED, { reason: "ended" });
  if (now.state === "replaced") throw new Refused(410, REPLACED, { reason: "replaced" });
  if (now.state !== "sent") throw new Refused(409, "Tilbudet er allerede besvart", { reason: "answered" });
}

// ------------------------------------------------------------ the workshop's calls

/** The quote the staff call names, refused when the caller is not staff, it is missing or closed. */
async function staffQuote(req: PayloadRequest): Promise<Quote> {
  if (!req.user) throw new Refused(401, "Logg inn for å gjøre dette");
  if (!isStaffRequest(req)) throw new Refused(403, "Bare verkstedets ansatte kan gjøre dette");
  const id = Number(req.routeParams?.id);
  const quote = Number.isSafeInteger(id) ? await findQuote(req.payload, id) : null;
  if (!quote) throw new Refused(404, "Fant ikke forespørselen");
  if (quote.status === "CLOSED") throw new Refused(409, "Saken er avsluttet. Åpne den igjen først.");
  return quote;
}

/** Ends the quote's open links `where` says, because `why`. */
async function endLinks(req: PayloadRequest, quote: Id, why: "replaced" | "closed", where: Where = {}) {
  await req.payload.update({
    collection: LINK_SLUG,
    where: { and: [{ inquiry: { equals: quote } }, { endedAt: { exists: false } }, where] },
    data: { endedAt: new Date().toISOString(), endedBecause: why },
    ...local,
    req,
  });
}

async function queueLinkEmail(req: PayloadRequest, link: Id) {
  await queueJob(req, { task: LINK_EMAIL_TASK, input: { link } });
}

const requestPhotos: Endpoint = {
  path: "/:id/request-photos",
  method: "post",
  handler: answering(async (req) => {
    const quote = await staffQuote(req);
    const { message } = await bodyOf(req, requestPhotosSchema);
    await inTransaction(req, async () => {
      await endLinks(req, quote.id, "replaced", { purpose: { equals: "photos" } });
      const link = await req.payload.create({
        collection: LINK_SLUG,
        data: { inquiry: quote.id, purpose: "photos", message },
        ...local,
        req,
      });
      await req.payload.create({
        collection: EVENT_SLUG,
        data: { inquiry: quote.id, kind: "photoRequest", at: new Date().toISOString(), text: message },
        ...local,
        req,
      });
      await queueLinkEmail(req, link.id);
    });
    return json(201, { message: "Kunden får en e-post med lenke for å sende bilder." });
  }),
};

const sendOffer: Endpoint = {
  path: "/:id/send-offer",
  method: "post",
  handler: answering(async (req) => {
    const quote = await staffQuote(req);
    const offer = await bodyOf(req, sendOfferSchema);
    if (offer.validUntil < osloToday())
      throw new Refused(400, "Tilbudet må gjelde til i dag eller senere", { field: "validUntil" });
    if (offer.dropOffTimes.some((time) => Date.parse(time) <= Date.now())) {
      throw new Refused(400, "Tidene for levering må være fram i tid", { field: "dropOffTimes" });
    }
    const version = await inTransaction(req, async () => {
      const current = await lockCase(req, quote.id);
      if (current.status === "ACCEPTED") {
        throw new Refused(409, "Kunden har allerede godtatt et tilbud i denne saken");
      }
      if (current.status === "CLOSED") throw new Refused(409, "Saken er avsluttet. Åpne den igjen først.");
      const { docs } = await req.payload.find({
        collection: OFFER_SLUG,
        where: { inquiry: { equals: quote.id } },
        sort: "-version",
        limit: 1,
        ...local,
        req,
      });
      const next = ((docs[0] as unknown as Offer | undefined)?.version ?? 0) + 1;
      let made;
      try {
        made = await req.payload.create({
          collection: OFFER_SLUG,
          data: {
            inquiry: quote.id,
            version: next,
            key: `${quote.id}:${next}`,
            priceType: offer.priceType,
            lines: offer.lines,
            totalNok: offer.lines.reduce((sum, line) => sum + line.amountNok, 0),
            validUntil: offer.validUntil,
            dropOffTimes: offer.dropOffTimes.map((time) => new Date(time).toISOString()),
            note: offer.note || null,
            state: "sent",
          },
          ...local,
          req,
        });
      } catch (error) {
        if (error instanceof ValidationError) {
          throw new Refused(409, "Et annet tilbud ble sendt i samme øyeblikk. Last siden på nytt.");
        }
        throw error;
      }
      await req.payload.update({
        collection: OFFER_SLUG,
        where: {
          and: [{ inquiry: { equals: quote.id } }, { state: { equals: "sent" } }, { id: { not_equals: made.id } }],
        },
        data: { state: "replaced" },
        ...local,
        req,
      });
      await endLinks(req, quote.id, "replaced", { purpose: { equals: "offer" } });
      const link = await req.payload.create({
        collection: LINK_SLUG,
        data: { inquiry: quote.id, purpose: "offer", offer: made.id },
        ...local,
        req,
      });
      await req.payload.create({
        collection: EVENT_SLUG,
        data: { inquiry: quote.id, kind: "offer", at: new Date().toISOString(), version: next },
        ...local,
        req,
      });
      await req.payload.update({ collection: INQUIRY_SLUG, id: quote.id, data: { status: "ANSWERED" }, ...local, req });
      await queueLinkEmail(req, link.id);
      return next;
    });
    return json(201, { message: "Tilbudet er sendt til kunden.", version });
  }),
};

/** The workshop's calls, on the quotes' collection. */
export const staffEndpoints: Endpoint[] = [requestPhotos, sendOffer];

/** On a quote moved to Avsluttet: its links end, and an offer not yet answered is closed with it. */
export async function closeCaseLinks(req: PayloadRequest, quote: Id): Promise<void> {
  await endLinks(req, quote, "closed");
  await req.payload.update({
    collection: OFFER_SLUG,
    where: { and: [{ inquiry: { equals: quote } }, { state: { equals: "sent" } }] },
    data: { state: "closed" },
    ...local,
    req,
  });
}

/** On a quote deleted: its offers, links and events go with it (an agreement stays: it names no case). */
export async function deleteCaseLinks(req: PayloadRequest, quote: number | string): Promise<void> {
  for (const collection of [EVENT_SLUG, LINK_SLUG, OFFER_SLUG] as const) {
    await req.payload.delete({ collection, where: { inquiry: { equals: quote } }, ...local, req });
  }
}

// ------------------------------------------------------------ the customer's calls

/** The customer's photos of the quote, absolute. */
const photoUrls = (payload: Payload, quote: Quote) =>
  (quote.damages ?? []).flatMap((damage) =>
    (damage.photos ?? []).flatMap((photo) =>
      typeof photo === "object" && photo.url ? [new URL(photo.url, payload.config.serverURL).href] : [],
    ),
  );

/** The case as the link's page shows it. */
function viewOf(payload: Payload, link: Link, quote: Quote, offer: Offer | null): CaseView {
  const car = quote.vehicle?.lookup === "found" ? carLine(quote.vehicle) : undefined;
  const state = (): NonNullable<CaseView["offer"]>["state"] => {
    if (offer!.state === "accepted") return "accepted";
    if (offer!.state === "declined") return "declined";
    return offer!.validUntil < osloToday() ? "expired" : "open";
  };
  return {
    purpose: link.purpose,
    regNumber: quote.regNumber,
    ...(car ? { car } : {}),
    photos: photoUrls(payload, quote),
    ...(link.purpose === "photos" && link.message ? { message: link.message } : {}),
    ...(offer
      ? {
          offer: {
            version: offer.version,
            priceType: offer.priceType,
            lines: offer.lines.map(({ description, amountNok }) => ({ description, amountNok })),
            totalNok: offer.totalNok,
            validUntil: offer.validUntil,
            dropOffTimes: offer.dropOffTimes,
            ...(offer.note ? { note: offer.note } : {}),
            state: state(),
            ...(offer.answer?.chosenTime ? { chosenTime: offer.answer.chosenTime } : {}),
          },
        }
      : {}),
  };
}

interface Opened {
  link: Link;
  quote: Quote;
  offer: Offer | null;
  view: CaseView;
}

/** The link the token names, with its case; refused as ended or replaced when it no longer works. */
async function open(payload: Payload, token: string): Promise<Opened> {
  const { docs } = await payload.find({
    collection: LINK_SLUG,
    where: { tokenHash: { equals: hashToken(token) } },
    limit: 1,
    ...local,
  });
  const link = docs[0] as unknown as Link | undefined;
  if (!link || !link.mailedAt) throw new Refused(404, ENDED, { reason: "ended" });
  if (link.endedBecause === "replaced" && link.purpose === "offer")
    throw new Refused(410, REPLACED, { reason: "replaced" });
  if (link.endedAt || Date.parse(link.mailedAt) + LINK_KEPT_MS < Date.now()) {
    throw new Refused(404, ENDED, { reason: "ended" });
  }
  const quote = await findQuote(payload, link.inquiry);
  if (!quote || quote.status === "CLOSED") throw new Refused(404, ENDED, { reason: "ended" });
  const offer = link.offer ? await findOffer(payload, link.offer) : null;
  if (link.purpose === "offer" && !offer) throw new Refused(404, ENDED, { reason: "ended" });
  return { link, quote, offer, view: viewOf(payload, link, quote, offer) };
}

const digest = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 32);

/**
 * Stores the customer's action as the event `data` under its unique `once`
 * key, with `more` done in the same transaction, and queues its e-mails;
 * returns the kind of the event stored under the key: this one's, or the
 * first press's when the key was taken (then nothing more is done).
 */
async function once(req: PayloadRequest, key: string, data: EventData, more: () => Promise<void>): Promise<EventKind> {
  try {
    await inTransaction(req, async () => {
      const event = await req.payload.create({
        collection: EVENT_SLUG,
        data: { ...data, once: key, at: new Date().toISOString() },
        ...local,
        req,
      });
      await more();
      await queueJob(req, { task: EVENT_EMAIL_TASK, input: { event: event.id } });
    });
    return data.kind as EventKind;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const { docs } = await req.payload.find({
      collection: EVENT_SLUG,
      where: { once: { equals: key } },
      limit: 1,
      ...local,
    });
    const first = docs[0] as unknown as { kind: EventKind } | undefined;
    if (!first) throw error;
    return first.kind;
  }
}

/** The offer of an offer link, refused on a photo link and when it takes no answer now. */
function answerable(opened: Opened): Offer {
  const { offer, view } = opened;
  if (!offer) throw new Refused(400, "Denne lenken er for å sende bilder, ikke for å svare på et tilbud");
  if (view.offer?.state === "expired") {
    throw new Refused(409, "Tilbudet gjelder ikke lenger", { reason: "expired", view });
  }
  return offer;
}

async function reopen(req: PayloadRequest, token: string, done: CaseAnswer["done"]) {
  const { view } = await open(req.payload, token);
  return json(200, { done, view } satisfies CaseAnswer);
}

const view: Endpoint = {
  path: CASE_LINK_PATHS.view,
  method: "post",
  handler: answering(async (req) => {
    const { token } = await bodyOf(req, viewRequestSchema);
    return json(200, (await open(req.payload, token)).view);
  }),
};

/** Stores an acceptance once (see `once`): the offer answered, the case Godtatt, the agreement with `text`. */
function storeAcceptance(req: PayloadRequest, quote: Quote, offer: Offer, facts: Acceptance, text: string) {
  const { name, chosenTime, earlyStart, acceptedAt } = facts;
  return once(
    req,
    `answer:${offer.id}`,
    {
      inquiry: quote.id,
      kind: "accepted",
      version: offer.version,
      text: name,
      mail: { workshop: "pending", customer: "pending" },
    },
    async () => {
      await stillOpen(req, await lockCase(req, quote.id), offer);
      await req.payload.update({
        collection: OFFER_SLUG,
        id: offer.id,
        data: { state: "accepted", answer: { at: acceptedAt.toISOString(), name, chosenTime, earlyStart } },
        ...local,
        req,
      });
      await req.payload.update({ collection: INQUIRY_SLUG, id: quote.id, data: { status: "ACCEPTED" }, ...local, req });
      await req.payload.create({
        collection: AGREEMENT_SLUG,
        data: {
          ...facts,
          caseNumber: String(quote.id),
          email: quote.email,
          version: offer.version,
          acceptedAt: acceptedAt.toISOString(),
          confirmation: text,
        },
        ...local,
        req,
      });
    },
  );
}

/** `Godta tilbudet`; the confirmation the agreement keeps is written from `site` and `texts`. */
const accept = (site: Site, texts: CaseLinkTexts): Endpoint => ({
  path: CASE_LINK_PATHS.accept,
  method: "post",
  handler: answering(async (req) => {
    const body = await bodyOf(req, acceptRequestSchema);
    const opened = await open(req.payload, body.token);
    const offer = answerable(opened);
    const first = async (kind: EventKind) => {
      if (kind === "accepted") return;
      const { view } = await open(req.payload, body.token);
      throw new Refused(409, "Tilbudet er allerede besvart", { reason: "answered", view });
    };
    if (offer.state === "accepted" || offer.state === "declined") {
      await first(offer.state);
      return reopen(req, body.token, "accepted");
    }
    const chosen = offer.dropOffTimes.find((time) => Date.parse(time) === Date.parse(body.chosenTime));
    if (!chosen || Date.parse(chosen) <= Date.now()) {
      throw new Refused(400, "Velg en av tidene i tilbudet som ikke er passert", { field: "chosenTime" });
    }
    if (needsEarlyStart(chosen) && !body.earlyStart) {
      throw new Refused(400, "Kryss av her for å levere bilen før angrefristen er ute, eller velg en senere tid.", {
        field: "earlyStart",
      });
    }
    const acceptedAt = new Date();
    const { quote } = opened;
    const facts = {
      regNumber: quote.regNumber,
      name: body.name,
      priceType: offer.priceType,
      lines: offer.lines.map(({ description, amountNok }) => ({ description, amountNok })),
      totalNok: offer.totalNok,
      chosenTime: chosen,
      earlyStart: body.earlyStart,
      acceptedAt,
    };
    const kind = await storeAcceptance(req, quote, offer, facts, confirmation(texts, site, facts).text);
    await first(kind);
    return reopen(req, body.token, "accepted");
  }),
});

const decline: Endpoint = {
  path: CASE_LINK_PATHS.decline,
  method: "post",
  handler: answering(async (req) => {
    const { token } = await bodyOf(req, declineRequestSchema);
    const opened = await open(req.payload, token);
    const offer = answerable(opened);
    const kind =
      offer.state === "accepted" || offer.state === "declined"
        ? offer.state
        : await once(
            req,
            `answer:${offer.id}`,
            { inquiry: opened.quote.id, kind: "declined", version: offer.version, mail: { workshop: "pending" } },
            async () => {
              await stillOpen(req, await lockCase(req, opened.quote.id), offer);
              await req.payload.update({
                collection: OFFER_SLUG,
                id: offer.id,
                data: { state: "declined" },
                ...local,
                req,
              });
            },
          );
    if (kind !== "declined") {
      const { view } = await open(req.payload, token);
      throw new Refused(409, "Tilbudet er allerede besvart", { reason: "answered", view });
    }
    return reopen(req, token, "declined");
  }),
};

const question: Endpoint = {
  path: CASE_LINK_PATHS.question,
  method: "post",
  handler: answering(async (req) => {
    const { token, text } = await bodyOf(req, questionRequestSchema);
    const { link, quote, offer } = await open(req.payload, token);
    await once(
      req,
      `question:${link.id}:${digest(text)}`,
      { inquiry: quote.id, kind: "question", version: offer?.version ?? null, text, mail: { workshop: "pending" } },
      async () => {},
    );
    return reopen(req, token, "asked");
  }),
};

/** The ids of the photos `refs` name; refused naming the first that is not a photo stored here. */
async function photoIds(payload: Payload, refs: { filename: string; url: string }[]): Promise<MediaId[]> {
  const { ids } = await storedPhotos(payload, refs);
  const bad = ids.findIndex((id) => id === undefined);
  if (bad >= 0)
    throw new Refused(400, `Ugyldig forespørsel – photos.${bad}: bildet finnes ikke her`, { field: `photos.${bad}` });
  return ids as MediaId[];
}

const photos: Endpoint = {
  path: CASE_LINK_PATHS.photos,
  method: "post",
  handler: answering(async (req) => {
    const body = await bodyOf(req, photosRequestSchema);
    const { link, quote } = await open(req.payload, body.token);
    if (link.purpose !== "photos") throw new Refused(400, "Denne lenken er for tilbudet, ikke for å sende bilder");
    const ids = await photoIds(req.payload, body.photos);
    const names = body.photos.map((photo) => photo.filename).sort();
    await once(
      req,
      `photos:${link.id}:${digest(names.join("\n"))}`,
      { inquiry: quote.id, kind: "photos", photos: ids, mail: { workshop: "pending" } },
      async () => {
        // read under the case's lock, so photos sent at the same moment are all kept
        const current = await lockCase(req, quote.id);
        const damages = (current?.damages ?? []).map((damage) => ({
          photos: (damage.photos ?? []).map((photo) => (typeof photo === "object" ? photo.id : photo)),
        }));
        if (damages.length >= FIELD_LIMITS.damages) {
          throw new Refused(409, "Saken har så mange bilder den kan ta. Ring oss, så finner vi en løsning.");
        }
        await req.payload.update({
          collection: INQUIRY_SLUG,
          id: quote.id,
          data: { damages: [...damages, { photos: ids }] },
          ...local,
          req,
        });
      },
    );
    return reopen(req, body.token, "photos");
  }),
};

/** The customer's calls; an acceptance's confirmation is written from `site` and `texts`. */
export const customerEndpoints = (site: Site, texts: CaseLinkTexts): Endpoint[] => [
  view,
  accept(site, texts),
  decline,
  question,
  photos,
];
