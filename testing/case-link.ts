/**
 * The customer's link in the browser tests (e2e/case-link.spec.ts and the
 * cross-engine flows) and the bench: a quote sent as the site sends it, the
 * workshop's calls from its admin, and the link an e-mail carries.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { storedQuotes } from "./stored";
import { WORKSHOP_EMAIL, waitForMail, type ListedMail } from "./mail-list";
const DAY = 24 * 60 * 60 * 1000;

export interface SentQuote {
  id: number;
  reg: string;
  email: string;
}

/**
 * Posts a quote for `reg` from `email` with one photo (`photo`, JPEG bytes), as the site sends it: the photo to
 * `<origin>/api/media`, then the quote to `<origin><inquiryPath>`, naming the photo at the url Payload gave it.
 * Returns the quote's answer; throws when the photo is refused.
 */
export async function postQuote(
  origin: string,
  inquiryPath: string,
  quote: { reg: string; email: string; photo: Buffer },
) {
  const body = new FormData();
  body.append("_payload", "{}");
  const filename = `img_${randomBytes(16).toString("hex")}.jpg`;
  body.append("file", new Blob([new Uint8Array(quote.photo)], { type: "image/jpeg" }), filename);
  const uploaded = await fetch(`${origin}/api/media?depth=0&fallback-locale=null`, { method: "POST", body });
  if (uploaded.status !== 201)
    throw new Error(`the photo upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const { doc } = (await uploaded.json()) as { doc: { filename: string; url: string } };
  const inquiry = {
    Inquiry: {
      UserId: "test",
      RegNumber: quote.reg,
      PhoneNumber: "+47 912 34 567",
      Email: quote.email,
      Message: "Bulk",
      State: "NEW",
    },
    damageRequests: [{ Images: [{ filename: doc.filename, url: new URL(doc.url, origin).href }] }],
  };
  return fetch(`${origin}${inquiryPath}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(inquiry),
  });
}

/**
 * Sends a quote with one photo (`photo`, a JPEG file) from a fresh address to the preview server at `origin`,
 * as the site does; returns it once it is stored in `dataDir` and its own two e-mails reached the mail server on
 * `mailPort`, so that a test counts only the link's.
 */
export async function sendQuote(origin: string, dataDir: string, mailPort: number, photo: string) {
  const email = `kunde-${randomBytes(4).toString("hex")}@eksempel.no`;
  const reg = `EL${String(10000 + Math.floor(Math.random() * 89999))}`;
  const sent = await postQuote(origin, "/inquiry", { reg, email, photo: fs.readFileSync(photo) });
  if (sent.status !== 201) throw new Error(`the quote answered ${sent.status}: ${await sent.text()}`);
  const stored = (await storedQuotes(dataDir)).find((quote) => quote.regNumber === reg);
  if (!stored) throw new Error(`the quote for ${reg} was answered 201 but is not stored in ${dataDir}`);
  await waitForMail(mailPort, email, /Vi har fått forespørselen din/);
  await waitForMail(mailPort, WORKSHOP_EMAIL, new RegExp(`forespørsel om pristilbud: ${reg}`));
  return { id: stored.id, reg, email } satisfies SentQuote;
}

/** The link in an e-mail's text as a path and fragment (`/sak#k=…`), to open at the origin under test. */
export function linkIn(mail: Pick<ListedMail, "text">): string {
  const match = /https?:\/\/\S+\/sak#k=[A-Za-z0-9_-]{43}/.exec(mail.text);
  if (!match) throw new Error(`no link to /sak in the e-mail: ${mail.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.hash}`;
}

/** The token the link in an e-mail's text carries. */
export const tokenIn = (mail: Pick<ListedMail, "text">) => linkIn(mail).replace(/^.*#k=/, "");

/** A drop-off time `days` from now at `hour`:`minute` UTC. */
export function daysAhead(days: number, hour = 7, minute = 0): Date {
  const time = new Date(Date.now() + days * DAY);
  time.setUTCHours(hour, minute, 0, 0);
  return time;
}

/** An offer's body for send-offer: these lines and times, valid 14 days. */
export const offerBody = (
  priceType: "fixed" | "max" | "estimate",
  lines: { description: string; amountNok: number }[],
  times: Date[],
) => ({
  priceType,
  lines,
  validUntil: new Date(Date.now() + 14 * DAY).toISOString().slice(0, 10),
  dropOffTimes: times.map((time) => time.toISOString()),
});

/** A call of the workshop's from its admin at `admin.origin`, logged in (`admin.staff`, an Authorization header). */
export const staffCall = (
  admin: { origin: string; staff: string },
  id: number,
  what: "send-offer" | "request-photos",
  data: unknown,
) =>
  fetch(`${admin.origin}/api/inquiries/${id}/${what}`, {
    method: "POST",
    headers: { Authorization: admin.staff, "Content-Type": "application/json" },
    body: JSON.stringify(data),
  });
