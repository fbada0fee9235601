/**
 * The names the plugin adds to an app's Payload: its collections' slugs, its
 * jobs queue and its tasks. Literal types, so an app with Payload's generated
 * types (where a slug must be one of the app's own) type-checks with them.
 */
export const MEDIA_SLUG = "media" as const;
export const CONTACT_SLUG = "contact" as const;
export const INQUIRY_SLUG = "inquiries" as const;
/** The collections that hold a customer's case: a booking or a price quote. */
export const CASE_SLUGS = [INQUIRY_SLUG, CONTACT_SLUG] as const;
export type CaseSlug = (typeof CASE_SLUGS)[number];

/** The plugin's own jobs queue, run every few seconds in each of the app's processes (queue.ts). */
export const QUEUE = "bulkeklinikken" as const;
/** Sends a new case's e-mails, retried until they go. */
export const CASE_EMAILS_TASK = "bulkeklinikkenCaseEmails" as const;
/** Deletes closed cases and unused photos when their time is up. */
export const CLEANUP_TASK = "bulkeklinikkenCleanup" as const;
