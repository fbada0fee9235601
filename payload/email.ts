/**
 * The e-mails each new case sends, through Payload's e-mail adapter, from the
 * plugin's jobs queue (./jobs.ts), never from the request that stored it:
 *
 *   - to the workshop: the booking or the quote (a quote's registration
 *     number, the car it names with its EU-kontroll deadline when the quote
 *     was stored with one, and each damage's photos as links, with
 *     thumbnails where the mail program shows them) and an absolute link to
 *     it in the admin, with the customer's address as Reply-To;
 *   - to the customer: a short receipt from the workshop (its name, phone and
 *     opening hours), in the workshop's words only (content/emails.json may
 *     name nothing the visitor wrote), at most one to an address an hour.
 *
 * The job reads the case from the database, so it never mails about a case
 * that was not stored, and records on it which e-mails went. An e-mail that
 * fails is recorded as failed and makes the job fail, so the queue tries
 * again later; one that went is not sent again. The hour is asked of the
 * stored cases themselves (another booking or quote from the same address in
 * the hour before this one means no receipt), so it holds across restarts,
 * retries and instances sharing the database.
 */
import type { Payload, SendEmailOptions } from "payload";
import { formatAdminURL } from "payload/shared";
import type { Site } from "../lib/content/schemas";
import type { QuoteWorkshopTexts, ReceiptTexts, WorkshopTexts } from "../lib/content/emails-schema";
import { fill, formatDate } from "../lib/format";
import { carLine, dayOf, type VehicleRecord } from "./car";
import type { CaseRecord, EmailState } from "./cases";
import { workshopFields, type EmailTexts } from "./content";
import { CASE_SLUGS, CONTACT_SLUG, INQUIRY_SLUG, type CaseSlug } from "./names";

/** How long after a receipt the same address gets none. */
export const RECEIPT_INTERVAL_MS = 60 * 60 * 1000;

/** A stored photo as a quote's damage holds it (depth 1), or its id when it is gone. */
export interface PhotoRecord {
  id: number | string;
  url?: string | null;
  filename?: string | null;
}

/** A stored quote: a case with a registration number, the car it names, and its damages' photos. */
export interface QuoteRecord extends CaseRecord {
  regNumber: string;
  vehicle?: VehicleRecord | null;
  damages?: { photos?: (PhotoRecord | number | string)[] | null }[] | null;
}

/** The lines about the quote's car: what it is and its EU-kontroll deadline, why it is missing, or none. */
function vehicleLines(t: QuoteWorkshopTexts, vehicle: VehicleRecord | null | undefined): string[] {
  switch (vehicle?.lookup) {
    case "found": {
      const deadline = dayOf(vehicle.euControlDeadline);
      return [
        `${t.vehicleLabel}: ${carLine(vehicle)} (${t.vehicleSource})`,
        ...(deadline ? [`${t.euControlLabel}: ${formatDate(deadline)}`] : []),
      ];
    }
    case "unknown":
      return [`${t.vehicleLabel}: ${t.vehicleUnknown}`];
    case "unavailable":
      return [`${t.vehicleLabel}: ${t.vehicleUnavailable}`];
    default:
      return [];
  }
}

type Message = Pick<SendEmailOptions, "subject" | "text" | "html">;

/** The lines every workshop e-mail starts with: the customer's address and phone. */
const contactLines = (t: WorkshopTexts, record: CaseRecord) =>
  `${t.emailLabel}: ${record.email}\n${t.phoneLabel}: ${record.phone}`;

const messageOf = (t: WorkshopTexts, record: CaseRecord) => (record.message?.trim() ? record.message : t.noMessage);

const customerFields = (site: Site, record: CaseRecord) => ({
  ...workshopFields(site),
  customerEmail: record.email,
  customerPhone: record.phone,
});

