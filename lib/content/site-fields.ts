/**
 * The workshop's details a text may name as `{field}` (Markdown pages, the
 * booking e-mails), from content/site.json: one reader per field, so the
 * names a check allows and the values a page fills in come from one table.
 */
import { addressLine, openingTimes } from "../format";
import type { Site } from "./schemas";

const SITE_FIELDS = {
  name: (site: Site) => site.name,
  legalName: (site: Site) => site.legalName,
  organisationNumber: (site: Site) => site.organisationNumber,
  email: (site: Site) => site.email,
  phone: (site: Site) => site.phone,
  address: (site: Site) => addressLine(site.address),
  // in running text: `mandag–fredag`, where the contact details begin a line with `Mandag–fredag`
  openingHours: (site: Site) =>
    site.openingHours.map((h) => `${h.label.charAt(0).toLowerCase()}${h.label.slice(1)} ${openingTimes(h)}`).join(", "),
};

/** The names of the fields site.json fills in. */
export const SITE_FIELD_NAMES = Object.keys(SITE_FIELDS) as (keyof typeof SITE_FIELDS)[];

/** The values of those fields for `site`. */
export function siteFields(site: Site): Record<string, string> {
  return Object.fromEntries(SITE_FIELD_NAMES.map((name) => [name, SITE_FIELDS[name](site)]));
}
