/**
 * What a workshop's Payload 3 app imports to be the site's admin host: the
 * plugin (./plugin.ts) for its config, and the parts it is made of for an
 * app that wants to place them itself. docs/admin-host.md says how.
 */
export { bulkeklinikken, type BulkeklinikkenOptions } from "./plugin";
export { CONTACT_SLUG, contactCollection } from "./collections/Contact";
export { MEDIA_MIME_TYPES, MEDIA_SLUG, mediaCollection, readMedia } from "./collections/Media";
export { emailTextsSchema, type EmailTexts } from "./content";
export { bookingMailer, RECEIPT_INTERVAL_MS, type Booking } from "./email";
export { smtpFromEnv, type SmtpSettings } from "./smtp";
