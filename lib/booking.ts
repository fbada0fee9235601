/**
 * The booking form on /kontakt, framework-free: the prefilled message and the
 * form's schema. Required first, then the format, with the messages and the
 * rules the quote form uses (the API contract's emailSchema and phoneSchema).
 */
import * as z from "zod/mini";
import "./zod"; // parse without eval (CSP)
import { emailSchema, FIELD_LIMITS, phoneSchema } from "./api/schemas";
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

export interface ContactErrorStrings {
  emailRequired: string;
  emailFormat: string;
  phoneRequired: string;
  phoneFormat: string;
}

/** The booking form's schema: the contract's e-mail and phone rules with the visitor's messages, and the message. */
export function bookingSchema(messages: ContactErrorStrings) {
  return z.object({
    email: emailSchema({ required: messages.emailRequired, format: messages.emailFormat }),
    phone: phoneSchema({ required: messages.phoneRequired, format: messages.phoneFormat }),
    message: z.string().check(z.maxLength(FIELD_LIMITS.message)),
  });
}

/** What the fields hold (as typed) and what is sent (e-mail and phone trimmed). */
export type BookingFields = z.input<ReturnType<typeof bookingSchema>>;
export type BookingValues = z.output<ReturnType<typeof bookingSchema>>;
