/**
 * The free times of the workshop's calendar, as the booking form on
 * /kontakt asks for them (payload/endpoints/booking-times.ts answers):
 *
 *   GET {ADMIN}/api/booking/times?services=grundig-utvendig-bilvask,lakkforsegling&size=Medium%2FSUV
 *     200 { hours, times: [{ day, time, at }] }   the job's work hours, and the drop-off times
 *                                                that take it in the booking window, in order
 *     400                                        a service or size that is not in content/services.json
 *     429                                        too many look-ups from one address
 *
 * `day` is the Oslo day (`2026-12-08`), `time` Oslo's clock (`07:30`) and
 * `at` the moment, with Oslo's offset that day (`2026-12-08T07:30:00+01:00`).
 * `size` is a car size's `type`; without it, the default size.
 */
import * as z from "zod/mini";
import "../zod"; // parse without eval (CSP)

export const BOOKING_TIMES_PATH = "/api/booking/times";
export const BOOKING_TIMES_QUERY = { services: "services", size: "size" } as const;

export const freeTimeSchema = z.object({ day: z.string(), time: z.string(), at: z.string() });
export const bookingTimesSchema = z.object({ hours: z.number(), times: z.array(freeTimeSchema) });
export type BookingTimes = z.infer<typeof bookingTimesSchema>;

/** A free time as the site shows and books it. */
export type FreeTime = z.infer<typeof freeTimeSchema>;

/** The body of POST /api/contact's 409: the time was taken, these are the nearest free ones. */
export const timeTakenSchema = z.object({
  errors: z.array(z.object({ data: z.object({ times: z.array(freeTimeSchema) }) })).check(z.minLength(1)),
});

/** The url of the free times for `services` on a car of `size`. */
export function bookingTimesUrl(adminHost: string, services: readonly string[], size: string): string {
  const query = new URLSearchParams({
    [BOOKING_TIMES_QUERY.services]: services.join(","),
    [BOOKING_TIMES_QUERY.size]: size,
  });
  return `${adminHost}${BOOKING_TIMES_PATH}?${query}`;
}

/** The name of a booked time's calendar file: attached to its confirmation, and the page's `Legg i kalenderen`. */
export const CALENDAR_FILE_NAME = "time.ics";

/** The body of POST /api/contact's 201 for a booking with a time: the booking, with its calendar file. */
export const bookedTimeAnswerSchema = z.object({ doc: z.object({ calendarFile: z.string() }) });
