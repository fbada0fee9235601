/**
 * The flows a visitor depends on, driven the same way in each engine
 * (browsers.ts). Each flow throws on the first thing a visitor would notice
 * going wrong; what the preview server's Payload stored is read from its data
 * folder (testing/stored.ts).
 *
 * The engines run their flows at the same time against the same servers, data
 * folder and mail server, so each flow knows its own records and e-mails by a
 * registration number or an address no other flow uses (random, not the
 * clock's). Each flow starts in a fresh profile (run.ts checks it), and waits
 * for what it needs (a page, a stored draft, an e-mail), never for a time.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { StartedAdmin } from "../e2e/admin-app";
import { getStrings } from "../lib/content";
import { DRAFTS_DB } from "../lib/drafts/store";
import { bookingTimesSchema, bookingTimesUrl, type FreeTime } from "../lib/api/booking-times";
import { fill, formatMoment, momentParts } from "../lib/format";
import { addDays, osloToday } from "../lib/oslo-time";
import { needsEarlyStart } from "../lib/withdrawal";
import { routes } from "../lib/hosting/route-table";
import { THANKS_PATH } from "../lib/routes";
import { PHOTO_WORKER_SCRIPT } from "../e2e/photo-worker";
import { waitFor, type EnginePage, type Query } from "../testing/engines/browsers";
import { daysAhead, linkIn, offerBody, sendQuote, staffCall } from "../testing/case-link";
import { listedMails, waitForMail, WORKSHOP_EMAIL, type ListedMail } from "../testing/mail-list";
import { photoFile, storedBookings, storedBookingTimes, storedQuotes } from "../testing/stored";

export interface FlowContext {
  page: EnginePage;
  /** the preview server's origin, as the browser sees it */
  origin: string;
  /** the preview server's data folder (PREVIEW_DATA_DIR) */
  dataDir: string;
  /** two phone photos (JPEG) to choose */
  photos: [string, string];
  /** the photo check's photos (e2e/photos.ts), by name: `skarp.jpg`, `uskarp.jpg`, `mork.jpg` */
  checkPhoto: (name: string) => string;
  /** the CSP violations this flow's engine has reported since the flow began */
  cspViolations: () => string[];
  /** this engine's requests whose path matches get no answer until this is called again with `undefined` */
  holdRequests: (path: RegExp | undefined) => void;
  /** the workshop's app on the same data, for the staff's calls (only in a flow that says `usesAdmin`) */
  admin: Pick<StartedAdmin, "origin" | "staff">;
  /** the SMTP port of the mail server both servers send to (testing/mail-list.ts reads it) */
  mailPort: number;
}

export interface Flow {
  name: string;
  /** the flow makes the staff's calls: it starts once the workshop's app is up (the others need not wait for it) */
  usesAdmin?: true;
  run(context: FlowContext): Promise<void>;
}

const form: Query = { role: "form", name: "Få et pristilbud" };
const damage1: Query = { role: "region", name: "Skade 1", within: form };
const DRAFT_NOTICE = "Vi har tatt vare på utkastet ditt.";
const { photoCheck } = getStrings().quoteForm;
const { offer: offerTexts } = getStrings().casePage;
const caseTexts = getStrings().casePage;
const bookingTexts = getStrings().booking;

/**
 * Whether React has hydrated the page: the shell (which holds <main>) and each part that hydrates on its own
 * after it (the header and the footer, app/layout.tsx) hold their fibers. React runs the shell's effects (its
 * listeners, such as components/layout/ScrollPosition.tsx's) before it renders any later part, so a page
 * whose footer has its fiber has them all listening.
 */
const HYDRATED = `
  const hydrated = (element) => !!element && Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
  return ["body > main", "body > header", "body > footer"].every((part) => hydrated(document.querySelector(part)));
`;

function expectEqual<T>(what: string, actual: T, expected: T) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

const text = (page: EnginePage, selector: string) =>
  page.run<string | null>(`return document.querySelector(${JSON.stringify(selector)})?.textContent ?? null;`);

