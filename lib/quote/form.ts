/**
 * The quote form's values, its zod schema and the order its checks run in:
 * registration number (required, then its characters) → e-mail (required,
 * then format) → phone (required, then format) → at least one damage → every
 * damage has an image. Only the first failure is reported, so the visitor
 * fixes one thing at a time. The "required" messages are the workshop's own
 * wording, kept to the letter; the format checks exist because an unusable
 * reply address loses the customer. Messages come from content/strings.json;
 * the patterns are the API contract's, so a form that passes here builds an
 * inquiry the server takes.
 */
import * as z from "zod/mini";
import "../zod"; // parse without eval (CSP)
import { emailSchema, phoneSchema, regNumberSchema, type InquiryRequest } from "../api/schemas";
import type { Strings } from "../content/strings-schema";
import { fill } from "../format";
import type { Photo } from "../photos/photos";

/** One photo as the checks and the inquiry see it. */
export type QuoteImage = Pick<Photo, "key" | "name" | "stored">;

/** The quote's text fields (the form library holds them); a field not on the page yet, or not text (a malformed draft), is empty. */
export const quoteTextSchema = z.object({
  regNumber: z.catch(z.string(), ""),
  email: z.catch(z.string(), ""),
  phone: z.catch(z.string(), ""),
  message: z.catch(z.string(), ""),
});
export type QuoteText = z.infer<typeof quoteTextSchema>;

export interface QuoteFormValues extends QuoteText {
  damages: readonly { photos: readonly QuoteImage[] }[];
}

/** The checks' messages (content/strings.json): the shared e-mail and phone ones and the quote's own. */
export type QuoteMessages = Strings["fieldErrors"] & Strings["quoteForm"]["errors"];

/** The text fields as they stand. */
export const textOf = (values: unknown): QuoteText => quoteTextSchema.parse(values);

export const emptyText = (): QuoteText => textOf({});

/**
 * What is wrong with the form (the first thing only): one of the three text
 * fields, the damage list (it is empty), or one damage's images (`damage`
 * counts from 0).
 */
export type QuoteProblem =
  | { kind: "field"; field: "regNumber" | "email" | "phone"; message: string }
  | { kind: "damages"; message: string }
  | { kind: "images"; damage: number; message: string };

function quoteFormSchema(m: QuoteMessages) {
  // `abort` stops a field at its first failed check, so "required" is never followed by "format"
  return z.object({
    regNumber: regNumberSchema({ required: m.regRequired, format: m.regFormat }),
    email: emailSchema({ required: m.emailRequired, format: m.emailFormat }),
    phone: phoneSchema({ required: m.phoneRequired, format: m.phoneFormat }),
    message: z.string(),
    damages: z.array(z.object({ photos: z.array(z.custom<QuoteImage>()) })).check(
      z.minLength(1, { error: m.damagesRequired, abort: true }),
      z.superRefine((damages, ctx) => {
        damages.forEach((damage, i) => {
          if (damage.photos.length === 0) {
            ctx.addIssue({ code: "custom", path: [i, "photos"], message: fill(m.imagesRequired, { n: i + 1 }) });
          }
        });
      }),
    ),
  });
}

/**
 * The first failed check, or undefined when the form may be sent. Zod reports a
 * form's issues in the order of its fields and a damage's in the order of the
 * damages, which is the order above.
 */
export function firstProblem(values: QuoteFormValues, messages: QuoteMessages): QuoteProblem | undefined {
  const result = quoteFormSchema(messages).safeParse(values);
  if (result.success) return undefined;
  const { path, message } = result.error.issues[0]!;
  if (path[0] !== "damages") return { kind: "field", field: path[0] as "regNumber" | "email" | "phone", message };
  if (path.length > 1) return { kind: "images", damage: Number(path[1]), message };
  return { kind: "damages", message };
}

/** Upper case: Norwegian registration numbers are written in capitals, and the field shows them so as they are typed. */
export const normaliseRegNumber = (value: string) => value.toUpperCase();

/**
 * The inquiry body: one damage request per damage, each image as uploaded.
 * Throws when an image has no upload: the workshop never gets a `null` image.
 */
export function buildInquiry(values: QuoteFormValues, userId: string): InquiryRequest {
  return {
    Inquiry: {
      UserId: userId,
      RegNumber: normaliseRegNumber(values.regNumber.trim()),
      PhoneNumber: values.phone.trim(),
      Email: values.email.trim(),
      Message: values.message.trim(),
      State: "NEW",
    },
    damageRequests: values.damages.map((damage) => ({
      Images: damage.photos.map(({ name, stored }) => {
        if (!stored) throw new Error(`The photo ${name} has not been uploaded`);
        return { filename: stored.filename, url: stored.url };
      }),
    })),
  };
}
