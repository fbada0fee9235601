/**
 * Every task of the plugin's work outside requests, on Payload's jobs queue
 * (QUEUE), which the plugin's runner runs in each process of the app (at once
 * where a job was queued), each job in one process only (../queue/):
 *
 *   - CASE_EMAILS_TASK: a new case's e-mails (../mail/case-mailer.ts).
 *     Queued as the case is stored, in the same transaction where the
 *     database has them (PostgreSQL), so a restart loses none;
 *   - LINK_EMAIL_TASK and EVENT_EMAIL_TASK: a customer's link, and what they
 *     did through it (../mail/link-mailer.ts);
 *   - REMINDER_TASK: a booked time's reminder the day before
 *     (../mail/reminder.ts), queued as the time is booked to wait until then;
 *   - BOOKING_CHANGE_TASK: the e-mails about a booked time moved or
 *     cancelled through its link (../mail/booking-change-mailer.ts);
 *   - CLEANUP_TASK, every hour: the deletions and the e-mails queued again
 *     of ./cleanup.ts, and the closing of forgotten cases
 *     (../operations/close-forgotten.ts). A cleanup whose process died, or that hangs, is taken
 *     up again by the runner, so the deletion never stops for good.
 *
 * A failed e-mail fails its job, and the queue tries again by MAIL_RETRIES,
 * waiting longer each time, so an SMTP server that is away for a while only
 * delays the e-mails.
 *
 * Each job about a case carries the case's key (`caseKey`, as Payload's
 * `concurrencyKey`), by which the runner takes each case's jobs in turn: a
 * case flooded with questions holds back no other case's e-mails.
 */
import type { Payload, TaskConfig } from "payload";
import type { CaseMailer, LinkMailer } from "../mail";
import type { BookingChangeMailer } from "../mail/booking-change-mailer";
import type { ReminderMailer } from "../mail/reminder-mailer";
import {
  BOOKING_CHANGE_TASK,
  CASE_EMAILS_TASK,
  CASE_SLUGS,
  CLEANUP_TASK,
  EVENT_EMAIL_TASK,
  LINK_EMAIL_TASK,
  QUEUE,
  REMINDER_TASK,
  type CaseSlug,
} from "../names";
import { caseKey } from "../queue";
import { closeForgottenCases } from "../operations/close-forgotten";
import { deleteExpired, requeueOverdueEmails } from "./cleanup";

type Id = number | string;

/** How every e-mail task is tried again: waits that double from the first, until the attempts are spent. */
export const MAIL_RETRIES = { attempts: 12, backoff: { type: "exponential", delay: 15_000 } } as const;
/** How often the cleanup is tried again before its next hour. */
export const CLEANUP_RETRIES = 3;

/** A case's e-mails: `collection` and `id` name the case. */
const caseEmailsTask = (mailer: CaseMailer): TaskConfig => ({
  slug: CASE_EMAILS_TASK,
  label: "E-post om en ny sak",
  inputSchema: [
    { name: "collection", type: "text", required: true },
    { name: "id", type: "json", required: true },
  ],
  retries: MAIL_RETRIES,
  concurrency: ({ input }) => {
    const { collection, id } = input as { collection: string; id: Id };
    return caseKey(collection, id);
  },
  handler: async ({ input, req }) => {
    const { collection, id } = input as { collection: CaseSlug; id: Id };
    if (!(CASE_SLUGS as readonly string[]).includes(collection)) throw new Error(`Not a case: ${collection}`);
    await mailer.mail(req.payload, collection, id);
    return { output: {} };
  },
});

/**
 * A task that mails about one record of a customer's link, which its input
 * names by `name`; its input's `case` (caseKey) names the case, when known.
 */
const linkTask = (
  slug: typeof LINK_EMAIL_TASK | typeof EVENT_EMAIL_TASK,
  label: string,
  name: string,
  mail: (payload: Payload, id: Id) => Promise<void>,
): TaskConfig => ({
  slug,
  label,
  inputSchema: [
    { name, type: "json", required: true },
    { name: "case", type: "text" },
  ],
  retries: MAIL_RETRIES,
  concurrency: ({ input }) => (input as { case?: string | null }).case ?? "",
  handler: async ({ input, req }) => {
    await mail(req.payload, (input as Record<string, Id>)[name]!);
    return { output: {} };
  },
});

/**
 * A task that mails about one booked time: its input's `booking` names it,
 * `sequence` is the SEQUENCE it was queued at, `case` its case (caseKey).
 */
const bookingTask = (
  slug: typeof REMINDER_TASK | typeof BOOKING_CHANGE_TASK,
  label: string,
  mail: (payload: Payload, id: Id, sequence: number) => Promise<void>,
): TaskConfig => ({
  slug,
  label,
  inputSchema: [
    { name: "booking", type: "json", required: true },
    { name: "sequence", type: "number", required: true },
    { name: "case", type: "text" },
  ],
  retries: MAIL_RETRIES,
  concurrency: ({ input }) => (input as { case?: string | null }).case ?? "",
  handler: async ({ input, req }) => {
    const { booking, sequence } = input as { booking: Id; sequence: number };
    await mail(req.payload, booking, sequence);
    return { output: {} };
  },
});

/** The plugin's mailers, each behind its tasks. */
export interface Mailers {
  cases: CaseMailer;
  links: LinkMailer;
  reminders: ReminderMailer;
  changes: BookingChangeMailer;
}

/** The hourly task; `mailOn` also has it queue overdue e-mails again. */
const cleanupTask = (mailOn: boolean): TaskConfig => ({
  slug: CLEANUP_TASK,
  label: "Slett avsluttede saker og ubrukte bilder, lukk glemte saker",
  schedule: [{ cron: "0 * * * *", queue: QUEUE }],
  retries: CLEANUP_RETRIES,
  handler: async ({ req }) => {
    await deleteExpired(req.payload);
    await closeForgottenCases(req.payload);
    if (mailOn) await requeueOverdueEmails(req.payload);
    return { output: {} };
  },
});

/**
 * The plugin's tasks. The e-mail tasks are there even with e-mail off
 * (`mailOn` false: nothing queues them then), so the app's types have them.
 */
export const pluginTasks = (mailers: Mailers, mailOn: boolean): TaskConfig[] => [
  cleanupTask(mailOn),
  caseEmailsTask(mailers.cases),
  // the link's own e-mail, with its token; `link` names it
  linkTask(LINK_EMAIL_TASK, "E-post med lenke til kunden", "link", mailers.links.mailLink),
  // what happened on a case through its link; `event` names it
  linkTask(EVENT_EMAIL_TASK, "E-post om svar fra kunden", "event", mailers.links.mailEvent),
  // a booked time's reminder, queued with the SEQUENCE it reminds of
  bookingTask(REMINDER_TASK, "Påminnelse om timen dagen før", mailers.reminders.remind),
  // the e-mails about a time moved or cancelled, queued with the SEQUENCE after the change
  bookingTask(BOOKING_CHANGE_TASK, "E-post om en time flyttet eller avbestilt", mailers.changes.mailChange),
];
