/**
 * The e-mails each new case sends, from the plugin's jobs queue
 * (../jobs/tasks.ts), never from the request that stored it:
 *
 *   - to the workshop: the booking or the quote (./case.ts), linking to it
 *     in the admin;
 *   - to the customer: a short receipt from the workshop (./receipt.ts), at
 *     most one to an address every RECEIPT_INTERVAL_MS; for a booking with a
 *     time, its confirmation with the calendar file instead
 *     (./booking-confirmation.ts), always, since each holds a place in the
 *     calendar. It carries the booking's link (`purpose: "booking"`), whose
 *     token is made here as the e-mail goes, as ./link-mailer.ts makes a
 *     quote's: only its SHA-256 is stored, and a send tried again makes a new one.
 *
 * The job reads the case from the database, so it never mails about a case
 * that was not stored, and records on it which e-mails went. An e-mail that
 * fails is recorded as failed and makes the job fail, so the queue tries
 * again later; one that went is not sent again. The interval is asked of the
 * stored cases themselves (another booking or quote from the same address in
 * the interval before this one means no receipt), so it holds across
 * restarts, retries and instances sharing the database.
 */
import type { Payload } from "payload";
import { CASE_PAGE_PATH, CASE_TOKEN_PARAM } from "../../lib/api/case-link";
import type { ServicesContent, Site } from "../../lib/content/schemas";
import type { EmailState } from "../cases";
import type { EmailTexts } from "../content";
import { hashToken, newToken } from "../case-link/token";
import { CASE_SLUGS, CONTACT_SLUG, LINK_SLUG, type CaseSlug } from "../names";
import { storedTime } from "../operations/book-time";
import type { Contact, Inquiry } from "../types";
import { bookingConfirmationMail, serviceTitles } from "./booking-confirmation";
import { bookingMail, quoteMail } from "./case";
import type { Mail } from "./message";
import { receiptMail } from "./receipt";
import { adminUrl, photoUrl, send } from "./send";

/** How long after a receipt the same address gets none. */
export const RECEIPT_INTERVAL_MS = 60 * 60 * 1000;

type Case = Inquiry | Contact;
type Id = Case["id"] | string;

/** `a` came before `b`: created earlier, or at the same moment and earlier in CASE_SLUGS' order or by id. */
function isEarlier(a: Case & { slug: CaseSlug }, b: Case & { slug: CaseSlug }): boolean {
  const [at, bt] = [Date.parse(a.createdAt), Date.parse(b.createdAt)];
  if (at !== bt) return at < bt;
  if (a.slug !== b.slug) return CASE_SLUGS.indexOf(a.slug) < CASE_SLUGS.indexOf(b.slug);
  return a.id < b.id;
}

/** Whether the same address sent a booking or a quote within RECEIPT_INTERVAL_MS before this case (then it gets no receipt). */
async function caseWithinTheInterval(payload: Payload, slug: CaseSlug, record: Case): Promise<boolean> {
  const since = new Date(Date.parse(record.createdAt) - RECEIPT_INTERVAL_MS).toISOString();
  const self = { ...record, slug };
  for (const other of CASE_SLUGS) {
    const { docs } = await payload.find({
      collection: other,
      where: {
        and: [
          { email: { equals: record.email } },
          { createdAt: { greater_than: since } },
          { createdAt: { less_than_equal: record.createdAt } },
        ],
      },
      sort: ["createdAt", "id"],
      limit: 2,
      depth: 0,
      overrideAccess: true,
    });
    const earlier = docs.some(
      (doc) => !(other === slug && doc.id === record.id) && isEarlier({ ...doc, slug: other }, self),
    );
    if (earlier) return true;
  }
  return false;
}

