/** @jest-environment jsdom */
/**
 * A booked time's link on the case page (`/sak#k=<token>`): what was booked,
 * `Endre tid` with the free times, `Avbestill timen`, and the cut-off. The
 * admin host is a fake `fetch` that keeps every request; found by role and
 * label.
 */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { FreeTime } from "@/lib/api/booking-times";
import type { CaseView } from "@/lib/api/case-link";
import { getEmails, getSite, getStrings } from "@/lib/content";
import { formatMoment, formatPrice, momentParts } from "@/lib/format";
import { addDays, osloToday, osloToMoment } from "@/lib/oslo-time";
import { pick } from "@/lib/pick";
import { CasePage } from "../CasePage";

jest.mock("@/lib/config", () => ({
  config: { siteUrl: "", apiUrl: "/api", adminUrl: "", googleMapsApiKey: "", gtmId: "" },
}));

const site = getSite();
const all = getStrings();
const texts = all.casePage.booking;
const strings = {
  page: all.casePage,
  priceTypes: getEmails().caseLink.priceTypes,
  photos: pick(all.quoteForm, ["labels", "progress", "photoCheck", "photoGuide"]),
  failure: pick(all.quoteForm.failure, ["contact", "retry"]),
  times: all.booking,
};
const TOKEN = "a".repeat(40) + "b_-";

const time = (daysAhead: number, clock: string): FreeTime => {
  const day = addDays(osloToday(), daysAhead);
  return { day, time: clock, at: osloToMoment(`${day}T${clock}`)! };
};
const BOOKED = time(25, "07:30");
const FREE = [time(27, "08:00"), time(28, "09:00"), time(29, "07:30")];
const SOON = time(3, "08:30");

const bookingView = (over: Partial<NonNullable<CaseView["booking"]>> = {}): CaseView => ({
  purpose: "booking",
  photos: [],
  booking: {
    at: BOOKED.at,
    services: ["grundig-utvendig-bilvask", "lakkforsegling"],
    size: "Medium/SUV",
    titles: ["Grundig Utvendig Bilvask", "Lakkforsegling"],
    priceNok: 4500,
    state: "booked",
    changeable: true,
    ...over,
  },
});

const json = (status: number, body: unknown) =>
  ({ ok: status < 300, status, headers: new Headers(), json: async () => body }) as unknown as Response;

type Reply = (path: string, body: Record<string, unknown>) => Response;

/** The admin host: the link answers `view`, the free times `times`, each action as `reply` says. */
function fakeHost(view: CaseView, reply: Reply, times: FreeTime[] = FREE) {
  const requests: { path: string; body?: Record<string, unknown> }[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.href);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    const path = url.pathname.replace(/^\/api/, "");
    requests.push({ path: `${path}${url.search}`, body });
    if (path === "/booking/times") return json(200, { hours: 5.5, times });
    if (path === "/sak") return json(200, view);
    return reply(path, body!);
  });
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return {
    fetch,
    requests,
    actions: () => requests.filter((r) => r.path !== "/sak" && !r.path.startsWith("/booking")),
  };
}

async function open(host: ReturnType<typeof fakeHost>) {
  window.history.replaceState(null, "", `/sak#k=${TOKEN}`);
  render(<CasePage strings={strings} contact={site} deps={{ fetch: host.fetch }} />);
  await screen.findByRole("heading", { level: 1, name: `Din time ${formatMoment(BOOKED.at)}` });
  // the booked job, under the heading
  await screen.findByRole("region", { name: texts.servicesHeading });
}
const press = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
const timeRadio = (free: FreeTime) =>
  within(screen.getByRole("group", { name: momentParts(free.at).date })).getByRole("radio", {
    name: `kl. ${free.time}`,
  });
const status = () => screen.getAllByRole("status").find((region) => region.getAttribute("aria-live") === "polite")!;

beforeEach(() => sessionStorage.clear());

test("shows the booked time, its services, the car's size and the price", async () => {
  await open(fakeHost(bookingView(), () => json(500, {})));
  const job = screen.getByRole("region", { name: texts.servicesHeading });
  expect(
    within(job)
      .getAllByRole("listitem")
      .map((item) => item.textContent),
  ).toEqual(["Grundig Utvendig Bilvask", "Lakkforsegling"]);
  expect(job.textContent).toContain(`${texts.sizeLabel}Medium/SUV`);
  expect(job.textContent).toContain(`${texts.totalLabel}${formatPrice(4500)}`);
});

