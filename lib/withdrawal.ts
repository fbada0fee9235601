/**
 * The withdrawal right of a service booked at a distance (an offer accepted
 * by link, a time booked on the site): the customer may withdraw for
 * WITHDRAWAL_DAYS, and work that starts earlier needs their request, the
 * early-start box. Framework-free and without zod, for the site's forms and
 * the plugin alike.
 */
import { addDays, osloDayOf } from "./oslo-time";

/** How many days before a chosen drop-off the withdrawal right's early-start box must be ticked. */
export const WITHDRAWAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last day of the withdrawal right of an agreement made at `agreedAt`: WITHDRAWAL_DAYS later on Oslo's calendar. */
export const withdrawalDeadline = (agreedAt: Date): string => addDays(osloDayOf(agreedAt), WITHDRAWAL_DAYS);

/** Why a drop-off within the withdrawal period is refused without the early-start box. */
export const EARLY_START_REQUIRED =
  "Kryss av her for å levere bilen før angrefristen er ute, eller velg en senere tid.";

/** Whether a drop-off at `chosenTime` falls within the withdrawal period, so the early-start box must be ticked. */
export const needsEarlyStart = (chosenTime: string, now = Date.now()): boolean =>
  Date.parse(chosenTime) - now < WITHDRAWAL_DAYS * DAY_MS;