async function waitForPath(page: EnginePage, pathname: string) {
  await waitFor(`the address ${pathname}`, async () => new URL(await page.url()).pathname === pathname);
}

/** The text of an alert the page shows (a form that says it was not sent, or what is wrong), or null. */
const ALERT = `
  const alert = [...document.querySelectorAll("[role=alert]")].find((el) => el.checkVisibility() && el.innerText.trim());
  return alert ? alert.innerText.trim().replace(/\\s+/g, " ") : null;
`;

/**
 * Waits for the thank-you page after a form's Send: its photos made ready and
 * uploaded first, which on a loaded machine takes tens of seconds. A form that
 * shows an alert instead (not sent, or a field to correct) fails the flow at
 * once, with the alert's words.
 */
async function waitForThanks(page: EnginePage) {
  let alert: string | null = null;
  await waitFor(
    `the thank-you page ${THANKS_PATH} (or an alert on the form)`,
    async () => {
      if (new URL(await page.url()).pathname === THANKS_PATH) return true;
      alert = await page.run<string | null>(ALERT);
      return alert !== null;
    },
    90_000,
  );
  if (alert !== null) throw new Error(`the form shows an alert instead of sending: "${alert}"`);
}

/** Five random letters and digits, for a registration number or an address no other flow uses. */
const randomTag = () => (randomBytes(4).readUInt32BE() % 36 ** 5).toString(36).padStart(5, "0");

const uniqueReg = (prefix: string) => `${prefix}${randomTag()}`.toUpperCase();

async function fillContact(page: EnginePage, reg: string) {
  await page.type({ label: "Registreringsnummer", within: form }, reg);
  await page.type({ label: "E-post", within: form }, "kari@example.no");
  await page.type({ label: "Telefon", within: form }, "91234567");
}

const thumbnails = (page: EnginePage) => page.count({ role: "img", within: damage1 });

/**
 * The quote's draft as the page saved it in IndexedDB (lib/drafts/store.ts; the form's fields under `form`,
 * as components/drafts/useDraft.ts saves them): its registration number and each photo of the first damage,
 * `copy` when saved prepared, `original` when saved as chosen; null while none is saved. The database is
 * opened only once the page has made it, so this never makes one without the page's store in it.
 */
const SAVED_DRAFT = `
  const { name, store, key } = arguments[0];
  const request = (r) => new Promise((ok, fail) => ((r.onsuccess = () => ok(r.result)), (r.onerror = () => fail(r.error))));
  return (async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === name)) return null;
    const db = await request(indexedDB.open(name));
    try {
      if (!db.objectStoreNames.contains(store)) return null;
      const saved = await request(db.transaction(store).objectStore(store).get(key));
      if (!saved) return null;
      const form = saved.value?.form ?? {};
      return {
        regNumber: form.regNumber,
        photos: (form.damages?.[0] ?? []).map((photo) => ("copy" in photo ? "copy" : "original" in photo ? "original" : "neither")),
      };
    } finally {
      db.close();
    }
  })();
`;

/** Waits until the page has saved the quote's draft with `reg` and the first damage's photos as `photos`. */
async function waitForDraft(page: EnginePage, reg: string, photos: ("copy" | "original")[]) {
  const wanted = { regNumber: reg, photos };
  let saved: unknown = null;
  await waitFor(`the draft saved with ${JSON.stringify(wanted)}`, async () => {
    saved = await page.run(SAVED_DRAFT, { ...DRAFTS_DB, key: "quote" });
    return JSON.stringify(saved) === JSON.stringify(wanted);
  }).catch((error: unknown) => {
    throw new Error(`${String(error)}; the saved draft: ${JSON.stringify(saved)}`, { cause: error });
  });
}

const bodyHas = (page: EnginePage, words: string) =>
  page.run<boolean>(`return document.body.innerText.includes(${JSON.stringify(words)});`);

