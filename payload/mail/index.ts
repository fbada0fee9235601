/**
 * The plugin's e-mail: the SMTP adapter (./smtp.ts), the one `send`
 * (./send.ts), the messages as pure builders (./case.ts, ./receipt.ts,
 * ./link.ts, ./confirmation.ts, ./notice.ts, ./booking-confirmation.ts,
 * ./booking-change.ts, ./reminder.ts) and the mailers the jobs run
 * (./case-mailer.ts, ./link-mailer.ts, ./reminder-mailer.ts,
 * ./booking-change-mailer.ts).
 */
export { bookingChangeMailer, type BookingChangeMailer } from "./booking-change-mailer";
export { caseMailer, RECEIPT_INTERVAL_MS, type CaseMailer } from "./case-mailer";
export { confirmation, type Acceptance } from "./confirmation";
export { linkMailer, type LinkMailer } from "./link-mailer";
export { reminderMailer, type ReminderMailer } from "./reminder-mailer";
export { addressFrom, smtpAdapter, smtpFromEnv, smtpTransportLine, type MailEnv, type SmtpSettings } from "./smtp";
