/**
 * The e-mails of a customer's link, sent from the plugin's jobs queue (../jobs.ts),
 * never from the request that asked for them:
 *
 *   - LINK_EMAIL_TASK: the link itself. Its token is made here, just before
 *     the e-mail goes: the link's record gets only the token's SHA-256, and
 *     the job's input names the link, so no table ever holds the token. A
 *     send that fails is tried again with a new token (the one that failed
 *     was never seen). A link that ended before its e-mail went is not sent.
 *   - EVENT_EMAIL_TASK: what the customer did, to the workshop (with the
 *     customer's address as Reply-To, so a reply answers a question), and on
 *     an acceptance the confirmation to the customer, the text the agreement
 *     keeps. Each e-mail's outcome is recorded on the event, and one that
 *     went is never sent again.
 */
import type { Payload, SendEmailOptions, TaskConfig } from "payload";
import { formatAdminURL } from "payload/shared";
import { CASE_PAGE_PATH, CASE_TOKEN_PARAM, withdrawalDeadline, type PriceType } from "../../lib/api/case-link";
import type { CaseLinkTexts } from "../../lib/content/emails-schema";
import type { Site } from "../../lib/content/schemas";
import { fill, formatDate, formatMoment, formatPrice } from "../../lib/format";
import { workshopFields } from "../content";
import { AGREEMENT_SLUG, EVENT_EMAIL_TASK, EVENT_SLUG, INQUIRY_SLUG, LINK_EMAIL_TASK, LINK_SLUG } from "../names";
import type { EventKind, MailState } from "./collections";
import { hashToken, newToken } from "./token";

type Id = number | string;

/** The quote's fields the e-mails name. */
export interface QuoteFacts {
  id: Id;
  regNumber: string;
  email: string;
  phone: string;
  damages?: { photos?: ({ url?: string | null } | Id)[] | null }[] | null;
}

/** What an acceptance says, as the confirmation and the agreement hold it. */
export interface Acceptance {
  regNumber: string;
  name: string;
  priceType: PriceType;
  lines: { description: string; amountNok: number }[];
  totalNok: number;
  chosenTime: string;
  earlyStart: boolean;
  acceptedAt: Date;
}

/** The confirmation's subject and text: the whole offer, its price kind, the time, how to cancel, the withdrawal right. */
export function confirmation(texts: CaseLinkTexts, site: Site, a: Acceptance) {
  const t = texts.confirmation;
  const kind = texts.priceTypes[a.priceType];
  const fields = {
    ...workshopFields(site),
    regNumber: a.regNumber,
    customerName: a.name,
    acceptedAt: formatMoment(a.acceptedAt.toISOString()),
    time: formatMoment(a.chosenTime),
    withdrawalDeadline: formatDate(withdrawalDeadline(a.acceptedAt)),
  };
  const lines = a.lines.map((line) => `${line.description}: ${formatPrice(line.amountNok)}`).join("\n");
  const text = [
    fill(t.greeting, fields),
    fill(t.intro, fields),
    lines,
    `${t.totalLabel}: ${formatPrice(a.totalNok)}\n${t.vatNote}`,
    `${kind.name}: ${kind.sentence}`,
    fill(t.time, fields),
    fill(t.cancel, fields),
    fill(t.withdrawal, fields),
    ...(a.earlyStart ? [fill(t.earlyStart, fields)] : []),
    fill(t.closing, fields),
    `-- \n${fill(t.footer, fields)}`,
  ].join("\n\n");
  return { subject: fill(t.subject, fields), text };
}

export interface LinkMailerOptions {
  site: Site;
  texts: CaseLinkTexts;
  workshopEmail: string;
  /** the site's origin the links point to */
  siteOrigin: string;
}

const AUTO = { "Auto-Submitted": "auto-generated" };

/** Sends one e-mail; returns `sent` or, logged, `failed`. */
async function send(payload: Payload, what: string, email: SendEmailOptions): Promise<MailState> {
  try {
    await payload.sendEmail(email);
    return "sent";
  } catch (err) {
    payload.logger.error({ err, msg: `Case link e-mail (${what}) could not be sent` });
    return "failed";
  }
}

/** The quote's page in the admin, absolute. */
const adminUrl = (payload: Payload, id: Id) =>
  new URL(
    formatAdminURL({
      adminRoute: payload.config.routes.admin,
      path: `/collections/${INQUIRY_SLUG}/${id}`,
      serverURL: "",
    }),
    payload.config.serverURL,
  ).href;

/** Makes the link's token, stores its hash, and e-mails the link; a link ended or already sent gets none. */
async function mailLink({ site, texts, siteOrigin }: LinkMailerOptions, payload: Payload, linkId: Id): Promise<void> {
  const link = await payload.findByID({
    collection: LINK_SLUG,
    id: linkId,
    depth: 0,
    disableErrors: true,
    overrideAccess: true,
  });
  if (!link || link.endedAt || link.mail === "sent") return;
  const quote = (await payload.findByID({
    collection: INQUIRY_SLUG,
    id: link.inquiry as Id,
    depth: 0,
    disableErrors: true,
    overrideAccess: true,
  })) as unknown as QuoteFacts | null;
  if (!quote) return;
  const token = newToken();
  await payload.db.updateOne({
    collection: LINK_SLUG,
    id: linkId,
    data: { tokenHash: hashToken(token), mailedAt: new Date().toISOString() },
  });
  const url = `${siteOrigin}${CASE_PAGE_PATH}#${CASE_TOKEN_PARAM}=${token}`;
  const fields = { ...workshopFields(site), regNumber: quote.regNumber };
  const t = link.purpose === "offer" ? texts.offer : texts.photoRequest;
  const workshopWords =
    link.purpose === "photos" && link.message ? [`${texts.photoRequest.messageLabel}\n${link.message}`] : [];
  const text = [
    ...t.paragraphs.map((p) => fill(p, fields)),
    ...workshopWords,
    `${t.linkLabel}:\n${url}`,
    ...t.after.map((p) => fill(p, fields)),
  ].join("\n\n");
  const outcome = await send(payload, link.purpose, {
    to: quote.email,
    replyTo: site.email,
    headers: AUTO,
    subject: fill(t.subject, fields),
    text,
  });
  await payload.db.updateOne({ collection: LINK_SLUG, id: linkId, data: { mail: outcome } });
  if (outcome === "failed") throw new Error(`The e-mail with link ${linkId} failed`);
}