/** Opens the link in `mail`, and waits for the case's heading `h1`. */
async function openLink(page: EnginePage, origin: string, mail: ListedMail, h1: string) {
  await page.goto(`${origin}${linkIn(mail)}`);
  await waitFor(`the heading "${h1}"`, async () => (await text(page, "h1"))?.trim() === h1);
  expectEqual("the fragment left in the address bar", new URL(await page.url()).hash, "");
}

const statusOf = async (dataDir: string, id: number) => (await storedQuotes(dataDir)).find((q) => q.id === id)?.status;

/** Sends the workshop's offer with `times` for the quote `id`, as its admin does. */
async function sendOffer(admin: FlowContext["admin"], id: number, times: Date[]) {
  const lines = [
    { description: "Fjerne bulk i bakdøra", amountNok: 9000 },
    { description: "Polering", amountNok: 3500 },
  ];
  const sent = await staffCall(admin, id, "send-offer", offerBody("estimate", lines, times));
  expectEqual(`send-offer's status (${await sent.clone().text()})`, sent.status, 201);
}

/** Fills `Fullt navn` and picks the drop-off time `time` by its name on the page. */
async function chooseTime(page: EnginePage, time: Date) {
  await page.type({ label: offerTexts.name }, "Kari Nordmann");
  await page.click({ role: "radio", name: fill(offerTexts.dropOff, momentParts(time.toISOString())) });
}

/** How many days ahead a booked time is always still changed through its link. */
const LINK_SAFE_DAYS = 4;
/** The job the time-booking flow books: a wash on a mid-sized car. */
const WASH = { services: ["grundig-utvendig-bilvask"], size: "Medium/SUV" };
/** Picks `arguments[0]` in the select that offers it, as a visitor's choice does: the value, then `change`. */
const CHOOSE_SIZE = `
  const select = [...document.querySelectorAll("select")].find((s) => [...s.options].some((o) => o.value === arguments[0]));
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value").set.call(select, arguments[0]);
  select.dispatchEvent(new Event("change", { bubbles: true }));
  return true;
`;

/**
 * Picks the first time free now for WASH that `wanted` takes, by its day's
 * group and its clock, with the early-start box when it needs it; returns it.
 */
async function chooseFreeTime(page: EnginePage, origin: string, wanted: (time: FreeTime) => boolean) {
  const url = bookingTimesUrl(origin, WASH.services, WASH.size);
  const { times } = bookingTimesSchema.parse(await (await fetch(url)).json());
  const time = times.find(wanted);
  if (!time) throw new Error("no free time for the wash");
  const day: Query = { role: "group", name: momentParts(time.at).date };
  await waitFor(`the free times of ${day.name}`, async () => (await page.count({ role: "radio", within: day })) > 0);
  await page.click({ role: "radio", name: fill(bookingTexts.timeOption, { time: time.time }), within: day });
  if (needsEarlyStart(time.at)) await page.click({ role: "checkbox", name: offerTexts.earlyStart });
  return time;
}

const accepted = (page: EnginePage) =>
  waitFor("the acceptance on the page", () => bodyHas(page, "Tilbudet er godtatt. Vi venter bilen"), 30_000);