/** The workshop's e-mail about a booking, linking to `adminUrl`. */
export function bookingMessage(t: WorkshopTexts, site: Site, booking: CaseRecord, adminUrl: string): Message {
  const fields = customerFields(site, booking);
  return {
    subject: fill(t.subject, fields),
    text: [
      fill(t.intro, fields),
      contactLines(t, booking),
      // the link before the visitor's words, so nothing they wrote can pass for it
      `${t.adminLinkLabel}: ${adminUrl}`,
      `${t.messageLabel}:\n${messageOf(t, booking)}`,
      fill(t.replyHint, fields),
    ].join("\n\n"),
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The workshop's e-mail about a quote, linking to `adminUrl`; `photoUrl`
 * gives each photo's absolute url. Plain text with every link written out,
 * and the same as HTML with each photo as a thumbnail that opens it.
 */
export function quoteMessage(
  t: QuoteWorkshopTexts,
  site: Site,
  quote: QuoteRecord,
  adminUrl: string,
  photoUrl: (photo: PhotoRecord) => string | undefined,
): Message {
  const fields = { ...customerFields(site, quote), regNumber: quote.regNumber };
  const damages = (quote.damages ?? []).map((damage, d) => ({
    heading: fill(t.damageHeading, { number: String(d + 1) }),
    photos: (damage.photos ?? []).flatMap((photo, p) => {
      const url = typeof photo === "object" ? photoUrl(photo) : undefined;
      return url ? [{ label: fill(t.photoLink, { number: String(p + 1) }), url }] : [];
    }),
  }));
  const head = [
    fill(t.intro, fields),
    [`${t.regNumberLabel}: ${quote.regNumber}`, ...vehicleLines(t, quote.vehicle), contactLines(t, quote)].join("\n"),
  ];
  const link = `${t.adminLinkLabel}: ${adminUrl}`;
  const message = `${t.messageLabel}:\n${messageOf(t, quote)}`;
  const text = [
    ...head,
    // the links before the visitor's words, so nothing they wrote can pass for one
    link,
    ...damages.map((d) => [d.heading, ...d.photos.map((p) => `${p.label}: ${p.url}`)].join("\n")),
    message,
    fill(t.replyHint, fields),
  ].join("\n\n");
  const paragraph = (value: string) => `<p>${escapeHtml(value).replace(/\n/g, "<br>")}</p>`;
  const html = [
    ...head.map(paragraph),
    `<p><a href="${escapeHtml(adminUrl)}">${escapeHtml(t.adminLinkLabel)}</a></p>`,
    ...damages.map(
      (d) =>
        `<h3>${escapeHtml(d.heading)}</h3><p>${d.photos
          .map(
            (p) =>
              `<a href="${escapeHtml(p.url)}"><img src="${escapeHtml(p.url)}" alt="${escapeHtml(p.label)}" width="160" style="max-width:160px;height:auto;margin:0 8px 8px 0"></a>`,
          )
          .join("")}</p>`,
    ),
    paragraph(message),
    paragraph(fill(t.replyHint, fields)),
  ].join("\n");
  return { subject: fill(t.subject, fields), text, html };
}

/** A receipt: the workshop's texts and details, nothing else. */
export function receiptMessage(t: ReceiptTexts, site: Site): Message {
  const fields = workshopFields(site);
  return {
    subject: fill(t.subject, fields),
    text: `${t.paragraphs.map((p) => fill(p, fields)).join("\n\n")}\n\n-- \n${fill(t.footer, fields)}`,
  };
}

/** `a` came before `b`: created earlier, or at the same moment and earlier in CASE_SLUGS' order or by id. */
function isEarlier(a: CaseRecord & { slug: CaseSlug }, b: CaseRecord & { slug: CaseSlug }): boolean {
  const [at, bt] = [Date.parse(a.createdAt), Date.parse(b.createdAt)];
  if (at !== bt) return at < bt;
  if (a.slug !== b.slug) return CASE_SLUGS.indexOf(a.slug) < CASE_SLUGS.indexOf(b.slug);
  return typeof a.id === "number" && typeof b.id === "number" ? a.id < b.id : String(a.id) < String(b.id);
}

/** Whether the same address sent a booking or a quote in the hour before this case (then it gets no receipt). */
async function caseWithinTheHour(payload: Payload, slug: CaseSlug, record: CaseRecord): Promise<boolean> {
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
    const earlier = (docs as unknown as CaseRecord[]).some(
      (doc) => !(other === slug && doc.id === record.id) && isEarlier({ ...doc, slug: other }, self),
    );
    if (earlier) return true;
  }
  return false;
}

export interface CaseMailerOptions {
  site: Site;
  texts: EmailTexts;
  /** where the workshop's e-mails go */
  workshopEmail: string;
}

/** The outcome of one case's e-mails, as recorded on it. */
export interface Outcome {
  workshop: EmailState;
  receipt: EmailState;
}

/** Sends one e-mail; a failure is logged and returned as `failed`, never thrown. */
async function send(payload: Payload, what: string, slug: CaseSlug, id: CaseRecord["id"], email: SendEmailOptions) {
  try {
    await payload.sendEmail(email);
    return "sent" as const;
  } catch (err) {
    payload.logger.error({ err, collection: slug, case: id, msg: `Case e-mail (${what}) could not be sent` });
    return "failed" as const;
  }
}

/** The e-mails of each new case (see the module's comment). */
export function caseMailer({ site, texts, workshopEmail }: CaseMailerOptions) {
  const receipts = {
    [CONTACT_SLUG]: receiptMessage(texts.booking.receipt, site),
    [INQUIRY_SLUG]: receiptMessage(texts.quote.receipt, site),
  };

  /** An absolute url on the admin host: `path` resolved against its serverURL. */
  const absolute = (payload: Payload, path: string) => new URL(path, payload.config.serverURL).href;

  function workshopMail(payload: Payload, slug: CaseSlug, record: CaseRecord): Message {
    const { routes } = payload.config;
    const adminUrl = absolute(
      payload,
      formatAdminURL({ adminRoute: routes.admin, path: `/collections/${slug}/${record.id}`, serverURL: "" }),
    );
    if (slug === CONTACT_SLUG) return bookingMessage(texts.booking.workshop, site, record, adminUrl);
    return quoteMessage(texts.quote.workshop, site, record as QuoteRecord, adminUrl, (photo) =>
      photo.url ? absolute(payload, photo.url) : undefined,
    );
  }

  /**
   * Sends the e-mails of the case `id` in `slug` that have not gone yet,
   * records the outcome on it, and returns it; throws when one failed, so
   * the job is tried again. A case no longer stored gets none.
   */
  async function mail(payload: Payload, slug: CaseSlug, id: CaseRecord["id"]): Promise<Outcome | undefined> {
    const stored = (await payload.findByID({
      collection: slug,
      id,
      depth: 1,
      disableErrors: true,
      overrideAccess: true,
    })) as unknown as CaseRecord | null;
    if (!stored) {
      payload.logger.warn({ collection: slug, case: id, msg: "Case not found: no e-mail sent about it" });
      return undefined;
    }
    const done = (state: EmailState | null | undefined) => state === "sent" || state === "skipped";
    const before = { workshop: stored.emails?.workshop ?? "pending", receipt: stored.emails?.receipt ?? "pending" };
    const outcome: Outcome = { ...before };
    // written straight to the database after each e-mail, past the fields' checks and hooks, so an
    // e-mail that went is recorded even on a case the checks would now refuse, and never sent again
    const record = () => payload.db.updateOne({ collection: slug, id, data: { emails: { ...outcome } } });
    if (!done(before.workshop)) {
      outcome.workshop = await send(payload, "workshop", slug, id, {
        to: workshopEmail,
        replyTo: stored.email,
        ...workshopMail(payload, slug, stored),
      });
      await record();
    }
    if (!done(before.receipt)) {
      outcome.receipt = (await caseWithinTheHour(payload, slug, stored))
        ? "skipped"
        : await send(payload, "receipt", slug, id, {
            to: stored.email,
            replyTo: site.email,
            headers: { "Auto-Submitted": "auto-generated" },
            ...receipts[slug],
          });
      await record();
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
