/** @jest-environment jsdom */
/**
 * The customer's case page as the customer meets it: opened from the e-mail's
 * link (`/sak#k=<token>`), with the API host a fake `fetch` that keeps every
 * request. Found by role and label; what is checked is the text on screen and
 * the requests sent.
 */
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { CaseView } from "@/lib/api/case-link";
import { getEmails, getSite, getStrings } from "@/lib/content";
import { formatPrice } from "@/lib/format";
import { pick } from "@/lib/pick";
import { TOKEN_STORAGE_KEY } from "@/lib/case/client";
import type { PhotoWork } from "@/lib/photos/photo-work/types";
import { CasePage } from "../CasePage";

jest.mock("@/lib/config", () => ({
  config: { siteUrl: "", apiUrl: "https://api.bulk.example/api", adminUrl: "", googleMapsApiKey: "", gtmId: "" },
}));

const site = getSite();
const all = getStrings();
const texts = all.casePage;
const priceTypes = getEmails().caseLink.priceTypes;
const strings = {
  page: texts,
  priceTypes,
  photos: pick(all.quoteForm, ["labels", "progress", "photoCheck", "photoGuide"]),
  failure: pick(all.quoteForm.failure, ["contact", "retry"]),
  times: all.booking,
};
const TOKEN = "a".repeat(40) + "b_-";
const NOW = Date.parse("2026-12-01T10:00:00Z");
const SOON = "2026-12-08T07:00:00.000Z"; // within 14 days: tirsdag 8. desember kl. 08:00 in Oslo
const LATER = "2027-01-05T08:30:00.000Z"; // after: tirsdag 5. januar kl. 09:30

const offerView = (over: Partial<NonNullable<CaseView["offer"]>> = {}): CaseView => ({
  purpose: "offer",
  regNumber: "AB12345",
  car: "Volkswagen Golf, grå, 2017",
  photos: ["https://admin.bulk.example/api/media/file/img_1.jpg"],
  offer: {
    version: 1,
    priceType: "max",
    lines: [
      { description: "Utbedring av bulk i venstre fordør", amountNok: 9500 },
      { description: "Polering", amountNok: 3000 },
    ],
    totalNok: 12500,
    validUntil: "2026-12-13",
    dropOffTimes: [SOON, LATER],
    note: "Vi trenger bilen i to dager.",
    state: "open",
    ...over,
  },
});

const json = (status: number, body: unknown) =>
  ({ ok: status < 300, status, headers: new Headers(), json: async () => body }) as unknown as Response;

type Reply = (path: string, body: Record<string, unknown>) => Response | Promise<Response>;

/** The API host: the view answers `view`; each action answers as `reply` says (done, by default). */
function fakeHost(view: CaseView | Response, reply?: Reply) {
  const requests: { path: string; body: Record<string, unknown> }[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.href);
    if (url.pathname === "/api/media") {
      const { name } = (init!.body as FormData).get("file") as File;
      return json(201, { doc: { filename: name, url: `/api/media/file/${name}` } });
    }
    const path = url.pathname.replace(/^\/api/, "");
    const body = JSON.parse(init!.body as string) as Record<string, unknown>;
    requests.push({ path, body });
    if (path === "/sak") return "ok" in view ? (view as Response) : json(200, view);
    if (reply) return reply(path, body);
    return json(200, { done: doneOf(path), view: after(view as CaseView, path, body) });
  });
  return { fetch, requests };
}
/** The case as a working host answers it after an action. */
function after(view: CaseView, path: string, body: Record<string, unknown>): CaseView {
  if (!view.offer) return view;
  if (path === "/sak/accept")
    return { ...view, offer: { ...view.offer, state: "accepted", chosenTime: String(body.chosenTime) } };
  if (path === "/sak/decline") return { ...view, offer: { ...view.offer, state: "declined" } };
  return view;
}
const doneOf = (path: string) =>
  ({ "/sak/accept": "accepted", "/sak/question": "asked", "/sak/decline": "declined", "/sak/photos": "photos" })[path];

function open(
  host: ReturnType<typeof fakeHost>,
  hash = `#k=${TOKEN}`,
  extra: { loadWork?: () => Promise<PhotoWork> } = {},
) {
  window.history.replaceState(null, "", `/sak${hash}`);
  return render(<CasePage strings={strings} contact={site} deps={{ fetch: host.fetch, now: () => NOW, ...extra }} />);
}

beforeEach(() => sessionStorage.clear());

