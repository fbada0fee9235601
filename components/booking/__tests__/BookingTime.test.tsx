/** @jest-environment jsdom */
/**
 * Booking a time on /kontakt with a fake admin host: the free times for the
 * calculator's choice, grouped by day; the early-start box for a time within
 * the withdrawal period; the booking sent with its time; a time taken
 * meanwhile; and the request without a time when none can be offered.
 */
import { act, configure, fireEvent, render, screen, within } from "@testing-library/react";
import services from "@/content/services.json";
import type { FreeTime } from "@/lib/api/booking-times";
import { getStrings } from "@/lib/content";
import { buildCatalog } from "@/lib/calculator/state";
import { saveSelection } from "@/lib/calculator/storage";
import { draftStore } from "@/lib/drafts/store";
import { formatMoment, momentParts } from "@/lib/format";
import { addDays, osloToday, osloToMoment } from "@/lib/oslo-time";
import { BookingForm } from "../BookingForm";

configure({ asyncUtilTimeout: 5000 });

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));
jest.mock("@/lib/config", () => ({
  config: { siteUrl: "", apiUrl: "", adminUrl: "", googleMapsApiKey: "", gtmId: "" },
}));

const strings = getStrings();
const offer = strings.casePage.offer;
const catalog = buildCatalog(services as never);

const time = (daysAhead: number, clock: string): FreeTime => {
  const day = addDays(osloToday(), daysAhead);
  return { day, time: clock, at: osloToMoment(`${day}T${clock}`)! };
};
/** Two times on a day soon (within the withdrawal period) and one on a day after it. */
const SOON = [time(3, "07:30"), time(3, "08:00")];
const LATER = time(20, "09:00");

interface Call {
  url: string;
  body?: unknown;
}

/** The admin host: the free times answer `times` (or `timesStatus`), the booking `contactStatus` and `contactBody`. */
function adminHost({
  times = [...SOON, LATER],
  timesStatus = 200,
  contact = [{ status: 201, body: {} }],
}: { times?: FreeTime[]; timesStatus?: number; contact?: { status: number; body: unknown }[] } = {}) {
  const calls: Call[] = [];
  const answer = (status: number, body: unknown) => ({
    ok: status < 300,
    status,
    headers: new Headers(),
    json: async () => body,
  });
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    if (url.startsWith("/api/booking/times")) return answer(timesStatus, { hours: 9, times });
    const next = contact.shift() ?? { status: 201, body: {} };
    return answer(next.status, next.body);
  }) as unknown as typeof fetch;
  return { calls, bookings: () => calls.filter((call) => call.url === "/api/contact") };
}

async function visit() {
  saveSelection(sessionStorage, catalog, {
    chosen: ["to-trinns-polering", "lett-innvendig-bilvask"],
    size: "Medium/SUV",
  });
  render(
    <BookingForm
      strings={strings.booking}
      fieldErrors={strings.fieldErrors}
      drafts={strings.drafts}
      earlyStart={{ text: offer.earlyStart, required: offer.earlyStartRequired }}
      contact={{ phone: "+47 67 10 20 30", email: "post@bulkeklinikken.example" }}
    />,
  );
  await act(async () => {});
}
const settle = (ms = 50) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const contactFields = () => {
  fill(strings.booking.email, "kari@example.no");
  fill(strings.booking.phone, "912 34 567");
};
const timeRadio = (free: FreeTime) =>
  within(screen.getByRole("group", { name: momentParts(free.at).date })).getByRole("radio", {
    name: `kl. ${free.time}`,
  });
const submit = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
const earlyBox = () => screen.queryByRole("checkbox", { name: offer.earlyStart });

beforeEach(async () => {
  sessionStorage.clear();
  push.mockReset();
  await draftStore("booking").clear();
});

const CALENDAR_FILE = "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n";

test("the free times come grouped by day under `Når vil du levere bilen?`; the button books the chosen one", async () => {
  const host = adminHost({ contact: [{ status: 201, body: { doc: { calendarFile: CALENDAR_FILE } } }] });
  await visit();
  const times = await screen.findByRole("group", { name: strings.booking.timesLegend });
  expect(within(times).getAllByRole("radio")).toHaveLength(3);
  expect(host.calls[0]!.url).toBe(
    "/api/booking/times?services=lett-innvendig-bilvask%2Cto-trinns-polering&size=Medium%2FSUV",
  );
  expect(screen.getByRole("button", { name: strings.booking.submit })).toBeTruthy();

  fireEvent.click(timeRadio(LATER));
  expect(earlyBox()).toBeNull();
  contactFields();
  submit(strings.booking.submitTime);
  await screen.findByText(`Timen er bestilt: ${formatMoment(LATER.at)}.`);
  expect(screen.getByText("Vi har sendt en bekreftelse til kari@example.no.")).toBeTruthy();
  const calendar = screen.getByRole("link", { name: strings.booking.addToCalendar });
  expect(calendar.getAttribute("download")).toBe("time.ics");
  expect(calendar.getAttribute("href")).toBe(`data:text/calendar;charset=utf-8,${encodeURIComponent(CALENDAR_FILE)}`);
  expect(host.bookings()[0]!.body).toMatchObject({
    email: "kari@example.no",
    time: {
      services: ["lett-innvendig-bilvask", "to-trinns-polering"],
      size: "Medium/SUV",
      at: LATER.at,
      earlyStart: false,
    },
  });
  // the booking is made: the calculator's hand-over is gone, and the page stays to say so
  expect(sessionStorage.getItem("services")).toBeNull();
  expect(push).not.toHaveBeenCalled();
});