test("`Endre tid` shows the free times for the same job; `Bekreft ny tid` moves it and says so", async () => {
  const moved = bookingView({ at: FREE[1]!.at });
  const host = fakeHost(bookingView(), () => json(200, { done: "moved", view: moved }));
  await open(host);
  press(texts.change);
  await screen.findByRole("group", { name: all.booking.timesLegend });
  expect(host.requests.find((r) => r.path.startsWith("/booking/times"))?.path).toBe(
    "/booking/times?services=grundig-utvendig-bilvask%2Clakkforsegling&size=Medium%2FSUV",
  );
  expect(document.activeElement).toBe(timeRadio(FREE[0]!));
  fireEvent.click(timeRadio(FREE[1]!));
  press(texts.confirmChange);
  await screen.findByRole("heading", { level: 1, name: `Din time ${formatMoment(FREE[1]!.at)}` });
  expect(host.actions()).toEqual([{ path: "/sak/move", body: { token: TOKEN, at: FREE[1]!.at, earlyStart: false } }]);
  expect(status().textContent).toContain(
    `Timen er flyttet til ${formatMoment(FREE[1]!.at)}. ${texts.confirmationSent}`,
  );
  expect(document.activeElement).toBe(status());
});

test("no new time chosen: nothing is sent, and the page asks for one", async () => {
  const host = fakeHost(bookingView(), () => json(500, {}));
  await open(host);
  press(texts.change);
  await screen.findByRole("group", { name: all.booking.timesLegend });
  press(texts.confirmChange);
  expect(screen.getByText(texts.chooseTime)).toBeTruthy();
  expect(host.actions()).toEqual([]);
});

test("a new time within the withdrawal period needs the early-start box", async () => {
  const host = fakeHost(bookingView(), () => json(200, { done: "moved", view: bookingView({ at: SOON.at }) }), [SOON]);
  await open(host);
  press(texts.change);
  fireEvent.click(await screen.findByRole("radio", { name: `kl. ${SOON.time}` }));
  press(texts.confirmChange);
  const box = screen.getByRole("checkbox", { name: all.casePage.offer.earlyStart });
  expect(document.activeElement).toBe(box);
  expect(host.actions()).toEqual([]);
  fireEvent.click(box);
  press(texts.confirmChange);
  await act(async () => {});
  expect(host.actions()[0]?.body).toEqual({ token: TOKEN, at: SOON.at, earlyStart: true });
});

test("a new time taken meanwhile: the page says so and offers the nearest free times", async () => {
  const nearest = [FREE[2]!];
  const host = fakeHost(bookingView(), () =>
    json(409, { reason: "taken", errors: [{ message: all.booking.timeTaken }], times: nearest }),
  );
  await open(host);
  press(texts.change);
  fireEvent.click(await screen.findByRole("radio", { name: `kl. ${FREE[0]!.time}` }));
  press(texts.confirmChange);
  expect((await screen.findByRole("alert")).textContent).toContain(all.booking.timeTaken);
  const offered = within(screen.getByRole("group", { name: all.booking.timesLegend })).getAllByRole("radio");
  expect(offered.map((radio) => (radio as HTMLInputElement).value)).toEqual([FREE[2]!.at]);
  expect(document.activeElement).toBe(offered[0]);
});

test("`Avbestill timen` asks first; `Behold timen` keeps it, `Ja, avbestill` cancels it", async () => {
  const host = fakeHost(bookingView(), () =>
    json(200, { done: "cancelled", view: bookingView({ state: "cancelled", changeable: false }) }),
  );
  await open(host);
  press(texts.cancel);
  expect(screen.getByText(`Vil du avbestille timen ${formatMoment(BOOKED.at)}?`)).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByRole("button", { name: texts.confirmCancel }));
  press(texts.keep);
  expect(host.actions()).toEqual([]);
  expect(document.activeElement).toBe(screen.getByRole("button", { name: texts.change }));
  press(texts.cancel);
  press(texts.confirmCancel);
  await act(async () => {});
  expect(host.actions()).toEqual([{ path: "/sak/cancel", body: { token: TOKEN } }]);
  expect(status().textContent).toContain(`${texts.cancelled} ${texts.confirmationSent}`);
  expect(screen.queryByRole("button", { name: texts.change })).toBeNull();
});

test("past the cut-off: no button, and the page says to call", async () => {
  await open(fakeHost(bookingView({ changeable: false }), () => json(500, {})));
  expect(status().textContent).toContain(`Timen kan ikke endres her lenger. Ring oss på ${site.phone}.`);
  expect(within(status()).getByRole("link", { name: site.phone }).getAttribute("href")).toMatch(/^tel:/);
  expect(screen.queryByRole("button", { name: texts.change })).toBeNull();
  expect(screen.queryByRole("button", { name: texts.cancel })).toBeNull();
});