/** What a screen reader reads after a field's name: the texts its aria-describedby names. */
const description = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

test("takes the token from the link, takes it out of the address, and reads the case with it", async () => {
  const host = fakeHost(offerView());
  open(host);
  expect(await screen.findByRole("heading", { level: 1, name: "Pristilbud for AB12345" })).toBeTruthy();
  expect(window.location.hash).toBe("");
  expect(window.location.pathname).toBe("/sak");
  expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe(TOKEN);
  expect(host.requests).toEqual([{ path: "/sak", body: { token: TOKEN } }]);
});

test("a second link opened in the same tab shows its own case", async () => {
  const second = "B".repeat(43);
  const views: Record<string, CaseView> = {
    [TOKEN]: offerView(),
    [second]: { purpose: "photos", regNumber: "CD67890", photos: [], message: "Ta et bilde til." },
  };
  const fetch = jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
    json(200, views[(JSON.parse(init!.body as string) as { token: string }).token]),
  );
  open({ fetch, requests: [] });
  expect(await screen.findByRole("heading", { level: 1, name: "Pristilbud for AB12345" })).toBeTruthy();
  act(() => {
    window.location.hash = `#k=${second}`;
  });
  expect(await screen.findByRole("heading", { level: 1, name: "Vi trenger flere bilder av CD67890" })).toBeTruthy();
  expect(window.location.hash).toBe("");
  expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe(second);
});

test("a link opened while the first is still being read shows the newer link's case, whatever answers last", async () => {
  const second = "C".repeat(43);
  let answerFirst = () => {};
  const firstHeld = new Promise<void>((resolve) => (answerFirst = resolve));
  const fetch = jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const { token } = JSON.parse(init!.body as string) as { token: string };
    if (token !== TOKEN)
      return json(200, { purpose: "photos", regNumber: "CD67890", photos: [], message: "Ta et til." });
    await firstHeld;
    return json(200, offerView());
  });
  open({ fetch, requests: [] });
  act(() => {
    window.location.hash = `#k=${second}`;
  });
  expect(await screen.findByRole("heading", { level: 1, name: "Vi trenger flere bilder av CD67890" })).toBeTruthy();
  await act(async () => {
    answerFirst();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Vi trenger flere bilder av CD67890");
});

