/** @jest-environment jsdom */
/**
 * The booking form on /kontakt with a real draft store (fake-indexeddb) and a fake network: the
 * message always says what the calculator chose last until the visitor writes it, a draft this
 * form did not write is no draft, and a booking is sent once.
 */
import { act, configure, fireEvent, render, screen } from "@testing-library/react";
import services from "@/content/services.json";
import { getStrings } from "@/lib/content";
import type { ServiceId } from "@/lib/calculator/ids";
import { buildCatalog } from "@/lib/calculator/state";
import { saveSelection } from "@/lib/calculator/storage";
import { draftStore } from "@/lib/drafts/store";
import { BookingForm } from "../BookingForm";

configure({ asyncUtilTimeout: 5000 });

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));
jest.mock("@/lib/config", () => ({
  config: { siteUrl: "", apiUrl: "", adminUrl: "", googleMapsApiKey: "", gtmId: "" },
}));

const strings = getStrings();
const catalog = buildCatalog(services as never);
const settle = (ms = 50) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
/** what `Bestill time` leaves for /kontakt */
const chosen = (ids: ServiceId[], size: string) => saveSelection(sessionStorage, catalog, { chosen: ids, size });

/** One visit of /kontakt, once the stored draft has been read and saves have settled. */
async function visit() {
  const view = render(
    <BookingForm
      strings={strings.booking}
      fieldErrors={strings.fieldErrors}
      drafts={strings.drafts}
      earlyStart={{ text: strings.casePage.offer.earlyStart, required: strings.casePage.offer.earlyStartRequired }}
      contact={{ phone: "+47 67 10 20 30", email: "post@bulkeklinikken.example" }}
    />,
  );
  await settle(200);
  return view;
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const type = async (label: string, value: string) => {
  fireEvent.change(field(label), { target: { value } });
  await settle(700); // the draft is saved a moment after the last change
};
const message = () => field(strings.booking.message).value;
const submit = () => fireEvent.submit(screen.getByRole("button", { name: strings.booking.submit }).closest("form")!);

beforeEach(async () => {
  sessionStorage.clear();
  push.mockReset();
  // an admin host with no free times (the tests that send give their own)
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    json: async () => ({ hours: 1, times: [] }),
  })) as never;
  await draftStore("booking").clear();
});

test("back to the calculator and a new choice: the message says the new one, the e-mail typed stays", async () => {
  chosen(["grundig-utvendig-bilvask"], "Liten");
  const first = await visit();
  expect(message()).toContain("Grundig Utvendig Bilvask");
  await type(strings.booking.email, "ola@example.no");
  first.unmount();

  chosen(["grunnleggende-rens"], "Stor");
  await visit();
  expect(message()).toContain("Grunnleggende Rens");
  expect(message()).not.toContain("Grundig Utvendig Bilvask");
  expect(field(strings.booking.email).value).toBe("ola@example.no");
});

test("nothing chosen at first, then a choice: the message lists it", async () => {
  const first = await visit();
  await type(strings.booking.email, "ola@example.no");
  first.unmount();

  chosen(["grunnleggende-rens"], "Stor");
  await visit();
  expect(message()).toContain("Grunnleggende Rens");
});

test("a message the visitor wrote is theirs: it comes back whatever the calculator chose since", async () => {
  chosen(["grundig-utvendig-bilvask"], "Liten");
  const first = await visit();
  await type(strings.booking.message, "Passer det torsdag?");
  first.unmount();

  chosen(["grunnleggende-rens"], "Stor");
  await visit();
  expect(message()).toBe("Passer det torsdag?");
});

test("Fortsett on a new visit keeps what was typed meanwhile; the draft fills the fields left empty; focus goes to the form", async () => {
  const first = await visit();
  await type(strings.booking.email, "ola@example.no");
  await type(strings.booking.phone, "912 34 567");
  await type(strings.booking.message, "Passer det torsdag?");
  first.unmount();

  sessionStorage.clear(); // another visit: the draft is only offered
  await visit();
  expect(field(strings.booking.email).value).toBe("");
  await type(strings.booking.phone, "400 00 000");
  await type(strings.booking.message, "Helst fredag.");
  fireEvent.click(screen.getByRole("button", { name: strings.drafts.resume }));
  await settle();
  expect(field(strings.booking.email).value).toBe("ola@example.no");
  expect(field(strings.booking.phone).value).toBe("400 00 000");
  expect(message()).toBe("Helst fredag.");
  // the question has gone with its buttons: the keyboard goes on at the form's first field
  expect(screen.queryByRole("button", { name: strings.drafts.resume })).toBeNull();
  expect(document.activeElement).toBe(field(strings.booking.email));
});

test("a message the visitor emptied stays empty: the calculator's text does not come back", async () => {
  chosen(["grundig-utvendig-bilvask"], "Liten");
  const first = await visit();
  expect(message()).toContain("Grundig Utvendig Bilvask");
  await type(strings.booking.message, "");
  await type(strings.booking.email, "ola@example.no");
  first.unmount();

  await visit();
  expect(field(strings.booking.email).value).toBe("ola@example.no");
  expect(message()).toBe("");
});

test.each([
  ["no form", { tab: "this", at: Date.now(), form: null }],
  ["a time that is no date", { tab: "another", at: Number.NaN, form: { email: "ola@example.no" } }],
  ["fields that are not text", { tab: "this", at: Date.now(), form: { email: 7, phone: ["1"], message: 42 } }],
])("a stored draft with %s does not break the form: it shows, works and sends", async (_what, stored) => {
  sessionStorage.setItem("utkast-fane", "this");
  await draftStore("booking").save(stored);
  const fetch = jest.fn(async () => ({ ok: true, status: 200, headers: new Headers(), json: async () => ({}) }));
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  await visit();
  expect(screen.queryByText(/påbegynt timebestilling/)).toBeNull();
  await type(strings.booking.email, "ola@example.no");
  await type(strings.booking.phone, "912 34 567");
  submit();
  await settle(300);
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(push).toHaveBeenCalledWith("/takk-for-henvendelsen");
});

test("two submits in the same moment send the booking once", async () => {
  let answer!: () => void;
  const fetch = jest.fn(
    () =>
      new Promise((resolve) => {
        answer = () => resolve({ ok: true, status: 200, headers: new Headers(), json: async () => ({}) });
      }),
  );
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  await visit();
  await type(strings.booking.email, "ola@example.no");
  await type(strings.booking.phone, "912 34 567");
  submit();
  submit();
  await settle(100);
  answer();
  await settle(200);
  expect(fetch).toHaveBeenCalledTimes(1);
});
