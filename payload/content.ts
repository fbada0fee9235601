/**
 * What the booking e-mails say and who sends them, from the site's own
 * content files: the workshop's name, phone, address and opening hours from
 * content/site.json (checked with the site's schema), the texts from
 * content/emails.json (checked here), so a marketer edits both where they
 * edit the site. The files are imported, not read from a folder at run time,
 * so they travel with this folder into whatever app bundles it.
 *
 * A text names the workshop's details as `{placeholder}`s. The receipt may
 * name only those (RECEIPT_PLACEHOLDERS): it goes to whatever address a
 * visitor typed, so nothing the visitor wrote can ever stand in it.
 */
import { z } from "zod";
import siteJson from "../content/site.json";
import emailsJson from "../content/emails.json";
import { siteFields } from "../lib/content";
import { ContentError, formatFieldPath } from "../lib/content/load";
import { siteSchema, type Site } from "../lib/content/schemas";
import { placeholderNames } from "../lib/format";

/** The workshop's details a text may name: site.json's fields as the pages fill them, and the site's address. */
export function workshopFields(site: Site): Record<string, string> {
  return { ...siteFields(site), siteUrl: site.siteUrl };
}

/** `data` checked against `schema`, or a ContentError naming `file` and each field at fault. */
function parseContent<T extends z.ZodType>(file: string, schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ContentError(
    file,
    result.error.issues.map((issue) => `${formatFieldPath(issue.path) || "(hele filen)"}: ${issue.message}`),
  );
}

/** content/site.json, checked. */
export const loadSite = (): Site => parseContent("content/site.json", siteSchema, siteJson);

const SITE_FIELD_NAMES = Object.keys(workshopFields(loadSite()));
/** What the receipt may name: the workshop's details, nothing of the visitor's. */
export const RECEIPT_PLACEHOLDERS: readonly string[] = SITE_FIELD_NAMES;
/** What the workshop's e-mail may name: the same, and the booking's address and phone. */
export const WORKSHOP_PLACEHOLDERS: readonly string[] = [...SITE_FIELD_NAMES, "customerEmail", "customerPhone"];

/** A filled-in text: not empty, and every `{placeholder}` one of `allowed`. */
function template(allowed: readonly string[]) {
  return z
    .string()
    .trim()
    .min(1, "må fylles ut (tom tekst)")
    .superRefine((text, ctx) => {
      for (const name of placeholderNames(text)) {
        if (allowed.includes(name)) continue;
        const known = allowed.map((key) => `{${key}}`).join(", ");
        const message = known
          ? `{${name}} finnes ikke her; teksten kan bruke ${known}`
          : `{${name}}: teksten kan ikke ha plassholdere`;
        ctx.addIssue({ code: "custom", message });
      }
    });
}

export const emailTextsSchema = z.strictObject({
  /** to the workshop: the booking with its contact details, its message and a link to it in the admin */
  workshop: z.strictObject({
    subject: template(WORKSHOP_PLACEHOLDERS),
    intro: template(WORKSHOP_PLACEHOLDERS),
    emailLabel: template([]),
    phoneLabel: template([]),
    messageLabel: template([]),
    noMessage: template([]),
    adminLinkLabel: template([]),
    replyHint: template(WORKSHOP_PLACEHOLDERS),
  }),
  /** to the visitor: a short receipt from the workshop, in the workshop's words only */
  receipt: z.strictObject({
    subject: template(RECEIPT_PLACEHOLDERS),
    paragraphs: z.array(template(RECEIPT_PLACEHOLDERS)).min(1, "trenger minst ett avsnitt"),
    footer: template(RECEIPT_PLACEHOLDERS),
  }),
});
export type EmailTexts = z.infer<typeof emailTextsSchema>;

/** content/emails.json, checked. */
export const loadEmailTexts = (): EmailTexts => parseContent("content/emails.json", emailTextsSchema, emailsJson);
