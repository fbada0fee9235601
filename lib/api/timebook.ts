/**
 * The workshop's Timebok in the admin (payload/admin/timebook/), as data: its
 * calls, for a logged-in employee only, on the admin's own origin:
 *
 *   POST {ADMIN}/api/contact/:id/move      { at }   the booking moved to the free time at `at`
 *   POST {ADMIN}/api/contact/:id/cancel    {}       the booking cancelled
 *   POST {ADMIN}/api/contact/:id/no-show   {}       `Møtte ikke`, once its time has passed
 *   POST {ADMIN}/api/calendar-days/set     { day, closed, detailingHours, verkstedHours }
 *                                                   the date's own hours per team (null: as the weekday) and `Stengt`
 *
 * A move or a cancellation mails the customer the new calendar file. Each
 * answers 200 `{ message }`; a time not free is 409 with the nearest free
 * `times`. Written with `zod/mini`, like ./schemas.ts.
 */
import * as z from "zod/mini";
import "../zod"; // parse without eval (CSP)
import { isDay, isMoment } from "./case-link";

export const TIMEBOOK_PATHS = {
  move: (id: number | string) => `/contact/${id}/move`,
  cancel: (id: number | string) => `/contact/${id}/cancel`,
  noShow: (id: number | string) => `/contact/${id}/no-show`,
  day: "/calendar-days/set",
} as const;

/** The most work hours a team can be given on one day. */
export const MAX_DAY_HOURS = 24 * 4;

export const staffMoveSchema = z.strictObject({
  at: z.string().check(z.refine(isMoment, "skal være et tidspunkt med tidssone")),
});

const dayHours = z.nullable(z.number().check(z.gte(0), z.lte(MAX_DAY_HOURS)));
export const daySettingSchema = z.strictObject({
  day: z.string().check(z.refine(isDay, "skal være en dato, ÅÅÅÅ-MM-DD")),
  closed: z.boolean(),
  detailingHours: dayHours,
  verkstedHours: dayHours,
});
export type DaySettingRequest = z.infer<typeof daySettingSchema>;