test("an anchor on the page (the skip link's #main) reads nothing again and keeps what was typed", async () => {
  const host = fakeHost(offerView());
  open(host);
  fireEvent.change(await screen.findByLabelText("Fullt navn"), { target: { value: "Kari Nordmann" } });
  act(() => {
    window.location.hash = "#main";
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(host.requests).toHaveLength(1);
  expect(screen.getByLabelText<HTMLInputElement>("Fullt navn").value).toBe("Kari Nordmann");
});
test("a reload in the same tab reads the case with the token the tab kept", async () => {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, TOKEN);
  const host = fakeHost(offerView());
  open(host, "");
  expect(await screen.findByRole("heading", { level: 1, name: "Pristilbud for AB12345" })).toBeTruthy();
  expect(host.requests).toEqual([{ path: "/sak", body: { token: TOKEN } }]);
});

test("no token: the link does not work, nothing is asked of the server", async () => {
  const host = fakeHost(offerView());
  open(host, "");
  expect(await screen.findByText(/Lenken virker ikke lenger\. Ring oss på/)).toBeTruthy();
  expect(screen.getByRole("link", { name: site.phone }).getAttribute("href")).toEqual(
    expect.stringMatching(/^tel:\+47/),
  );
  expect(host.fetch).not.toHaveBeenCalled();
});

test("shows the offer: the car, the photos, each line, the total with VAT, the kind of price, the date and the note", async () => {
  open(fakeHost(offerView()));
  await screen.findByRole("heading", { level: 1, name: "Pristilbud for AB12345" });
  expect(screen.getByText("Volkswagen Golf, grå, 2017")).toBeTruthy();
  const photo = screen.getByRole("img", { name: "Bilde 1 av skaden, sendt av deg" });
  expect(photo.getAttribute("loading")).toBe("lazy");
  const table = screen.getByRole("table");
  const rows = within(table)
    .getAllByRole("row")
    .map((row) => row.textContent);
  expect(rows).toEqual([
    "ArbeidPris",
    `Utbedring av bulk i venstre fordør${formatPrice(9500)}`,
    `Polering${formatPrice(3000)}`,
    `Totalt${formatPrice(12500)}`,
  ]);
  expect(formatPrice(12500)).toBe("12\u00a0500 kr");
  expect(screen.getByText("Alle priser er med mva.")).toBeTruthy();
  expect(screen.getByText("Høyeste pris")).toBeTruthy();
  expect(screen.getByText(priceTypes.max.sentence)).toBeTruthy();
  expect(screen.getByText("Tilbudet gjelder til 13. desember 2026.")).toBeTruthy();
  expect(screen.getByText("Vi trenger bilen i to dager.")).toBeTruthy();
  const times = screen.getByRole("group", { name: "Når kan du levere bilen?" });
  expect(within(times).getByRole("radio", { name: "tirsdag 8. desember kl. 08:00" })).toBeTruthy();
  expect(within(times).getByRole("radio", { name: "tirsdag 5. januar kl. 09:30" })).toBeTruthy();
});

test("each kind of price has its own name and sentence", async () => {
  open(fakeHost(offerView({ priceType: "estimate" })));
  expect(await screen.findByText("Prisoverslag")).toBeTruthy();
  expect(screen.getByText(/aldri mer enn 15 prosent over overslaget/)).toBeTruthy();
});

test("a time within 14 days needs the early-start box: unticked, nothing is sent and the box says why", async () => {
  const host = fakeHost(offerView());
  open(host);
  fireEvent.change(await screen.findByLabelText("Fullt navn"), { target: { value: "Kari Nordmann" } });
  fireEvent.click(screen.getByRole("radio", { name: "tirsdag 8. desember kl. 08:00" }));
  const box = screen.getByRole("checkbox", { name: texts.offer.earlyStart });
  fireEvent.click(screen.getByRole("button", { name: "Godta tilbudet" }));
  await waitFor(() => expect(document.activeElement).toBe(box));
  expect(description(box)).toBe(texts.offer.earlyStartRequired);
  expect(host.requests).toHaveLength(1);

  fireEvent.click(box);
  fireEvent.click(screen.getByRole("button", { name: "Godta tilbudet" }));
  expect(await screen.findByText("Tilbudet er godtatt. Vi venter bilen tirsdag 8. desember kl. 08:00.")).toBeTruthy();
  expect(host.requests[1]).toEqual({
    path: "/sak/accept",
    body: { token: TOKEN, name: "Kari Nordmann", chosenTime: SOON, earlyStart: true },
  });
});

test("a time after 14 days needs no early-start box and sends earlyStart false; the page then says the car is expected", async () => {
  const accepted = offerView({ state: "accepted", chosenTime: LATER });
  const host = fakeHost(offerView(), (path) => json(200, { done: doneOf(path), view: accepted }));
  open(host);
  fireEvent.change(await screen.findByLabelText("Fullt navn"), { target: { value: "  Kari Nordmann " } });
  fireEvent.click(screen.getByRole("radio", { name: "tirsdag 5. januar kl. 09:30" }));
  expect(screen.queryByRole("checkbox")).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "Godta tilbudet" }));
  const said = await screen.findByText("Tilbudet er godtatt. Vi venter bilen tirsdag 5. januar kl. 09:30.");
  expect(said.closest('[aria-live="polite"]')).not.toBeNull();
  expect(host.requests[1]!.body).toEqual({ token: TOKEN, name: "Kari Nordmann", chosenTime: LATER, earlyStart: false });
  expect(screen.queryByRole("button", { name: "Godta tilbudet" })).toBeNull();
});

test("a name and a time are asked for before anything is sent", async () => {
  const host = fakeHost(offerView());
  open(host);
  fireEvent.click(await screen.findByRole("button", { name: "Godta tilbudet" }));
  const name = screen.getByLabelText("Fullt navn");
  await waitFor(() => expect(document.activeElement).toBe(name));
  expect(description(name)).toBe(texts.offer.nameRequired);
  expect(screen.getByText(texts.offer.timeRequired)).toBeTruthy();
  expect(host.requests).toHaveLength(1);
});

test("a double press sends one request, and the buttons wait while it runs", async () => {
  let answer: (r: Response) => void = () => {};
  const host = fakeHost(offerView(), () => new Promise<Response>((resolve) => (answer = resolve)));
  open(host);
  const decline = await screen.findByRole("button", { name: "Nei takk" });
  fireEvent.click(decline);
  fireEvent.click(decline);
  expect((decline as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByRole("button", { name: "Godta tilbudet" }) as HTMLButtonElement).disabled).toBe(true);
  await act(async () => answer(json(200, { done: "declined", view: offerView({ state: "declined" }) })));
  expect(await screen.findByText("Takk for svaret.")).toBeTruthy();
  expect(host.requests.filter((r) => r.path === "/sak/decline")).toEqual([
    { path: "/sak/decline", body: { token: TOKEN } },
  ]);
});