test("a time within the withdrawal period needs the early-start box: refused unticked, sent ticked", async () => {
  const host = adminHost();
  await visit();
  fireEvent.click(await screen.findByRole("radio", { name: `kl. ${SOON[0]!.time}` }));
  contactFields();
  submit(strings.booking.submitTime);
  expect(await screen.findByText(offer.earlyStartRequired)).toBeTruthy();
  expect(document.activeElement).toBe(earlyBox());
  expect(host.bookings()).toHaveLength(0);

  fireEvent.click(earlyBox()!);
  expect(screen.queryByText(offer.earlyStartRequired)).toBeNull();
  submit(strings.booking.submitTime);
  await screen.findByText(`Timen er bestilt: ${formatMoment(SOON[0]!.at)}.`);
  expect(host.bookings()[0]!.body).toMatchObject({ time: { at: SOON[0]!.at, earlyStart: true } });
  // the answer carried no calendar file: the booking stands, without the link
  expect(screen.queryByRole("link", { name: strings.booking.addToCalendar })).toBeNull();
});

test("the box and a missing e-mail are said at once, the focus on the box above", async () => {
  adminHost();
  await visit();
  fireEvent.click(await screen.findByRole("radio", { name: `kl. ${SOON[1]!.time}` }));
  submit(strings.booking.submitTime);
  expect(await screen.findByText(offer.earlyStartRequired)).toBeTruthy();
  expect(await screen.findByText(strings.fieldErrors.emailRequired)).toBeTruthy();
  expect(document.activeElement).toBe(earlyBox());
});

test("a time taken meanwhile: the page says so and offers the nearest free times; one of them is booked", async () => {
  const nearest = [SOON[1]!, LATER];
  const host = adminHost({
    contact: [
      {
        status: 409,
        body: { errors: [{ message: "Tiden ble nettopp tatt. Velg en av disse:", data: { times: nearest } }] },
      },
      { status: 201, body: {} },
    ],
  });
  await visit();
  fireEvent.click(await screen.findByRole("radio", { name: `kl. ${SOON[0]!.time}` }));
  fireEvent.click(earlyBox()!);
  contactFields();
  submit(strings.booking.submitTime);

  expect((await screen.findByRole("alert")).textContent).toBe(strings.booking.timeTaken);
  const times = screen.getByRole("group", { name: strings.booking.timesLegend });
  expect(
    within(times)
      .getAllByRole("radio")
      .map((radio) => (radio as HTMLInputElement).value),
  ).toEqual(nearest.map((t) => t.at));
  // nothing is chosen for the visitor, and the button says so
  expect(screen.getByRole("button", { name: strings.booking.submit })).toBeTruthy();

  fireEvent.click(timeRadio(LATER));
  submit(strings.booking.submitTime);
  await screen.findByText(`Timen er bestilt: ${formatMoment(LATER.at)}.`);
  expect(host.bookings()).toHaveLength(2);
});

test("after a taken time, `Vis flere dager` shows the whole list again without it", async () => {
  adminHost({
    contact: [{ status: 409, body: { errors: [{ message: "", data: { times: [LATER] } }] } }],
  });
  await visit();
  fireEvent.click(await screen.findByRole("radio", { name: `kl. ${SOON[0]!.time}` }));
  fireEvent.click(earlyBox()!);
  contactFields();
  submit(strings.booking.submitTime);
  await screen.findByRole("alert");
  fireEvent.click(screen.getByRole("button", { name: strings.booking.moreDays }));
  const times = screen.getByRole("group", { name: strings.booking.timesLegend });
  expect(
    within(times)
      .getAllByRole("radio")
      .map((radio) => (radio as HTMLInputElement).value),
  ).toEqual([SOON[1]!.at, LATER.at]);
});

test("the first five days at once, five more on `Vis flere dager`, the focus on the first new one", async () => {
  const many = Array.from({ length: 12 }, (_, i) => time(15 + i, "07:30"));
  adminHost({ times: many });
  await visit();
  const times = await screen.findByRole("group", { name: strings.booking.timesLegend });
  expect(within(times).getAllByRole("radio")).toHaveLength(5);
  fireEvent.click(screen.getByRole("button", { name: strings.booking.moreDays }));
  expect(within(times).getAllByRole("radio")).toHaveLength(10);
  expect(document.activeElement).toBe(timeRadio(many[5]!));
  fireEvent.click(screen.getByRole("button", { name: strings.booking.moreDays }));
  expect(within(times).getAllByRole("radio")).toHaveLength(12);
  expect(screen.queryByRole("button", { name: strings.booking.moreDays })).toBeNull();
});

test.each([
  ["none is free", { times: [] }, strings.booking.noTimes],
  ["the times could not be fetched", { timesStatus: 400 }, strings.booking.timesFailed],
])("when %s, the page says the workshop will call, and the request goes without a time", async (_, host, text) => {
  const { bookings } = adminHost(host);
  await visit();
  expect(await screen.findByText(text)).toBeTruthy();
  expect(screen.queryByRole("radio")).toBeNull();
  contactFields();
  submit(strings.booking.submit);
  await settle();
  expect(bookings()[0]!.body).not.toHaveProperty("time");
  expect(push).toHaveBeenCalledWith("/takk-for-henvendelsen");
});
