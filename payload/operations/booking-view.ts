/** A booked time as its link's page shows it (./change-booking.ts); pure. */
import type { CaseView } from "../../lib/api/case-link";
import type { ServicesContent, Site } from "../../lib/content/schemas";
import { canChange } from "../booking/calendar";
import { serviceTitles } from "../mail/booking-confirmation";
import type { Contact } from "../types";
import type { BookedTime } from "./book-time";
import { linkOpenDays } from "./free-times";

/** What a booking link's page is written from: the workshop, and its services' names. */
export interface BookingLinkContent {
  site: Site;
  services: ServicesContent;
}

/** The booking as its link's page shows it at `now`. */
export function bookingView(content: BookingLinkContent, booking: Contact, time: BookedTime, now: Date): CaseView {
  const cancelled = Boolean(booking.time?.cancelledAt);
  return {
    purpose: "booking",
    photos: [],
    booking: {
      at: time.at,
      services: time.services,
      size: time.size,
      titles: serviceTitles(content.services, time.services),
      priceNok: time.price,
      state: cancelled ? "cancelled" : "booked",
      changeable: !cancelled && canChange(time.day, linkOpenDays(content.site), now),
    },
  };
}