test("a question opens its own field and is sent with the token", async () => {
  const host = fakeHost(offerView());
  open(host);
  const ask = await screen.findByRole("button", { name: "Still et spørsmål" });
  expect(ask.getAttribute("aria-expanded")).toBe("false");
  fireEvent.click(ask);
  expect(ask.getAttribute("aria-expanded")).toBe("true");
  fireEvent.change(screen.getByLabelText("Spørsmålet ditt"), { target: { value: "Kan dere hente bilen?" } });
  fireEvent.click(screen.getByRole("button", { name: "Send spørsmålet" }));
  expect(await screen.findByText("Spørsmålet er sendt. Vi svarer på e-post.")).toBeTruthy();
  expect(host.requests[1]).toEqual({ path: "/sak/question", body: { token: TOKEN, text: "Kan dere hente bilen?" } });
  // the offer can still be answered
  expect((screen.getByRole("button", { name: "Godta tilbudet" }) as HTMLButtonElement).disabled).toBe(false);
});

test("a link that took its questions (429) says to call, on the question's field, with nothing to retry", async () => {
  const message = "Du har sendt mange spørsmål. Ring oss på +47 67 10 20 30, så svarer vi deg.";
  const host = fakeHost(offerView(), () => json(429, { errors: [{ field: "text", message }] }));
  open(host);
  fireEvent.click(await screen.findByRole("button", { name: "Still et spørsmål" }));
  fireEvent.change(screen.getByLabelText("Spørsmålet ditt"), { target: { value: "Enda et spørsmål?" } });
  fireEvent.click(screen.getByRole("button", { name: "Send spørsmålet" }));
  await waitFor(() => expect(description(screen.getByLabelText("Spørsmålet ditt"))).toBe(message));
  expect(screen.queryByRole("button", { name: "Prøv igjen" })).toBeNull();
});

