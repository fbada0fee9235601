/**
 * The names the plugin adds to an app's Payload: its collections' slugs, its
 * jobs queue and its tasks. Literal types, so an app with Payload's generated
 * types (where a slug must be one of the app's own) type-checks with them.
 */
export const MEDIA_SLUG = "media" as const;
export const CONTACT_SLUG = "contact" as const;
export const INQUIRY_SLUG = "inquiries" as const;
/** The workshop's answers to quotes and the customer's links to them (./case-link/). */
export const OFFER_SLUG = "case-offers" as const;
export const LINK_SLUG = "case-links" as const;
export const EVENT_SLUG = "case-events" as const;
/** What an accepted offer leaves behind: kept five years, after its case is gone. */
export const AGREEMENT_SLUG = "agreements" as const;
/** What is left of an agreement deleted at its customer's request: when, and why. */
export const ERASURE_SLUG = "agreement-erasures" as const;
/** The places a booked time holds in the workshop's calendar: a car's at its drop-off time, a team's hours (./booking/). */
export const CLAIM_SLUG = "booking-claims" as const;
/** The dates the workshop closes or gives a team other hours than the default (./booking/days.ts). */
export const CALENDAR_DAY_SLUG = "calendar-days" as const;
/** The global of each weekday's work hours per team (../booking/days.ts). */
export const CALENDAR_WEEK_SLUG = "calendar-week" as const;
/** The collections that hold a customer's case: a booking or a price quote. */
export const CASE_SLUGS = [INQUIRY_SLUG, CONTACT_SLUG] as const;
export type CaseSlug = (typeof CASE_SLUGS)[number];

/** The plugin's own jobs queue, run every few seconds in each of the app's processes (./queue/). */
export const QUEUE = "bulkeklinikken" as const;
/** Sends a new case's e-mails, retried until they go. */
export const CASE_EMAILS_TASK = "bulkeklinikkenCaseEmails" as const;
/** Makes a customer's link and e-mails it to them. */
export const LINK_EMAIL_TASK = "bulkeklinikkenLinkEmail" as const;
/** Sends the e-mails about what happened on a case through its link (an answer, a question, photos). */
export const EVENT_EMAIL_TASK = "bulkeklinikkenEventEmail" as const;
/** Deletes closed cases and unused photos when their time is up. */
export const CLEANUP_TASK = "bulkeklinikkenCleanup" as const;
/** Sends the e-mails about a booked time moved or cancelled through its link. */
export const BOOKING_CHANGE_TASK = "bulkeklinikkenBookingChange" as const;
/** The task of a booked time's reminder the day before. */
export const REMINDER_TASK = "bulkeklinikkenReminder" as const;

/**
 * The plugin's admin components (./admin/, a folder per view), as the app's
 * import map names them (`payload generate:importmap`): a file by its path
 * under ./admin/ without `.tsx`, and the component it exports, named as the
 * file unless said.
 */
const component = (file: string, name = file.slice(file.lastIndexOf("/") + 1)) =>
  `@bulkeklinikken/payload-plugin/admin/${file}#${name}`;
export const ADMIN_COMPONENTS = {
  /** a case's page: each field the customer sent, as they sent it */
  sent: {
    plate: component("sent/Sent", "SentPlate"),
    car: component("sent/Sent", "SentCar"),
    phone: component("sent/Sent", "SentPhone"),
    email: component("sent/Sent", "SentEmail"),
    message: component("sent/Sent", "SentMessage"),
    photos: component("sent/Sent", "SentPhotos"),
  },
  /** the workshop's logo on the login page */
  logo: component("brand/WorkshopLogo"),
  /** the workshop's mark in the admin's header */
  icon: component("brand/WorkshopIcon"),
  /** when a case was closed and when it is deleted */
  closedAt: component("sent/CaseState", "ClosedAt"),
  /** whether a case's e-mails went */
  emailStates: component("sent/CaseState", "EmailStates"),
  /** a quote's page: its history, its offer, and the forms that send an offer or ask for photos */
  caseAnswer: component("case-answer/CaseAnswer"),
  /** a case collection's list */
  caseList: component("case-list/CaseList"),
  /** the workshop's name and logo atop the navigation */
  navBrand: component("brand/NavBrand"),
  /** an agreement's page: deleting it at the customer's request, with the reason */
  eraseAgreement: component("agreements/EraseAgreement"),
  /** the first page: the cases waiting for the workshop, then the collections */
  dashboard: component("dashboard/Dashboard"),
  /** the week's drop-offs, each day's hours and `Stengt` (TIMEBOOK_PATH) */
  timebook: component("timebook/Timebook"),
  /** `Timebok` in the navigation */
  timebookLink: component("timebook/TimebookLink"),
} as const;

/** Where the Timebok is, under the admin's route. */
export const TIMEBOOK_PATH = "/timebok" as const;