/** The url of booking `id`'s link on `siteOrigin`, with a new token; the link is made the first time. */
async function bookingLinkUrl(payload: Payload, siteOrigin: string, id: Id): Promise<string> {
  const { docs } = await payload.find({
    collection: LINK_SLUG,
    where: { booking: { equals: id } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  });
  const link =
    docs[0] ??
    (await payload.create({
      collection: LINK_SLUG,
      data: { booking: id as number, purpose: "booking" },
      depth: 0,
      overrideAccess: true,
    }));
  const token = newToken();
  await payload.db.updateOne({
    collection: LINK_SLUG,
    id: link.id,
    data: { tokenHash: hashToken(token), mailedAt: new Date().toISOString() },
  });
  return `${siteOrigin}${CASE_PAGE_PATH}#${CASE_TOKEN_PARAM}=${token}`;
}

export interface CaseMailerOptions {
  site: Site;
  texts: EmailTexts;
  services: ServicesContent;
  /** where the workshop's e-mails go */
  workshopEmail: string;
  /** the site's origin the links point to */
  siteOrigin: string;
}

/** The outcome of one case's e-mails, as recorded on it. */
export interface Outcome {
  workshop: EmailState;
  receipt: EmailState;
}

/** The e-mails of each new case (see the module's comment). */
export function caseMailer({ site, texts, services, workshopEmail, siteOrigin }: CaseMailerOptions) {
  /** The workshop's e-mail about `record`: a quote is the case with a registration number. */
  function workshopMail(payload: Payload, slug: CaseSlug, record: Case): Mail {
    const input = { site, workshopEmail, adminUrl: adminUrl(payload, slug, record.id) };
    if (!("regNumber" in record)) {
      const time = storedTime(record.time);
      const booked = time && { ...time, titles: serviceTitles(services, time.services) };
      return bookingMail({ ...input, texts: texts.booking.workshop, record: { ...record, time: booked } });
    }
    const photos = record.damages.map((damage) => damage.photos.map((photo) => photoUrl(payload, photo)));
    return quoteMail({ ...input, texts: texts.quote.workshop, record: { ...record, photos } });
  }

  /**
   * Sends the e-mails of the case `id` in `slug` that have not gone yet,
   * records the outcome on it, and returns it; throws when one failed, so
   * the job is tried again. A case no longer stored gets none.
   */
  async function mail(payload: Payload, slug: CaseSlug, id: Id): Promise<Outcome | undefined> {
    const stored = await payload.findByID({
      collection: slug,
      id,
      depth: 1,
      disableErrors: true,
      overrideAccess: true,
    });
    if (!stored) {
      payload.logger.warn({ collection: slug, case: id, msg: "Case not found: no e-mail sent about it" });
      return undefined;
    }
    const done = (state: EmailState | null | undefined) => state === "sent" || state === "skipped";
    const before = { workshop: stored.emails?.workshop ?? "pending", receipt: stored.emails?.receipt ?? "pending" };
    const outcome: Outcome = { ...before };
    // written straight to the database after each e-mail, past the fields' checks and hooks, so an
    // e-mail that went is recorded even on a case the checks would now refuse, and never sent again
    const record = (which: keyof Outcome) => async (state: EmailState) => {
      outcome[which] = state;
      await payload.db.updateOne({ collection: slug, id, data: { emails: { ...outcome } } });
    };
    const about = { collection: slug, case: id };
    if (!done(before.workshop)) {
      await send(payload, workshopMail(payload, slug, stored), {
        what: "Case e-mail (workshop)",
        about,
        record: record("workshop"),
      });
    }
    const time = slug === CONTACT_SLUG && "time" in stored ? storedTime(stored.time) : undefined;
    if (!done(before.receipt) && time) {
      const url = await bookingLinkUrl(payload, siteOrigin, id);
      const confirmation = bookingConfirmationMail({ texts: texts.booking, site, services }, { ...stored, time }, url);
      await send(payload, confirmation, { what: "Case e-mail (confirmation)", about, record: record("receipt") });
    } else if (!done(before.receipt)) {
      const receiptTexts = slug === CONTACT_SLUG ? texts.booking.receipt : texts.quote.receipt;
      if (await caseWithinTheInterval(payload, slug, stored)) await record("receipt")("skipped");
      else
        await send(payload, receiptMail({ texts: receiptTexts, site, to: stored.email }), {
          what: "Case e-mail (receipt)",
          about,
          record: record("receipt"),
        });
    }
    payload.logger.info({ collection: slug, case: id, ...outcome, msg: "Case e-mails" });
    if (outcome.workshop === "failed" || outcome.receipt === "failed") {
      throw new Error(
        `Case e-mails of ${slug} ${id} failed (workshop: ${outcome.workshop}, receipt: ${outcome.receipt})`,
      );
    }
    return outcome;
  }

  return { mail };
}
export type CaseMailer = ReturnType<typeof caseMailer>;
