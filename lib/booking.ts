/**
 * The booking form on /kontakt, framework-free: the prefilled message and the
 * field checks. Required first, then the format, with the messages and the
 * rules the quote form uses (the API contract's emailSchema and phoneSchema).
 */
import { emailSchema, phoneSchema } from "./api/contract";
import { chosenTitles, type StoredSelection } from "./calculator/storage";
import { fill, formatPrice } from "./format";

export interface BookingMessageStrings {
  greeting: string;
  sizeLine: string;
  priceLine: string;
}

/** "Hei! … Jeg ønsker å bestille time for:" and the chosen services, size and price; empty when nothing was chosen. */
export function bookingMessage(selection: StoredSelection | null, strings: BookingMessageStrings): string {
  const titles = selection ? chosenTitles(selection) : [];
  if (!selection || titles.length === 0) return "";
  const lines = [strings.greeting, ...titles.map((t) => `- ${t}`), ""];
  if (selection.size) lines.push(fill(strings.sizeLine, { size: selection.size }));
  lines.push(fill(strings.priceLine, { price: formatPrice(selection.price) }));
  return lines.join("\n");
}

export interface ContactFieldErrors {
  email?: string;
  phone?: string;
}

export interface ContactErrorStrings {
  emailRequired: string;
  emailFormat: string;
  phoneRequired: string;
  phoneFormat: string;
}

/** The problems with the e-mail and phone fields (none: an empty object). */
export function validateContactFields(
  values: { email: string; phone: string },
  messages: ContactErrorStrings,
): ContactFieldErrors {
  const email = emailSchema({ required: messages.emailRequired, format: messages.emailFormat }).safeParse(values.email);
  const phone = phoneSchema({ required: messages.phoneRequired, format: messages.phoneFormat }).safeParse(values.phone);
  return {
    ...(email.success ? {} : { email: email.error.issues[0]!.message }),
    ...(phone.success ? {} : { phone: phone.error.issues[0]!.message }),
  };
}
