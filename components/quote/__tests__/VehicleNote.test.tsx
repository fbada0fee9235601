/** @jest-environment jsdom */
/**
 * The car under the registration number, in the whole quote form as a visitor
 * meets it: typed into `Registreringsnummer`, read from the live region right
 * under the field, with a fake admin host (its look-up counted by plate) and
 * fake timers where the pause in the typing or the time limit matters.
 */
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { VEHICLE_PATH } from "@/lib/api/vehicle";
import { getStrings } from "@/lib/content";
import { draftStore } from "@/lib/drafts/store";
import type { QuoteDraft } from "@/lib/quote/draft";
import type { PhotoWork } from "@/lib/photos/photo-work/types";
import { VEHICLE_PAUSE_MS, VEHICLE_TIMEOUT_MS, VehicleLookup } from "@/lib/quote/vehicle";
import { QuoteForm, type QuoteFormProps } from "../QuoteForm";
import { GOLF as golf } from "@/testing/vehicles";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));
jest.mock("@/lib/config", () => ({
  config: { siteUrl: "", apiUrl: "", adminUrl: "", googleMapsApiKey: "", gtmId: "" },
}));

const strings = getStrings();
const { vehicle: texts } = strings.quoteForm;

/** Just enough of a Response for the calls (jsdom has none). */
const answer = (status: number, body: unknown = {}) =>
  ({ ok: status < 300, status, headers: new Headers(), json: async () => body }) as unknown as Response;

/** A request the host never answers: it ends only when its signal aborts. */
const hanging = (init?: RequestInit) =>
  new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));

type Reply = (plate: string, init?: RequestInit) => Response | Promise<Response>;

/**
 * The admin host and the API: the look-up answers with `reply` (the car, by
 * default) and keeps each request's plate and signal; uploads and the inquiry
 * answer as a working host does, and the inquiry's body is kept.
 */
function fakeHost(reply: Reply = () => answer(200, { found: true, vehicle: golf })) {
  const host = { lookups: [] as { plate: string; signal: AbortSignal }[], inquiries: [] as unknown[] };
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.href);
    if (url.pathname === VEHICLE_PATH) {
      const plate = url.searchParams.get("regNumber")!;
      host.lookups.push({ plate, signal: init!.signal! });
      return reply(plate, init);
    }
    if (url.pathname === "/api/media") {
      const { name } = (init!.body as FormData).get("file") as File;
      return answer(201, { doc: { filename: name, url: `/api/media/file/${name}` } });
    }
    if (url.pathname === "/inquiry") {
      host.inquiries.push(JSON.parse(init!.body as string));
      return answer(201);
    }
    throw new Error(`unexpected ${url.href}`);
  });
  const asked = () => host.lookups.map((l) => l.plate);
  return { ...host, asked, fetch: fetch as unknown as typeof globalThis.fetch };
}
type Host = ReturnType<typeof fakeHost>;

/** Photo work whose thumbnail and copy are a small JPEG. */
const work: PhotoWork = {
  async prepare(_, options = {}) {
    options.onPreview?.("data:image/jpeg;base64,AA==");
    return { blob: new Blob([new Uint8Array(4)], { type: "image/jpeg" }), width: 1, height: 1 };
  },
};

/** The form's props on a page whose network is `host` and whose look-up is new. */
const formProps = (host: Host): QuoteFormProps => ({
  strings: strings.quoteForm,
  fieldErrors: strings.fieldErrors,
  drafts: strings.drafts,
  contact: { phone: "22 22 22 22", email: "post@example.no" },
  labelledBy: "pristilbud",
  headingLevel: 2,
  userId: "nettside-anonym",
  thanksHref: "/takk",
  deps: {
    fetch: host.fetch,
    vehicle: new VehicleLookup({ fetch: host.fetch }),
    loadWork: async () => work,
    createUrl: () => "blob:x",
    revokeUrl: () => {},
  },
});

