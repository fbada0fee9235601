/**
 * The Timebok's calls, for a logged-in employee only (lib/api/timebook.ts
 * has the contract): a booking moved, cancelled or marked `Møtte ikke`, on
 * the bookings' collection; a date's hours and `Stengt`, on the dates'.
 */
import type { Endpoint, PayloadRequest } from "payload";
import { daySettingSchema, staffMoveSchema } from "../../lib/api/timebook";
import type { Site } from "../../lib/content/schemas";
import { requireStaff } from "../access";
import { answering, jsonAnswer, NO_STORE, readBody } from "../http";
import { CALENDAR_DAY_SLUG } from "../names";
import { markNoShow, staffCancel, staffMove } from "../operations/change-booking";

/** The largest body a Timebok call takes. */
const TIMEBOOK_BODY_BYTES = 4 * 1024;

/** A staff call on the booking `:id` names, answered with `message` once `act` is done. */
const onBooking = (
  path: string,
  message: string,
  act: (req: PayloadRequest, id: number) => Promise<void>,
): Endpoint => ({
  path: `/:id/${path}`,
  method: "post",
  handler: answering(async (req) => {
    requireStaff(req);
    await act(req, Number(req.routeParams?.id));
    return jsonAnswer(200, { message });
  }, NO_STORE),
});

/** The calls on the bookings' collection; a move takes the free times of `site`'s calendar. */
export const bookingStaffEndpoints = (site: Site): Endpoint[] => [
  onBooking("move", "Timen er flyttet. Kunden får en e-post med den nye tiden.", async (req, id) => {
    const { at } = await readBody(req, staffMoveSchema, TIMEBOOK_BODY_BYTES);
    await staffMove(req, site, id, at);
  }),
  onBooking("cancel", "Timen er avbestilt. Kunden får en e-post om det.", (req, id) => staffCancel(req, id)),
  onBooking("no-show", "Registrert: kunden møtte ikke.", (req, id) => markNoShow(req, id)),
];

/**
 * POST /api/calendar-days/set: a date's own hours per team and `Stengt`; a
 * date set back to the weekday's hours and open keeps no record.
 */
export const daySettingEndpoint: Endpoint = {
  path: "/set",
  method: "post",
  handler: answering(async (req) => {
    requireStaff(req);
    const { day, ...setting } = await readBody(req, daySettingSchema, TIMEBOOK_BODY_BYTES);
    const { docs } = await req.payload.find({
      collection: CALENDAR_DAY_SLUG,
      where: { day: { equals: day } },
      limit: 1,
      depth: 0,
      req,
    });
    const asUsual = !setting.closed && setting.detailingHours === null && setting.verkstedHours === null;
    const existing = docs[0];
    if (existing && asUsual) await req.payload.delete({ collection: CALENDAR_DAY_SLUG, id: existing.id, req });
    else if (existing) await req.payload.update({ collection: CALENDAR_DAY_SLUG, id: existing.id, data: setting, req });
    else if (!asUsual) await req.payload.create({ collection: CALENDAR_DAY_SLUG, data: { day, ...setting }, req });
    return jsonAnswer(200, { message: "Dagen er lagret." });
  }, NO_STORE),
};
