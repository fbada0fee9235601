/**
 * What a workshop's Payload 3 app imports to be the site's admin and API
 * host: the plugin (./plugin.ts) for its config, and the parts it is made of
 * for an app that wants to place them itself. docs/admin-host.md says how.
 */
export { bulkeklinikken, type BulkeklinikkenOptions } from "./plugin";
export { isStaff, isStaffRequest } from "./access";
export { CASE_STATES, CLOSED_CASE_KEPT_MS, UNUSED_PHOTO_KEPT_MS, type CaseState } from "./cases";
export { contactCollection } from "./collections/Contact";
export { inquiryCollection } from "./collections/Inquiries";
export { MEDIA_MIME_TYPES, mediaCollection, readMedia } from "./collections/Media";
export { emailTextsSchema, type EmailTexts } from "./content";
export { caseMailer, RECEIPT_INTERVAL_MS } from "./mail";
export { inquiryEndpoint, MAX_INQUIRY_BYTES } from "./endpoints/inquiry";
export { checkHealth, HEALTH_DATABASE_WAIT_MS, healthAnswer } from "./health";
export { deleteExpired } from "./jobs/cleanup";
export { CASE_EMAILS_TASK, CLEANUP_TASK, CONTACT_SLUG, INQUIRY_SLUG, MEDIA_SLUG, QUEUE } from "./names";
export { smtpFromEnv, type SmtpSettings } from "./mail";
export { targetForLog, withRequestLog } from "./request-log";
export {
  FIRST_STAFF_USER_MESSAGE,
  isThisMachine,
  LOGIN_LOCK_MS,
  MAX_LOGIN_ATTEMPTS,
  MIN_STAFF_PASSWORD_LENGTH,
  SHORT_PASSWORD_MESSAGE,
} from "./staff";
