/**
 * The e-mails a new booking sends, through Payload's e-mail adapter:
 *
 *   - to the workshop: the booking's e-mail, phone and message and a link to
 *     it in the admin, with the visitor's address as Reply-To;
 *   - to the visitor: a short receipt from the workshop (its name, phone and
 *     opening hours), in the workshop's words only (content/emails.json may
 *     name nothing the visitor wrote), at most one to an address an hour.
 *
 * They go once the booking can be read back from the database, outside the
 * request that stored it: never about a booking that was not stored. The
 * hour is asked of the stored bookings themselves (another booking from the
 * same address in the hour before this one means no receipt), so it holds
 * across restarts and across instances sharing the database. Sending runs
 * beside the request, never in it: an e-mail that fails is logged and
 * changes nothing for the booking or for the e-mails of the next one.
 */
import type { Payload, SendEmailOptions } from "payload";
import { formatAdminURL } from "payload/shared";
import type { Site } from "../lib/content/schemas";
import { fill } from "../lib/format";
import { workshopFields, type EmailTexts } from "./content";

/** The fields of a stored booking the e-mails use. */
export interface Booking {
  id: number | string;
  email: string;
  phone: string;
  message?: string | null;
  createdAt: string;
}

/** How long after a receipt the same address gets none. */
export const RECEIPT_INTERVAL_MS = 60 * 60 * 1000;

/** The pauses between looking for a just-stored booking outside its request (about 12 s in all). */
const READ_BACK_WAITS_MS = [0, 50, 100, 200, 400, 800, 1600, 3200, 6000];

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BookingMailerOptions {
  /** the booking collection's slug */
  collection: string;
  site: Site;
  texts: EmailTexts;
  /** where the workshop's e-mail goes */
  workshopEmail: string;
}

type Message = Pick<SendEmailOptions, "subject" | "text">;

/** The workshop's e-mail about `booking`, linking to `adminUrl`. */
export function workshopMessage(texts: EmailTexts, site: Site, booking: Booking, adminUrl: string): Message {
  const t = texts.workshop;
  const fields = { ...workshopFields(site), customerEmail: booking.email, customerPhone: booking.phone };
  const message = booking.message?.trim() ? booking.message : t.noMessage;
  return {
    subject: fill(t.subject, fields),
    text: [
      fill(t.intro, fields),
      `${t.emailLabel}: ${booking.email}\n${t.phoneLabel}: ${booking.phone}`,
      // the link before the visitor's words, so nothing they wrote can pass for it
      `${t.adminLinkLabel}: ${adminUrl}`,
      `${t.messageLabel}:\n${message}`,
      fill(t.replyHint, fields),
    ].join("\n\n"),
  };
}

/** The visitor's receipt: the workshop's texts and details, nothing else. */
export function receiptMessage(texts: EmailTexts, site: Site): Message {
  const t = texts.receipt;
  const fields = workshopFields(site);
  return {
    subject: fill(t.subject, fields),
    text: `${t.paragraphs.map((p) => fill(p, fields)).join("\n\n")}\n\n-- \n${fill(t.footer, fields)}`,
  };
}

/** Whether `id` can be read from the database outside the request that wrote it, waiting a little for its commit. */
async function isStored(payload: Payload, collection: string, id: Booking["id"]): Promise<boolean> {
  for (const wait of READ_BACK_WAITS_MS) {
    await delay(wait);
    const doc = await payload.findByID({ collection, id, depth: 0, disableErrors: true, overrideAccess: true });
    if (doc) return true;
  }
  return false;
}

/** `a` came before `b`: created earlier, or at the same moment with the lower id. */
function isEarlier(a: Pick<Booking, "id" | "createdAt">, b: Pick<Booking, "id" | "createdAt">): boolean {
  const [at, bt] = [Date.parse(a.createdAt), Date.parse(b.createdAt)];
  if (at !== bt) return at < bt;
  return typeof a.id === "number" && typeof b.id === "number" ? a.id < b.id : String(a.id) < String(b.id);
}

/** Whether the same address booked in the hour before `booking` (then it gets no receipt). */
async function bookedWithinTheHour(payload: Payload, collection: string, booking: Booking): Promise<boolean> {
  const since = new Date(Date.parse(booking.createdAt) - RECEIPT_INTERVAL_MS).toISOString();
  const { docs } = await payload.find({
    collection,
    where: {
      and: [
        { email: { equals: booking.email } },
        { id: { not_equals: booking.id } },
        { createdAt: { greater_than: since } },
        { createdAt: { less_than_equal: booking.createdAt } },
      ],
    },
    sort: ["createdAt", "id"],
    limit: 1,
    depth: 0,
    overrideAccess: true,
  });
  const first = docs[0] as Partial<Booking> | undefined;
  return Boolean(first?.createdAt && first.id !== undefined && isEarlier(first as Booking, booking));
}

type Outcome = "sent" | "failed" | "skipped";

/** Sends one e-mail; a failure is logged and answered, never thrown. */
async function send(payload: Payload, what: string, booking: Booking, email: SendEmailOptions): Promise<Outcome> {
  try {
    await payload.sendEmail(email);
    return "sent";
  } catch (err) {
    payload.logger.error({ err, booking: booking.id, msg: `Booking e-mail (${what}) could not be sent` });
    return "failed";
  }
}

/** The e-mails of each new booking (see the module's comment). */
export function bookingMailer(options: BookingMailerOptions) {
  const { collection, site, texts, workshopEmail } = options;
  const receipt = receiptMessage(texts, site);

  async function mailStored(payload: Payload, booking: Booking): Promise<void> {
    if (!(await isStored(payload, collection, booking.id))) {
      payload.logger.warn({ booking: booking.id, msg: "Booking not found once stored: no e-mail sent about it" });
      return;
    }
    const { serverURL, routes } = payload.config;
    const adminUrl = formatAdminURL({
      adminRoute: routes.admin,
      path: `/collections/${collection}/${booking.id}`,
      serverURL,
    });
    const toWorkshop = await send(payload, "workshop", booking, {
      to: workshopEmail,
      replyTo: booking.email,
      ...workshopMessage(texts, site, booking, adminUrl),
    });
    const toVisitor: Outcome = (await bookedWithinTheHour(payload, collection, booking))
      ? "skipped"
      : await send(payload, "receipt", booking, {
          to: booking.email,
          replyTo: site.email,
          headers: { "Auto-Submitted": "auto-generated" },
          ...receipt,
        });
    payload.logger.info({ booking: booking.id, workshop: toWorkshop, receipt: toVisitor, msg: "Booking e-mails" });
  }

  return {
    /** Starts the e-mails of a booking just created and returns at once; whatever happens is logged. */
    send(payload: Payload, booking: Booking): void {
      mailStored(payload, booking).catch((err: unknown) =>
        payload.logger.error({ err, booking: booking.id, msg: "Booking e-mails failed" }),
      );
    },
  };
}
export type BookingMailer = ReturnType<typeof bookingMailer>;