/** One visit of the quote form. */
function visit(host = fakeHost()) {
  const view = render(<QuoteForm {...formProps(host)} />);
  return { host, view };
}

const field = () => screen.getByLabelText<HTMLInputElement>(strings.quoteForm.labels.regNumber);
/** The live region right under the registration number. */
function note(): HTMLElement {
  const region = field().nextElementSibling as HTMLElement;
  expect(region.getAttribute("role")).toBe("status");
  return region;
}
/** What the note says, line by line. */
const lines = () => Array.from(note().children, (line) => line.textContent);
/** The visitor types `text` into the registration number (each call is one edit). */
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
/** Fake time passes, and the answers it brings are rendered. */
const pass = (ms = 0) => act(() => jest.advanceTimersByTimeAsync(ms));
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));
const stored = () => draftStore<{ form: QuoteDraft }>("quote").load();

beforeEach(() => {
  push.mockClear();
  sessionStorage.clear();
});
afterEach(async () => {
  jest.useRealTimers();
  await draftStore("quote").clear();
});

/** Fake timers for the look-up's pause and time limit; the draft store's own scheduling stays real. */
const withFakeTimers = () =>
  beforeEach(() => jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick", "setImmediate"] }));

describe("what the note shows", () => {
  withFakeTimers();

  test("the live region is under the field from the start, empty", () => {
    visit();
    expect(note().textContent).toBe("");
    expect(note().childElementCount).toBe(0);
  });

  test("a whole plate is looked up at once: the car, then its source on its own line", async () => {
    const { host } = visit();
    type("ek 39085");
    expect(host.asked()).toEqual(["EK39085"]);
    await pass();
    expect(lines()).toEqual(["Volkswagen Golf, grå, 2017", texts.source]);
    expect(within(note()).getByText("Kilde: Statens vegvesen")).toBeTruthy();
    expect(document.activeElement).not.toBe(note()); // the keyboard is not moved
  });

  test("a plate Statens vegvesen does not know: the gentle text, and the form can still be sent", async () => {
    visit(fakeHost(() => answer(200, { found: false })));
    type("XY98765");
    await pass();
    expect(lines()).toEqual([
      "Vi fant ikke dette registreringsnummeret hos Statens vegvesen. Sjekk det gjerne – du kan sende likevel.",
    ]);
    expect(field().getAttribute("aria-invalid")).toBeNull();
  });

  test.each<[string, Reply]>([
    ["a failing host (500)", () => answer(500, { found: true, vehicle: golf })],
    ["a host without the look-up (404)", () => answer(404)],
    ["too many look-ups (429)", () => answer(429)],
    ["no connection", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["an answer of another shape", () => answer(200, { found: true, car: golf })],
  ])("%s: nothing is shown", async (_, reply) => {
    const { host } = visit(fakeHost(reply));
    type("EK39085");
    await pass(VEHICLE_TIMEOUT_MS * 2);
    expect(host.asked()).toEqual(["EK39085"]);
    expect(note().textContent).toBe("");
  });

  test("no answer within the time limit: nothing is shown, even when the car comes later", async () => {
    // the host answers the car a second after the limit, deaf to the request's signal
    const late = () =>
      new Promise<Response>((resolve) =>
        setTimeout(() => resolve(answer(200, { found: true, vehicle: golf })), VEHICLE_TIMEOUT_MS + 1_000),
      );
    const { host } = visit(fakeHost(late));
    type("EK39085");
    await pass(VEHICLE_TIMEOUT_MS);
    expect(host.lookups[0]!.signal.aborted).toBe(true);
    await pass(2_000);
    expect(note().textContent).toBe("");
  });

  test("a changed number takes the note away until its own answer comes", async () => {
    let answerFor!: (response: Response) => void;
    const host = fakeHost((plate) =>
      plate === "EK39085"
        ? answer(200, { found: true, vehicle: golf })
        : new Promise<Response>((resolve) => (answerFor = resolve)),
    );
    visit(host);
    type("EK39085");
    await pass();
    expect(lines()[0]).toBe("Volkswagen Golf, grå, 2017");
    type("EK390");
    expect(note().textContent).toBe("");
    type("EK39085");
    expect(lines()[0]).toBe("Volkswagen Golf, grå, 2017");
    type("XY98765"); // another plate: its answer is on the way
    expect(note().textContent).toBe("");
    answerFor(answer(200, { found: true, vehicle: { ...golf, make: "Tesla", model: "Model 3", colour: "hvit" } }));
    await pass();
    expect(lines()).toEqual(["Tesla Model 3, hvit, 2017", texts.source]);
  });
});

describe("when the form asks", () => {
  withFakeTimers();

  test("a plate typed again shows its car at once, without a request; each plate is asked for once", async () => {
    const { host } = visit(
      fakeHost((plate) =>
        plate === "EK39085" ? answer(200, { found: true, vehicle: golf }) : answer(200, { found: false }),
      ),
    );
    type("EK39085");
    await pass();
    type("EK3908");
    expect(note().textContent).toBe("");
    type("EK39085");
    expect(lines()).toEqual(["Volkswagen Golf, grå, 2017", texts.source]); // before any time passes
    type("XY98765");
    await pass();
    type("EK 39085");
    expect(lines()[0]).toBe("Volkswagen Golf, grå, 2017");
    type("XY98765");
    expect(lines()).toEqual([texts.unknown]);
    expect(host.asked()).toEqual(["EK39085", "XY98765"]);
  });

  test("typing on cancels the request before it", async () => {
    const { host } = visit(fakeHost((_, init) => hanging(init)));
    type("EK39085");
    expect(host.lookups[0]!.signal.aborted).toBe(false);
    type("EK390851");
    expect(host.lookups[0]!.signal.aborted).toBe(true);
    type("EK39086");
    type("EK39087");
    expect(host.lookups.map((l) => [l.plate, l.signal.aborted])).toEqual([
      ["EK39085", true],
      ["EK39086", true],
      ["EK39087", false],
    ]);
  });

  test("a plate of four digits is asked for only after a pause in the typing; of five, at once", async () => {
    const { host } = visit();
    type("AB1234");
    await pass(VEHICLE_PAUSE_MS - 100);
    expect(host.asked()).toEqual([]);
    type("AB12345"); // typed on before the pause ended: the whole plate, at once
    expect(host.asked()).toEqual(["AB12345"]);
    type("CD1234");
    await pass(VEHICLE_PAUSE_MS - 1);
    expect(host.asked()).toEqual(["AB12345"]);
    await pass(1);
    expect(host.asked()).toEqual(["AB12345", "CD1234"]);
    await pass();
    expect(lines()[0]).toBe("Volkswagen Golf, grå, 2017");
  });

  test("after a 404 the form looks nothing more up", async () => {
    const { host } = visit(fakeHost(() => answer(404)));
    type("EK39085");
    await pass();
    type("XY98765");
    type("AB1234");
    await pass(VEHICLE_PAUSE_MS * 2);
    type("EK39085");
    await pass();
    expect(host.asked()).toEqual(["EK39085"]);
    expect(note().textContent).toBe("");
  });

  test("nothing is sent for what is not a plate of the usual shape", async () => {
    const { host } = visit();
    for (const text of ["E", "EK", "EK3", "EK390", "EK390851", "E39085", "EKL3908", "CD12345X", "BMWM3", "TESLA1"]) {
      type(text);
      await pass(VEHICLE_PAUSE_MS * 2);
    }
    expect(host.asked()).toEqual([]);
    expect(note().textContent).toBe("");
  });
});

/** The rest of a whole quote: e-mail, phone and one photo. */
async function fillTheRest() {
  fireEvent.change(screen.getByLabelText(strings.quoteForm.labels.email), { target: { value: "kari@example.no" } });
  fireEvent.change(screen.getByLabelText(strings.quoteForm.labels.phone), { target: { value: "912 34 567" } });
  const photo = new File([new Uint8Array(10)], "a.jpg", { type: "image/jpeg" });
  fireEvent.change(screen.getByLabelText(strings.quoteForm.labels.pickImages), { target: { files: [photo] } });
  await settle();
}

test("the quote is sent as before: the number as typed, nothing of the car", async () => {
  const { host } = visit();
  type("ek-39085");
  await settle();
  expect(lines()[0]).toBe("Volkswagen Golf, grå, 2017");
  await fillTheRest();
  fireEvent.click(screen.getByRole("button", { name: strings.quoteForm.labels.submit }));
  await waitFor(() => expect(push).toHaveBeenCalledWith("/takk"));
  expect(host.inquiries).toEqual([
    {
      Inquiry: {
        UserId: "nettside-anonym",
        RegNumber: "EK-39085",
        PhoneNumber: "912 34 567",
        Email: "kari@example.no",
        Message: "",
        State: "NEW",
      },
      damageRequests: [{ Images: [{ filename: expect.stringMatching(/^img_/), url: expect.any(String) }] }],
    },
  ]);
});

test("a look-up still waiting for its answer holds nothing back: the quote is sent", async () => {
  const { host } = visit(fakeHost((_, init) => hanging(init)));
  type("EK39085");
  await fillTheRest();
  fireEvent.click(screen.getByRole("button", { name: strings.quoteForm.labels.submit }));
  await waitFor(() => expect(push).toHaveBeenCalledWith("/takk"));
  expect(host.inquiries).toHaveLength(1);
  expect(host.asked()).toEqual(["EK39085"]);
});

test("a draft put back by itself sends no look-up: only the visitor's own typing does", async () => {
  const first = visit();
  type("EK39085");
  await settle();
  first.view.unmount(); // the form leaves: its draft is saved
  await waitFor(async () => expect((await stored())?.form.regNumber).toBe("EK39085"));

  const again = visit(); // a reload of the tab: a new page, a new look-up
  await waitFor(() => expect(field().value).toBe("EK39085"));
  await act(() => new Promise((resolve) => setTimeout(resolve, VEHICLE_PAUSE_MS + 100)));
  expect(again.host.asked()).toEqual([]);
  expect(note().textContent).toBe("");

  type("EK 39085"); // the visitor's own edit
  await settle();
  expect(again.host.asked()).toEqual(["EK39085"]);
  expect(lines()[0]).toBe("Volkswagen Golf, grå, 2017");
});

test("Start på nytt empties the field, and the note with it", async () => {
  const first = visit();
  type("AB12345");
  await settle();
  first.view.unmount();
  await waitFor(async () => expect((await stored())?.form.regNumber).toBe("AB12345"));
  visit(); // the draft comes back by itself, with `Start på nytt`
  await waitFor(() => expect(field().value).toBe("AB12345"));
  type("EK39085");
  await settle();
  expect(lines()[0]).toBe("Volkswagen Golf, grå, 2017");
  fireEvent.click(screen.getByRole("button", { name: strings.drafts.startOver }));
  await settle();
  expect(field().value).toBe("");
  expect(note().textContent).toBe("");
});

test("a number typed before the form's code arrived sends no look-up as the form starts", async () => {
  const host = fakeHost();
  const props = formProps(host);
  const container = document.createElement("div");
  container.innerHTML = renderToString(<QuoteForm {...props} />);
  document.body.append(container);
  const input = within(container).getByLabelText<HTMLInputElement>(strings.quoteForm.labels.regNumber);
  input.value = "ek39085"; // typed into the page's HTML
  const root = await act(async () => hydrateRoot(container, <QuoteForm {...props} />));
  await act(() => new Promise((resolve) => setTimeout(resolve, VEHICLE_PAUSE_MS + 100)));
  expect(field().value).toBe("EK39085");
  expect(host.asked()).toEqual([]);
  expect(note().textContent).toBe("");
  act(() => root.unmount());
  container.remove();
});
