/**
 * What the booking e-mails say and who sends them, and what the calendar
 * books, from the site's own content files: the workshop's name, phone,
 * address and opening hours from content/site.json, the texts from
 * content/emails.json and the services' work hours and the car sizes from
 * content/services.json, each checked
 * with the site's own content rule, so a marketer edits both where they edit
 * the site and `npm run check:content` checks both. The files are imported, not read from a folder at run time,
 * so they travel with this folder into whatever app bundles it.
 */
import { z } from "zod";
import siteJson from "../content/site.json";
import emailsJson from "../content/emails.json";
import servicesJson from "../content/services.json";
import { ContentError, formatFieldPath } from "../lib/content/errors";
import { siteFields } from "../lib/content/site-fields";
import { emailsSchema, type EmailTexts } from "../lib/content/emails-schema";
import { servicesSchema, siteSchema, type ServicesContent, type Site } from "../lib/content/schemas";

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

/** The e-mails' texts are checked by the site's own content rule (lib/content/emails-schema.ts). */
export const emailTextsSchema = emailsSchema;
export type { EmailTexts };

/** content/emails.json, checked. */
export const loadEmailTexts = (): EmailTexts => parseContent("content/emails.json", emailTextsSchema, emailsJson);

/** content/services.json, checked. */
export const loadServices = (): ServicesContent => parseContent("content/services.json", servicesSchema, servicesJson);
