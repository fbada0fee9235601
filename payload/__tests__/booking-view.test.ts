import { loadServices, loadSite } from "../content";
import type { BookedTime } from "../operations/book-time";
import { bookingView } from "../operations/booking-view";
import type { Contact } from "../types";

const content = { site: loadSite(), services: loadServices() };

// Monday 30 March 2026, the day after the change to summer time: 07:30 in Oslo is 05:30 UTC
const time: BookedTime = {
  services: ["grundig-utvendig-bilvask", "lakkforsegling"],
  size: "Medium/SUV",
  hours: 5.5,
  price: 4500,
  day: "2026-03-30",
  dropOff: "07:30",
  at: "2026-03-30T05:30:00.000Z",
  earlyStart: false,
  holder: "booking:1",
  uid: "uid@www.bulkeklinikken.example",
  sequence: 0,
};
const booking = (cancelledAt?: string) => ({ id: 1, time: { ...time, cancelledAt } }) as unknown as Contact;

test("the link shows the booked job with its services' names and price", () => {
  expect(bookingView(content, booking(), time, new Date("2026-03-20T10:00:00Z"))).toEqual({
    purpose: "booking",
    photos: [],
    booking: {
      at: time.at,
      services: time.services,
      size: "Medium/SUV",
      titles: ["Grundig Utvendig Bilvask", "Lakkforsegling"],
      priceNok: 4500,
      state: "booked",
      changeable: true,
    },
  });
});

test("the link changes the time until noon on the last open day before it, Oslo time", () => {
  // the last open day before Monday 30 March is Friday 27 March, still winter time (UTC+1)
  const at = (moment: string) => bookingView(content, booking(), time, new Date(moment)).booking?.changeable;
  expect(at("2026-03-27T11:59:00+01:00")).toBe(true);
  expect(at("2026-03-27T12:00:00+01:00")).toBe(false);
});

test("a cancelled time is shown as cancelled and changes no more", () => {
  const view = bookingView(content, booking("2026-03-20T09:00:00Z"), time, new Date("2026-03-20T10:00:00Z"));
  expect(view.booking).toMatchObject({ state: "cancelled", changeable: false });
});