export const flows: Flow[] = [
  {
    name: "every route hydrates with no error and no CSP violation",
    async run({ page, origin, cspViolations }) {
      for (const route of routes) {
        await page.goto(`${origin}${route.path}`);
        await waitFor(`${route.path} to hydrate`, () => page.run<boolean>(HYDRATED));
        expectEqual(`${route.path} h1`, (await text(page, "h1"))?.trim(), route.h1);
        expectEqual(`${route.path} CSP violations`, cspViolations(), []);
      }
    },
  },
  {
    name: "Meny says aria-expanded true when open, false when closed",
    async run({ page, origin }) {
      await page.goto(`${origin}/`);
      await waitFor("the page to hydrate", () => page.run<boolean>(HYDRATED));
      const expanded = () => page.attribute({ role: "button", name: "Meny" }, "aria-expanded");
      expectEqual("aria-expanded before a tap", await expanded(), "false");
      await page.click({ role: "button", name: "Meny" });
      await waitFor("aria-expanded to be true", async () => (await expanded()) === "true", 5_000);
      await page.click({ role: "button", name: "Meny" });
      await waitFor("aria-expanded to be false again", async () => (await expanded()) === "false", 5_000);
    },
  },
  {
    name: "going back to / returns to where the visitor was on it",
    async run({ page, origin }) {
      await page.goto(`${origin}/`);
      await waitFor("the page to hydrate", () => page.run<boolean>(HYDRATED));
      const scrollY = () => page.run<number>("return Math.round(window.scrollY);");
      // scrolled to the footer, once the page has seen the scroll
      await page.run(`return new Promise((seen) => {
        addEventListener("scroll", () => requestAnimationFrame(() => seen(true)), { once: true });
        document.querySelector("footer").scrollIntoView({ block: "end", behavior: "instant" });
      });`);
      const place = await scrollY();
      if (place < 1000) throw new Error(`the footer of / should be far down, scrollY is ${place}`);
      await page.click({ role: "link", name: "Om oss", within: { role: "contentinfo" } });
      await waitForPath(page, "/om-oss");
      await page.run("history.back();");
      await waitForPath(page, "/");
      await waitFor(`scrollY back at ${place}`, async () => Math.abs((await scrollY()) - place) <= 2, 5_000);
    },
  },
  {
    name: "a quote with two photos reaches the thank-you page, the photos stored",
    async run({ page, origin, dataDir, photos }) {
      await page.goto(`${origin}/pristilbud`);
      await waitFor("the page to hydrate", () => page.run<boolean>(HYDRATED));
      const reg = uniqueReg("EN");
      await fillContact(page, reg);
      await page.choose({ label: "Last opp bilder", within: damage1 }, photos);
      await waitFor("two thumbnails", async () => (await thumbnails(page)) === 2);
      await page.click({ role: "button", name: "Send forespørsel" });
      await waitForThanks(page);
      const stored = (await storedQuotes(dataDir)).find((quote) => quote.regNumber === reg);
      if (!stored) throw new Error(`no inquiry stored for ${reg}`);
      const images = stored.damages.flat();
      expectEqual("images in the inquiry", images.length, 2);
      for (const name of images) {
        const file = photoFile(dataDir, name);
        if (!fs.existsSync(file) || fs.statSync(file).size === 0) throw new Error(`photo not stored: ${file}`);
      }
    },
  },
  {
    name: "a blurred and a dark photo each get the photo check's note, a sharp one none",
    async run({ page, origin, checkPhoto }) {
      await page.goto(`${origin}/pristilbud`);
      await waitFor("the page to hydrate", () => page.run<boolean>(HYDRATED));
      await page.choose({ label: "Last opp bilder", within: damage1 }, [
        checkPhoto("uskarp.jpg"),
        checkPhoto("mork.jpg"),
        checkPhoto("skarp.jpg"),
      ]);
      await waitFor("three thumbnails", async () => (await thumbnails(page)) === 3);
      // each note sits in its photo's thumbnail: the list item holding the image named after the file
      const notes = async () =>
        Object.fromEntries(
          (await page.items({ role: "listitem", within: damage1 })).flatMap(({ images, text }) =>
            images.map((name) => [name, text]),
          ),
        ) as Record<string, string>;
      await waitFor(
        "the notes on the blurred and the dark photo, and the sharp one checked",
        async () => {
          const shown = await notes();
          return (
            !!shown["uskarp.jpg"]?.includes(photoCheck.blurred) &&
            !!shown["mork.jpg"]?.includes(photoCheck.dark) &&
            shown["skarp.jpg"] !== undefined &&
            !/Venter|Gjør bildet mindre/.test(shown["skarp.jpg"])
          );
        },
        60_000,
      );
      const sharp = (await notes())["skarp.jpg"]!;
      if (sharp.includes(photoCheck.blurred) || sharp.includes(photoCheck.dark))
        throw new Error(`the sharp, well-lit photo got a note: "${sharp}"`);
    },
  },
  {
    name: "a draft with a photo survives a reload",
    async run({ page, origin, photos }) {
      await page.goto(`${origin}/pristilbud`);
      await waitFor("the page to hydrate", () => page.run<boolean>(HYDRATED));
      const reg = uniqueReg("UT");
      await fillContact(page, reg);
      await page.choose({ label: "Last opp bilder", within: damage1 }, [photos[0]]);
      await waitFor("one thumbnail", async () => (await thumbnails(page)) === 1);
      // wait for the photo's copy (the draft then keeps the copy, not the file as chosen), then for the save
      await waitFor(
        "the photo made ready",
        async () => !(await page.run<boolean>(`return /Venter|Gjør bildet mindre/.test(document.body.innerText);`)),
        60_000,
      );
      await waitForDraft(page, reg, ["copy"]);
      await page.reload();
      await waitFor("the draft notice", async () =>
        page.run<boolean>(`return document.body.innerText.includes(${JSON.stringify(DRAFT_NOTICE)});`),
      );
      expectEqual(
        "Registreringsnummer after the reload",
        await page.value({ label: "Registreringsnummer", within: form }),
        reg,
      );
      await waitFor("the photo back after the reload", async () => (await thumbnails(page)) === 1);
    },
  },
  {
    name: "a photo still being prepared when the tab goes comes back with the draft, prepared",
    async run({ page, origin, photos, holdRequests }) {
      holdRequests(PHOTO_WORKER_SCRIPT); // the photo work's worker never arrives: the photo stays in preparation
      try {
        await page.goto(`${origin}/pristilbud`);
        await waitFor("the page to hydrate", () => page.run<boolean>(HYDRATED));
        const reg = uniqueReg("UF");
        await fillContact(page, reg);
        await page.choose({ label: "Last opp bilder", within: damage1 }, [photos[1]]);
        await waitFor("one thumbnail", async () => (await thumbnails(page)) === 1);
        await waitForDraft(page, reg, ["original"]); // saved with the photo as chosen, its copy never made
        if (!(await page.run<boolean>(`return /Venter|Gjør bildet mindre/.test(document.body.innerText);`)))
          throw new Error("the photo was prepared although its worker was held back");
      } finally {
        holdRequests(undefined);
      }
      await page.reload();
      await waitFor("the draft notice", async () =>
        page.run<boolean>(`return document.body.innerText.includes(${JSON.stringify(DRAFT_NOTICE)});`),
      );
      await waitFor("the photo back after the reload", async () => (await thumbnails(page)) === 1);
      const thumbnail = `form img[alt=${JSON.stringify(path.basename(photos[1]))}]`;
      await waitFor(
        "the photo prepared after the reload, its thumbnail shown",
        async () =>
          page.run<boolean>(
            `const img = document.querySelector(${JSON.stringify(thumbnail)});
             return !/Venter|Gjør bildet mindre/.test(document.body.innerText) && !!img && img.complete && img.naturalWidth > 0;`,
          ),
        60_000,
      );
      if (await page.run<boolean>(`return document.body.innerText.includes(${JSON.stringify(photoCheck.unreadable)});`))
        throw new Error("the photo came back unreadable");
    },
  },
  {
    name: "the calculator leads to a booking that is stored",
    async run({ page, origin, dataDir }) {
      await page.goto(`${origin}/auto-detailing`);
      await waitFor("the page to hydrate", () => page.run<boolean>(HYDRATED));
      await waitFor("the calculator's buttons enabled", async () =>
        page.run<boolean>(`return !document.querySelector("main button[disabled]");`),
      );
      await page.click({ role: "button", name: "Legg til To-trinns Polering" });
      await page.click({ role: "button", name: "Bestill time" });
      await waitForPath(page, "/kontakt");
      const email = `motor-${randomTag()}@example.no`;
      await waitFor("the booking form's message filled from the calculator", async () =>
        (await page.value({ label: "Melding (Valgfri)" })).includes("To-trinns Polering"),
      );
      await page.type({ label: "E-post" }, email);
      await page.type({ label: "Telefon" }, "91234567");
      await page.click({ role: "button", name: "Send" });
      await waitForThanks(page);
      const stored = (await storedBookings(dataDir)).find((booking) => booking.email === email);
      if (!stored) throw new Error(`no booking stored for ${email}`);
      if (!stored.message?.includes("To-trinns Polering")) throw new Error("the booking lacks the chosen service");
    },
  },
  {
    name: "a photo asked for by the workshop joins the same case",
    usesAdmin: true,
    async run({ page, origin, dataDir, photos, checkPhoto, admin, mailPort }) {
      const { id, reg, email } = await sendQuote(origin, dataDir, mailPort, checkPhoto("skarp.jpg"));
      const asked = await staffCall(admin, id, "request-photos", { message: "Ta et bilde av hele støtfangeren." });
      expectEqual("request-photos' status", asked.status, 201);
      const mail = await waitForMail(mailPort, email, /Vi trenger flere bilder/);
      await openLink(page, origin, mail, `Vi trenger flere bilder av ${reg}`);
      // the photo picker's code comes after the case, with the workshop's words
      await waitFor("the workshop's words", () => bodyHas(page, "Ta et bilde av hele støtfangeren."));
      await page.choose({ label: "Last opp bilder" }, [photos[0]]);
      await page.click({ role: "button", name: "Send bildene" });
      await waitFor("the thanks for the photos", () => bodyHas(page, "Takk! Bildene er lagt til saken din."), 90_000);
      const stored = (await storedQuotes(dataDir)).find((quote) => quote.id === id)!;
      expectEqual("the case's damages", stored.damages.length, 2);
      const added = stored.damages[1]![0]!;
      if (!fs.existsSync(photoFile(dataDir, added))) throw new Error(`the added photo is not stored: ${added}`);
      await waitForMail(mailPort, WORKSHOP_EMAIL, new RegExp(`Nye bilder: ${reg}`));
    },
  },
  {
    name: "an offer: a scanner's visit changes nothing; an early time is accepted with the box",
    usesAdmin: true,
    async run({ page, origin, dataDir, checkPhoto, admin, mailPort }) {
      const { id, reg, email } = await sendQuote(origin, dataDir, mailPort, checkPhoto("skarp.jpg"));
      const soon = daysAhead(3);
      await sendOffer(admin, id, [soon, daysAhead(30)]);
      const mail = await waitForMail(mailPort, email, /Pristilbud for/);
      expectEqual("a scanner's GET of /sak", (await fetch(`${origin}/sak`)).status, 200);
      await openLink(page, origin, mail, `Pristilbud for ${reg}`);
      expectEqual("the case's status after the visits", await statusOf(dataDir, id), "ANSWERED");

      await chooseTime(page, soon);
      await page.click({ role: "button", name: offerTexts.accept });
      await waitFor("the early-start box asked for", () => bodyHas(page, offerTexts.earlyStartRequired));
      expectEqual("the status while the box is empty", await statusOf(dataDir, id), "ANSWERED");
      await page.click({ role: "checkbox", name: offerTexts.earlyStart });
      await page.click({ role: "button", name: offerTexts.accept });
      await accepted(page);
      expectEqual("the case's status", await statusOf(dataDir, id), "ACCEPTED");
      const confirmation = await waitForMail(mailPort, email, /Bekreftelse/);
      if (!confirmation.text.includes("Du har bedt om at arbeidet starter før angrefristen er ute."))
        throw new Error("the confirmation lacks the early start");
      await waitForMail(mailPort, WORKSHOP_EMAIL, new RegExp(`Tilbud godtatt: ${reg}`));
      // the visits and the refused press sent nothing: the confirmation, queued after them, is the customer's third
      const subjects = (await listedMails(mailPort)).filter((m) => m.to.includes(email)).map((m) => m.subject);
      expectEqual(
        "the customer's e-mails",
        subjects.map((subject) => /forespørselen|Pristilbud|Bekreftelse/.exec(subject)?.[0]),
        ["forespørselen", "Pristilbud", "Bekreftelse"],
      );
    },
  },
  {
    name: "an offer: a question reaches the workshop; a later time is accepted without the box",
    usesAdmin: true,
    async run({ page, origin, dataDir, checkPhoto, admin, mailPort }) {
      const { id, reg, email } = await sendQuote(origin, dataDir, mailPort, checkPhoto("skarp.jpg"));
      const later = daysAhead(30, 8, 30);
      await sendOffer(admin, id, [later]);
      await openLink(page, origin, await waitForMail(mailPort, email, /Pristilbud for/), `Pristilbud for ${reg}`);
      await page.click({ role: "button", name: offerTexts.ask });
      await page.type({ label: offerTexts.question }, "Kan jeg levere bilen en lørdag?");
      await page.click({ role: "button", name: offerTexts.sendQuestion });
      await waitFor("the question sent", () => bodyHas(page, offerTexts.asked));
      const asked = await waitForMail(mailPort, WORKSHOP_EMAIL, new RegExp(`Spørsmål om tilbudet: ${reg}`));
      if (!asked.text.includes("Kan jeg levere bilen en lørdag?")) throw new Error("the question is not in the e-mail");

      await chooseTime(page, later);
      expectEqual("early-start boxes for a time weeks away", await page.count({ role: "checkbox" }), 0);
      await page.click({ role: "button", name: offerTexts.accept });
      await accepted(page);
      expectEqual("the case's status", await statusOf(dataDir, id), "ACCEPTED");
      const confirmation = await waitForMail(mailPort, email, /Bekreftelse/);
      if (confirmation.text.includes("før angrefristen er ute"))
        throw new Error("the confirmation names an early start");
    },
  },
  {
    name: "a time booked from the calculator is moved through the confirmation's link",
    async run({ page, origin, dataDir, mailPort }) {
      await page.goto(`${origin}/auto-detailing`);
      await waitFor("the page to hydrate", () => page.run<boolean>(HYDRATED));
      await waitFor("the calculator's buttons enabled", async () =>
        page.run<boolean>(`return !document.querySelector("main button[disabled]");`),
      );
      await page.click({ role: "button", name: "Legg til Grundig Utvendig Bilvask" });
      // the price badge's size list, as a visitor picks from it (the engines' pages have no select command)
      await page.run(CHOOSE_SIZE, WASH.size);
      await page.click({ role: "button", name: "Bestill time" });
      await waitForPath(page, "/kontakt");
      const email = `motor-${randomTag()}@example.no`;
      // a day far enough ahead that its link's cut-off (noon on the open day before) has not passed
      const first = await chooseFreeTime(page, origin, (time) => time.day >= addDays(osloToday(), LINK_SAFE_DAYS));
      await page.type({ label: "E-post" }, email);
      await page.type({ label: "Telefon" }, "91234567");
      await page.click({ role: "button", name: bookingTexts.submitTime });
      await waitFor("the booked time", () => bodyHas(page, "Timen er bestilt: "));

      const mail = await waitForMail(mailPort, email, /^Timebekreftelse: /);
      await openLink(page, origin, mail, fill(caseTexts.booking.heading, { time: formatMoment(first.at) }));
      // the booking's part of the page loads after the case
      await waitFor("the booked job", () => bodyHas(page, caseTexts.booking.servicesHeading));
      await page.click({ role: "button", name: caseTexts.booking.change });
      const second = await chooseFreeTime(page, origin, (time) => time.at !== first.at);
      await page.click({ role: "button", name: caseTexts.booking.confirmChange });
      await waitFor("the move said", () => bodyHas(page, "Timen er flyttet til "));
      const stored = (await storedBookingTimes(dataDir)).find((booking) => booking.email === email);
      expectEqual("the stored drop-off", `${stored?.day} ${stored?.dropOff}`, `${second.day} ${second.time}`);
    },
  },
];
