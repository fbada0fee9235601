/**
 * The e-mails of a customer's link, sent from the plugin's jobs queue
 * (../jobs/tasks.ts), never from the request that asked for them:
 *
 *   - the link itself (./link.ts). Its token is made here, just before the
 *     e-mail goes: the link's record gets only the token's SHA-256, and the
 *     job's input names the link, so no table ever holds the token. A send
 *     that fails is tried again with a new token (the one that failed was
 *     never seen). A link that ended before its e-mail went is not sent.
 *   - what the customer did, to the workshop (./notice.ts), and on an
 *     acceptance the confirmation to the customer, the text the agreement
 *     keeps (./confirmation.ts). Each e-mail's outcome is recorded on the
 *     event, and one that went is never sent again.
 */
import type { Payload } from "payload";
import { CASE_PAGE_PATH, CASE_TOKEN_PARAM } from "../../lib/api/case-link";
import type { CaseLinkTexts } from "../../lib/content/emails-schema";
import type { Site } from "../../lib/content/schemas";
import type { MailState } from "../case-link/collections";
import { hashToken, newToken } from "../case-link/token";
import { AGREEMENT_SLUG, EVENT_SLUG, INQUIRY_SLUG, LINK_SLUG } from "../names";
import { idOf } from "../operations/records";
import type { Inquiry } from "../types";
import { confirmationMail } from "./confirmation";
import { linkMail } from "./link";
import { noticeMail } from "./notice";
import { adminUrl, photoUrl, send } from "./send";

type Id = number | string;

export interface LinkMailerOptions {
  site: Site;
  texts: CaseLinkTexts;
  workshopEmail: string;
  /** the site's origin the links point to */
  siteOrigin: string;
}

/** The id a relationship field holds, read at any depth. */

/** The quote `id`, or null when it is gone. */
const readQuote = (payload: Payload, id: Id): Promise<Inquiry | null> =>
  payload.findByID({ collection: INQUIRY_SLUG, id, depth: 0, disableErrors: true, overrideAccess: true });

/** Makes the link's token, stores its hash, and e-mails the link; a link ended or already sent gets none. */
async function mailLink({ site, texts, siteOrigin }: LinkMailerOptions, payload: Payload, linkId: Id): Promise<void> {
  const link = await payload.findByID({
    collection: LINK_SLUG,
    id: linkId,
    depth: 0,
    disableErrors: true,
    overrideAccess: true,
  });
  if (!link?.inquiry || link.endedAt || link.mail === "sent") return;
  const quote = await readQuote(payload, idOf(link.inquiry));
  if (!quote) return;
  const token = newToken();
  await payload.db.updateOne({
    collection: LINK_SLUG,
    id: linkId,
    data: { tokenHash: hashToken(token), mailedAt: new Date().toISOString() },
  });
  const url = `${siteOrigin}${CASE_PAGE_PATH}#${CASE_TOKEN_PARAM}=${token}`;
  const outcome = await send(
    payload,
    linkMail({ texts, site, to: quote.email, regNumber: quote.regNumber, link, url }),
    {
      what: `Case link e-mail (${link.purpose})`,
      record: (mail) => payload.db.updateOne({ collection: LINK_SLUG, id: linkId, data: { mail } }),
    },
  );
  if (outcome === "failed") throw new Error(`The e-mail with link ${linkId} failed`);
}

/** Sends the e-mails of the event `eventId` that have not gone; throws when one failed, so the job runs again. */
async function mailEvent(options: LinkMailerOptions, payload: Payload, eventId: Id) {
  const { site, texts } = options;
  const event = await payload.findByID({
    collection: EVENT_SLUG,
    id: eventId,
    depth: 1,
    disableErrors: true,
    overrideAccess: true,
  });
  if (!event) return;
  const { kind } = event;
  // the workshop's own doings tell the workshop nothing
  if (kind === "offer" || kind === "photoRequest" || kind === "autoClosed") return;
  const quote = await readQuote(payload, idOf(event.inquiry));
  if (!quote) return;
  const { docs } =
    kind === "accepted"
      ? await payload.find({
          collection: AGREEMENT_SLUG,
          where: { and: [{ caseNumber: { equals: String(quote.id) } }, { version: { equals: event.version } }] },
          limit: 1,
          depth: 0,
          overrideAccess: true,
        })
      : { docs: [] };
  const agreement = docs[0];
  const mail: Record<"workshop" | "customer", MailState> = {
    workshop: event.mail?.workshop ?? "none",
    customer: event.mail?.customer ?? "none",
  };
  const due = (state: MailState) => state === "pending" || state === "failed";
  const record = (which: keyof typeof mail) => async (state: MailState) => {
    mail[which] = state;
    await payload.db.updateOne({ collection: EVENT_SLUG, id: eventId, data: { mail: { ...mail } } });
  };
  if (due(mail.workshop)) {
    const photos = (event.photos ?? []).flatMap((photo) => photoUrl(payload, photo) ?? []);
    const adminLink = adminUrl(payload, INQUIRY_SLUG, quote.id);
    const notice = noticeMail({ ...options, kind, quote, event, photos, agreement, adminUrl: adminLink });
    await send(payload, notice, { what: `Case link e-mail (${kind} to the workshop)`, record: record("workshop") });
  }
  if (due(mail.customer) && agreement) {
    await send(payload, confirmationMail(texts, site, agreement), {
      what: "Case link e-mail (confirmation)",
      record: record("customer"),
    });
  }
  if (mail.workshop === "failed" || mail.customer === "failed") {
    throw new Error(`The e-mails of case event ${eventId} failed`);
  }
}

/** The e-mails of the customer's links, written from `options`. */
export function linkMailer(options: LinkMailerOptions) {
  return {
    mailLink: (payload: Payload, link: Id) => mailLink(options, payload, link),
    mailEvent: (payload: Payload, event: Id) => mailEvent(options, payload, event),
  };
}
export type LinkMailer = ReturnType<typeof linkMailer>;