test("an offer answered before shows what was answered", async () => {
  open(fakeHost(offerView({ state: "accepted", chosenTime: SOON })));
  expect(await screen.findByText("Tilbudet er godtatt. Vi venter bilen tirsdag 8. desember kl. 08:00.")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Godta tilbudet" })).toBeNull();
});

test("an offer past its date says until when it held and how to get a new one", async () => {
  open(fakeHost(offerView({ state: "expired" })));
  const said = await screen.findByText(/Tilbudet gjaldt til 13\. desember 2026\. Ring oss på/);
  expect(within(said).getByRole("link", { name: site.phone }).getAttribute("href")).toEqual(
    expect.stringMatching(/^tel:/),
  );
  expect(screen.queryByRole("button", { name: "Godta tilbudet" })).toBeNull();
});

test("an answer the offer no longer takes (409) shows the offer as the server says it is", async () => {
  const host = fakeHost(offerView(), () =>
    json(409, { reason: "expired", errors: [{ message: "x" }], view: offerView({ state: "expired" }) }),
  );
  open(host);
  fireEvent.click(await screen.findByRole("button", { name: "Nei takk" }));
  expect(await screen.findByText(/Tilbudet gjaldt til 13\. desember 2026\./)).toBeTruthy();
});

test("a refusal in words without the case (409) is shown as it is, not as a failure to retry", async () => {
  const message = "Saken har så mange bilder den kan ta. Ring oss, så finner vi en løsning.";
  const host = fakeHost(offerView(), () => json(409, { errors: [{ message }] }));
  open(host);
  fireEvent.click(await screen.findByRole("button", { name: "Nei takk" }));
  expect(await screen.findByText(message)).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Prøv igjen" })).toBeNull();
});

test("a replaced offer and an ended link say so", async () => {
  const replaced = open(fakeHost(json(410, { reason: "replaced", errors: [{ message: "x" }] })));
  expect(await screen.findByText("Tilbudet er endret. Se den nye e-posten fra oss.")).toBeTruthy();
  replaced.unmount();
  open(fakeHost(json(404, { reason: "ended", errors: [{ message: "x" }] })));
  expect(await screen.findByText(/Lenken virker ikke lenger\./)).toBeTruthy();
  expect(screen.getByRole("heading", { level: 1 }).textContent).toContain(texts.heading);
});

test("no answer: a clear failure with Prøv igjen, which sends the same again and keeps what was typed", async () => {
  let calls = 0;
  const host = fakeHost(offerView(), (path) => {
    calls++;
    if (calls === 1) throw new TypeError("Failed to fetch");
    return json(200, { done: doneOf(path), view: offerView({ state: "accepted", chosenTime: LATER }) });
  });
  open(host);
  fireEvent.change(await screen.findByLabelText("Fullt navn"), { target: { value: "Kari Nordmann" } });
  fireEvent.click(screen.getByRole("radio", { name: "tirsdag 5. januar kl. 09:30" }));
  fireEvent.click(screen.getByRole("button", { name: "Godta tilbudet" }));
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toContain(texts.failure.send);
  expect((screen.getByLabelText("Fullt navn") as HTMLInputElement).value).toBe("Kari Nordmann");
  fireEvent.click(within(alert).getByRole("button", { name: "Prøv igjen" }));
  expect(await screen.findByText(/Tilbudet er godtatt\./)).toBeTruthy();
  const accepts = host.requests.filter((r) => r.path === "/sak/accept");
  expect(accepts).toHaveLength(2);
  expect(accepts[1]!.body).toEqual(accepts[0]!.body);
});

test("a server fault on opening offers Prøv igjen, which reads the case again", async () => {
  let first = true;
  const view = offerView();
  const fetch = jest.fn(async () => {
    const failed = first;
    first = false;
    return failed ? json(503, {}) : json(200, view);
  });
  open({ fetch: fetch as unknown as ReturnType<typeof fakeHost>["fetch"], requests: [] });
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toContain(texts.failure.load);
  fireEvent.click(within(alert).getByRole("button", { name: "Prøv igjen" }));
  expect(await screen.findByRole("heading", { level: 1, name: "Pristilbud for AB12345" })).toBeTruthy();
});

test("a field the server refuses (400) shows its message on that field", async () => {
  const host = fakeHost(offerView(), () => json(400, { errors: [{ field: "name", message: "Navnet er for langt" }] }));
  open(host);
  fireEvent.change(await screen.findByLabelText("Fullt navn"), { target: { value: "Kari" } });
  fireEvent.click(screen.getByRole("radio", { name: "tirsdag 5. januar kl. 09:30" }));
  fireEvent.click(screen.getByRole("button", { name: "Godta tilbudet" }));
  await waitFor(() => expect(description(screen.getByLabelText("Fullt navn"))).toBe("Navnet er for langt"));
});

const work: PhotoWork = {
  prepare: async () => ({ blob: new Blob([new Uint8Array(4)], { type: "image/jpeg" }), width: 1, height: 1 }),
};

test("a photo link shows the workshop's words as text, and sends the uploaded photos named as the quote names them", async () => {
  const view: CaseView = {
    purpose: "photos",
    regNumber: "AB12345",
    photos: [],
    message: "Ta et bilde av <b>hele</b> døra.",
  };
  const host = fakeHost(view);
  open(host, `#k=${TOKEN}`, { loadWork: async () => work });
  expect(await screen.findByRole("heading", { level: 1, name: "Vi trenger flere bilder av AB12345" })).toBeTruthy();
  expect(screen.getByText("Ta et bilde av <b>hele</b> døra.")).toBeTruthy();
  expect(screen.getByText(all.quoteForm.photoGuide.closeUp)).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Send bildene" }));
  await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Last opp bilder")));
  expect(screen.getByText(texts.photos.photosRequired)).toBeTruthy();

  const file = new File([new Uint8Array(8)], "dor.jpg", { type: "image/jpeg" });
  fireEvent.change(screen.getByLabelText("Last opp bilder"), { target: { files: [file] } });
  fireEvent.click(screen.getByRole("button", { name: "Send bildene" }));
  expect(await screen.findByText("Takk! Bildene er lagt til saken din.")).toBeTruthy();
  const sent = host.requests.find((r) => r.path === "/sak/photos")!;
  const photos = sent.body.photos as { filename: string; url: string }[];
  expect(photos).toHaveLength(1);
  expect(photos[0]!.filename).toMatch(/^img_[0-9a-f]{32}\.jpg$/);
  expect(photos[0]!.url).toBe(`${window.location.origin}/api/media/file/${photos[0]!.filename}`);
  expect(sent.body.token).toBe(TOKEN);
});