/** The workshop's e-mail about `kind` on `quote`. */
function notice(
  { site, texts }: LinkMailerOptions,
  payload: Payload,
  kind: Exclude<EventKind, "offer" | "photoRequest" | "autoClosed">,
  quote: QuoteFacts,
  event: { version?: number | null; text?: string | null; photos?: ({ url?: string | null } | Id)[] | null },
  agreement?: { name: string; chosenTime: string; earlyStart?: boolean | null; acceptedAt: string },
) {
  const w = texts.workshop;
  const photos = (event.photos ?? []).flatMap((photo) =>
    typeof photo === "object" && photo.url ? [new URL(photo.url, payload.config.serverURL).href] : [],
  );
  const fields = {
    ...workshopFields(site),
    regNumber: quote.regNumber,
    customerEmail: quote.email,
    customerPhone: quote.phone,
    customerName: agreement?.name ?? "",
    version: String(event.version ?? ""),
    time: agreement ? formatMoment(agreement.chosenTime) : "",
    count: String(photos.length),
    withdrawalDeadline: agreement ? formatDate(withdrawalDeadline(new Date(agreement.acceptedAt))) : "",
  };
  const t = w[kind];
  const text = [
    fill(t.intro, fields),
    ...(agreement ? [fill(agreement.earlyStart ? w.earlyStartYes : w.earlyStartNo, fields)] : []),
    `${w.emailLabel}: ${quote.email}\n${w.phoneLabel}: ${quote.phone}`,
    // the links before the customer's words, so nothing they wrote can pass for one
    `${w.adminLinkLabel}: ${adminUrl(payload, quote.id)}`,
    ...photos.map((url, i) => `${fill(w.photoLink, { number: String(i + 1) })}: ${url}`),
    ...(kind === "question" && event.text ? [`${w.questionLabel}:\n${event.text}`] : []),
  ].join("\n\n");
  return { subject: fill(t.subject, fields), text };
}

/** Sends the e-mails of the event `eventId` that have not gone; throws when one failed, so the job runs again. */
async function mailEvent(options: LinkMailerOptions, payload: Payload, eventId: Id): Promise<void> {
  const { site, texts, workshopEmail } = options;
  const event = await payload.findByID({
    collection: EVENT_SLUG,
    id: eventId,
    depth: 1,
    disableErrors: true,
    overrideAccess: true,
  });
  if (!event) return;
  const kind = event.kind as EventKind;
  // the workshop's own doings tell the workshop nothing
  if (kind === "offer" || kind === "photoRequest" || kind === "autoClosed") return;
  const quoteId = typeof event.inquiry === "object" && event.inquiry ? event.inquiry.id : event.inquiry;
  const quote = (await payload.findByID({
    collection: INQUIRY_SLUG,
    id: quoteId as Id,
    depth: 0,
    disableErrors: true,
    overrideAccess: true,
  })) as unknown as QuoteFacts | null;
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
  const mail = { workshop: event.mail?.workshop ?? "none", customer: event.mail?.customer ?? "none" } as Record<
    "workshop" | "customer",
    MailState
  >;
  const due = (state: MailState) => state === "pending" || state === "failed";
  const record = () => payload.db.updateOne({ collection: EVENT_SLUG, id: eventId, data: { mail: { ...mail } } });
  if (due(mail.workshop)) {
    mail.workshop = await send(payload, `${kind} to the workshop`, {
      to: workshopEmail,
      replyTo: quote.email,
      ...notice(
        options,
        payload,
        kind,
        quote,
        event as Parameters<typeof notice>[4],
        agreement as Parameters<typeof notice>[5],
      ),
    });
    await record();
  }
  if (due(mail.customer) && agreement) {
    const { subject } = confirmation(texts, site, {
      ...(agreement as unknown as Acceptance),
      acceptedAt: new Date(agreement.acceptedAt as string),
    });
    mail.customer = await send(payload, "confirmation", {
      to: agreement.email as string,
      replyTo: site.email,
      headers: AUTO,
      subject,
      text: agreement.confirmation as string,
    });
    await record();
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

const retries = { attempts: 12, backoff: { type: "exponential" as const, delay: 15_000 } };

/** The task that mails a link; `link` names it. */
export const linkEmailTask = (mailer: LinkMailer): TaskConfig => ({
  slug: LINK_EMAIL_TASK,
  label: "E-post med lenke til kunden",
  inputSchema: [{ name: "link", type: "json", required: true }],
  retries,
  handler: async ({ input, req }) => {
    await mailer.mailLink(req.payload, (input as { link: Id }).link);
    return { output: {} };
  },
});

/** The task that mails what happened on a case; `event` names it. */
export const eventEmailTask = (mailer: LinkMailer): TaskConfig => ({
  slug: EVENT_EMAIL_TASK,
  label: "E-post om svar fra kunden",
  inputSchema: [{ name: "event", type: "json", required: true }],
  retries,
  handler: async ({ input, req }) => {
    await mailer.mailEvent(req.payload, (input as { event: Id }).event);
    return { output: {} };
  },
});
