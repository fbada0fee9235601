/**
 * The price quote on a real Payload, over HTTP, on SQLite and on a real
 * PostgreSQL, with a local SMTP server: POST /api/inquiry stores the
 * contract's body once per Idempotency-Key, each damage linked to its photos;
 * only the workshop reads it; its e-mails go through the jobs queue and
 * survive an SMTP outage and a restart; closed cases and unused photos are
 * deleted on time.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { _internal_jobSystemGlobals } from "payload";
import sharp from "sharp";
import { CONTACT_PATH, IDEMPOTENCY_HEADER, inquiryRefusalSchema, type InquiryRequest } from "../../lib/api/schemas";
import { loadSite } from "../content";
import { CLOSED_CASE_KEPT_MS, UNUSED_PHOTO_KEPT_MS } from "../cases";
import { deleteExpired, requeueOverdueEmails } from "../jobs/cleanup";
import { CASE_EMAILS_TASK } from "../names";
import {
  restartAdminHost,
  SITE_ORIGIN,
  startAdminHost,
  STAFF,
  upload,
  uploadPhoto,
  moveJobClock,
  waitFor,
  type AdminHost,
  type HostOptions,
} from "./harness";
import { startMailbox, type Mailbox } from "./mailbox";
import { onBothDatabases, testsOn } from "./databases";

const WORKSHOP = "verksted@bulkeklinikken.test";
const site = loadSite();
const INQUIRY = "/api/inquiry";

interface StoredQuote {
  id: number;
  regNumber: string;
  email: string;
  phone: string;
  message: string;
  status: string;
  closedAt: string | null;
  createdAt: string;
  damages: { photos: { id: number; filename: string; url: string }[] }[];
  emails: { workshop: string; receipt: string };
}

const moveClock = moveJobClock;
const resetClock = () => moveJobClock(0);

let box: Mailbox;
let host: AdminHost;
let options: HostOptions;
const env = () => ({
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: String(box.port),
  SMTP_SECURE: "false",
  EMAIL_FROM: "nettside@bulkeklinikken.test",
  WORKSHOP_EMAIL: WORKSHOP,
});

/** A photo uploaded as the site does; returns how the inquiry names it. */
const photo = () => uploadPhoto(host);

const quoteBody = (email: string, images: { filename: string; url: string }[][], message = "Bulk i døra") =>
  ({
    Inquiry: {
      UserId: "nettside",
      RegNumber: "EL12345",
      PhoneNumber: "+47 912 34 567",
      Email: email,
      Message: message,
      State: "NEW",
    },
    damageRequests: images.map((Images) => ({ Images })),
  }) satisfies InquiryRequest;

const send = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${host.origin}${INQUIRY}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const quotesBy = async (email: string) =>
  (
    await host.payload.find({
      collection: "inquiries",
      where: { email: { equals: email } },
      depth: 1,
      overrideAccess: true,
    })
  ).docs as unknown as StoredQuote[];

const stored = async (email: string) => {
  const [one, ...more] = await quotesBy(email);
  assert.equal(more.length, 0, `one quote from ${email}`);
  return one!;
};

/** The quote from `email` once its e-mails' job has recorded `state` for the workshop's e-mail and tried the receipt. */
function emailed(email: string, state = "sent"): Promise<StoredQuote> {
  return waitFor(
    `${email}'s workshop e-mail to be ${state}`,
    async () => {
      const [quote] = await quotesBy(email);
      // the workshop's e-mail is `state`, and the receipt has been tried (and, when they went, went too)
      const receipt = quote?.emails.receipt;
      const settled = receipt !== "pending" && (state !== "sent" || receipt !== "failed");
      return quote?.emails.workshop === state && settled && quote;
    },
    20_000,
  );
}

/** The deletion test's steps (see its title), with the clock moved by the test. */
async function closedCasesAndUnusedPhotos() {
  const [kept, shared, open] = [await photo(), await photo(), await photo()];
  assert.equal((await send(quoteBody("slett@eksempel.no", [[kept, shared]]))).status, 201);
  // a second quote, still open, names one of the closed quote's photos and one of its own
  assert.equal((await send(quoteBody("apen@eksempel.no", [[shared, open]]))).status, 201);
  const unused = await photo();
  const quote = await stored("slett@eksempel.no");
  const close = await fetch(`${host.origin}/api/inquiries/${quote.id}`, {
    method: "PATCH",
    headers: { ...host.staff, "Content-Type": "application/json" },
    body: JSON.stringify({ status: "CLOSED", closedAt: "2000-01-01T00:00:00.000Z" }),
  });
  assert.equal(close.status, 200, await close.clone().text());
  const closed = await stored("slett@eksempel.no");
  assert.equal(closed.status, "CLOSED");
  // stamped now, whatever the request said
  assert.ok(Math.abs(Date.parse(closed.closedAt!) - Date.now()) < 60_000, closed.closedAt!);
  const names = async () =>
    new Set(
      (await host.payload.find({ collection: "media", pagination: false, overrideAccess: true })).docs.map(
        (d) => d.filename as string,
      ),
    );
  const there = (name: string, left: Set<string>) => left.has(name) && fs.existsSync(path.join(host.mediaDir, name));

  // a day on: the unused photo goes, the quotes' stay
  moveClock(UNUSED_PHOTO_KEPT_MS + 60_000);
  await deleteExpired(host.payload);
  let left = await names();
  assert.ok(!there(unused.filename, left));
  assert.ok([kept, shared, open].every((p) => there(p.filename, left)));
  assert.equal((await quotesBy("slett@eksempel.no")).length, 1);

  // 30 days after closing: the closed quote and the photo only it named go; the open quote keeps both of its own
  moveClock(CLOSED_CASE_KEPT_MS - 60_000);
  await deleteExpired(host.payload);
  assert.equal((await quotesBy("slett@eksempel.no")).length, 1);
  moveClock(CLOSED_CASE_KEPT_MS + 60_000);
  await deleteExpired(host.payload);
  // a second run finds nothing more to delete, and no error
  assert.deepEqual(await deleteExpired(host.payload), { inquiries: 0, contact: 0, photos: 0, agreements: 0 });
  assert.equal((await quotesBy("slett@eksempel.no")).length, 0);
  left = await names();
  assert.ok(!there(kept.filename, left));
  assert.ok(there(shared.filename, left) && there(open.filename, left));
  const stillOpen = await stored("apen@eksempel.no");
  assert.deepEqual(
    stillOpen.damages[0]!.photos.map((p) => p.filename),
    [shared.filename, open.filename],
  );
}

/** The tests, on each database as testsOn says (below). */
const TESTS: Record<string, () => Promise<void>> = {
  "ten parallel sends with one key store one quote, both damages linked to their photos": async () => {
    const images = [[await photo(), await photo()], [await photo()]];
    const body = quoteBody("ti@eksempel.no", images);
    const key = `key-${randomBytes(8).toString("hex")}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(body, { [IDEMPOTENCY_HEADER]: key })));
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(10).fill(201),
      await answers.find((a) => a.status !== 201)?.text(),
    );
    assert.equal(answers[0]!.headers.get("access-control-allow-origin"), SITE_ORIGIN);
    assert.match(answers[0]!.headers.get("access-control-expose-headers") ?? "", /Retry-After/i);
    const quote = await stored("ti@eksempel.no");
    assert.deepEqual(
      quote.damages.map((d) => d.photos.map((p) => p.filename)),
      images.map((damage) => damage.map((i) => i.filename)),
    );
    assert.equal(quote.status, "NEW");
    assert.equal(quote.regNumber, "EL12345");
    // the same key and body again, later: the same answer, nothing new
    assert.equal((await send(body, { [IDEMPOTENCY_HEADER]: key })).status, 201);
    assert.equal((await quotesBy("ti@eksempel.no")).length, 1);
  },

  "the same key with another body is 422 and stores nothing; without a key each send is a quote": async () => {
    const images = [[await photo()]];
    const key = `key-${randomBytes(8).toString("hex")}`;
    assert.equal((await send(quoteBody("en-nokkel@eksempel.no", images), { [IDEMPOTENCY_HEADER]: key })).status, 201);
    const changed = quoteBody("en-nokkel@eksempel.no", images, "Rettet telefonnummer");
    const refused = await send(changed, { [IDEMPOTENCY_HEADER]: key });
    assert.equal(refused.status, 422);
    assert.match(await refused.text(), /Idempotency-Key er allerede brukt/);
    assert.equal((await quotesBy("en-nokkel@eksempel.no")).length, 1);
    assert.equal((await send(changed, { [IDEMPOTENCY_HEADER]: "ugyldig nøkkel!" })).status, 400);
    assert.equal((await send(changed)).status, 201);
    assert.equal((await send(changed)).status, 201);
    assert.equal((await quotesBy("en-nokkel@eksempel.no")).length, 3);
  },

  "an image that is not a photo stored here, by name or by url, is 400 and stores nothing": async () => {
    const real = await photo();
    const never = { filename: `img_${randomBytes(16).toString("hex")}.jpg`, url: "" };
    never.url = `${host.origin}/api/media/file/${never.filename}`;
    const wrong = [
      [[never]],
      // a stored photo's name under another host's url: the Host trick
      [[{ ...real, url: `https://evil.example/api/media/file/${real.filename}` }]],
      [[{ ...real, url: `${host.origin}/api/media/file/${never.filename}` }]],
      [[real], [{ ...real, filename: never.filename }]],
    ];
    // the names of the photos this host does not have, for the site to upload again; a wrong url names none
    const missing = [[never.filename], [], [], [never.filename]];
    for (const [i, images] of wrong.entries()) {
      const answer = await send(quoteBody("feil-bilde@eksempel.no", images));
      assert.equal(answer.status, 400, JSON.stringify(images));
      const refusal = inquiryRefusalSchema.parse(await answer.json());
      assert.match(refusal.errors[0]!.message, /bildet finnes ikke/);
      assert.deepEqual(refusal.errors[0]!.missingPhotos ?? [], missing[i], JSON.stringify(images));
    }
    // a registration number that would start a line of its own in the workshop's e-mail
    const header = { ...quoteBody("feil-bilde@eksempel.no", [[real]]) };
    header.Inquiry = { ...header.Inquiry, RegNumber: "X\nSE: HTTPS://EV.IL" };
    const refused = await send(header);
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /bare ha bokstaver, sifre, mellomrom og bindestrek/);
    for (const body of ["{", "[]", JSON.stringify({ ...quoteBody("x@eksempel.no", [[real]]), extra: 1 })]) {
      assert.equal((await send(body)).status, 400, body);
    }
    const tooLarge = await send(`{"x":"${"a".repeat(2.5 * 1024 * 1024)}"}`);
    assert.equal(tooLarge.status, 413);
    assert.equal((await quotesBy("feil-bilde@eksempel.no")).length, 0);
  },

  "only the workshop's staff read or delete quotes; visitors only send them": async () => {
    await send(quoteBody("privat@eksempel.no", [[await photo()]]));
    const quote = await stored("privat@eksempel.no");
    for (const url of ["/api/inquiries", `/api/inquiries/${quote.id}`, "/api/inquiries/count"]) {
      assert.equal((await fetch(`${host.origin}${url}`)).status, 403, url);
    }
    const json = { "Content-Type": "application/json" };
    const create = await fetch(`${host.origin}/api/inquiries`, { method: "POST", headers: json, body: "{}" });
    assert.equal(create.status, 403);
    const edit = { method: "PATCH", headers: json, body: '{"message":"x"}' };
    assert.equal((await fetch(`${host.origin}/api/inquiries/${quote.id}`, edit)).status, 403);
    assert.equal((await fetch(`${host.origin}/api/inquiries/${quote.id}`, { method: "DELETE" })).status, 403);
    const asStaff = await fetch(`${host.origin}/api/inquiries/${quote.id}?depth=1`, { headers: host.staff });
    assert.equal(asStaff.status, 200);
    assert.equal(((await asStaff.json()) as StoredQuote).damages[0]!.photos.length, 1);
  },

  "what the customer sent stays as sent: staff set the state and their note, make no case and touch no photo":
    async () => {
      const [first, second] = [await photo(), await photo()];
      await send(quoteBody("som-sendt@eksempel.no", [[first, second]], "Bulk i panseret"));
      const quote = await stored("som-sendt@eksempel.no");
      const booked = await fetch(`${host.origin}${CONTACT_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN },
        body: JSON.stringify({ email: "time@eksempel.no", phone: "+47 912 34 567", message: "Tirsdag?" }),
      });
      assert.equal(booked.status, 201);
      const booking = ((await booked.json()) as { doc: { id: number } }).doc;
      const staff = { ...host.staff, "Content-Type": "application/json" };
      const patch = (url: string, body: object) =>
        fetch(`${host.origin}${url}`, { method: "PATCH", headers: staff, body: JSON.stringify(body) });
      const theirs = { email: "endret@eksempel.no", phone: "+47 400 00 000", message: "endret" };

      const edited = await patch(`/api/inquiries/${quote.id}`, {
        ...theirs,
        regNumber: "AB12345",
        userId: "endret",
        damages: [{ photos: [first.filename] }],
        vehicle: { lookup: "found", make: "Ferrari" },
        createdAt: "2020-01-01T00:00:00.000Z",
        status: "ANSWERED",
        workshopNote: "Ringt kunden",
      });
      assert.equal(edited.status, 200, await edited.clone().text());
      // and the same through a PATCH of every case a query finds
      const bulk = await patch(`/api/inquiries?where[id][equals]=${quote.id}`, { ...theirs, regNumber: "CD12345" });
      assert.equal(bulk.status, 200, await bulk.clone().text());
      const after = (await host.payload.findByID({
        collection: "inquiries",
        id: quote.id,
        depth: 1,
      })) as unknown as StoredQuote & { workshopNote: string; vehicle: unknown; userId: string };
      assert.deepEqual(
        [after.email, after.phone, after.message, after.regNumber, after.userId, after.vehicle, after.createdAt],
        [
          quote.email,
          quote.phone,
          quote.message,
          "EL12345",
          "nettside",
          (quote as { vehicle?: unknown }).vehicle,
          quote.createdAt,
        ],
      );
      assert.deepEqual(
        after.damages[0]!.photos.map((p) => p.filename),
        [first.filename, second.filename],
      );
      assert.deepEqual([after.status, after.workshopNote], ["ANSWERED", "Ringt kunden"]);

      assert.equal(
        (await patch(`${CONTACT_PATH}/${booking.id}`, { ...theirs, workshopNote: "Tirsdag 8" })).status,
        200,
      );
      const keptBooking = await host.payload.findByID({ collection: "contact", id: booking.id });
      assert.deepEqual(
        [keptBooking.email, keptBooking.phone, keptBooking.message, keptBooking.workshopNote],
        ["time@eksempel.no", "+47 912 34 567", "Tirsdag?", "Tirsdag 8"],
      );

      // no case is made by the staff, and no photo added, changed or deleted
      const create = (url: string, body: object) =>
        fetch(`${host.origin}${url}`, { method: "POST", headers: staff, body: JSON.stringify(body) });
      assert.equal((await create("/api/inquiries", { ...theirs, regNumber: "AB12345" })).status, 403);
      assert.equal((await create(CONTACT_PATH, theirs)).status, 403);
      const remove = { method: "DELETE", headers: host.staff };
      const photoId = after.damages[0]!.photos[0]!.id;
      assert.equal((await fetch(`${host.origin}/api/media/${photoId}`, remove)).status, 403);
      assert.equal((await patch(`/api/media/${photoId}`, { filename: "x.jpg" })).status, 403);
      const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .jpeg()
        .toBuffer();
      assert.equal((await upload(host, bytes, "ansatt.jpg", host.staff)).status, 403);
      // a whole case the staff may delete, as a customer may ask: its photos go with the next cleanup
      assert.equal((await fetch(`${host.origin}${CONTACT_PATH}/${booking.id}`, remove)).status, 200);
    },

  "the site's origin gets no staff cookie's rights: a script there reads no booking through a logged-in browser":
    async () => {
      const login = await fetch(`${host.origin}/api/users/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(STAFF),
      });
      const cookie = login.headers
        .getSetCookie()
        .find((c) => c.startsWith("payload-token="))!
        .split(";")[0]!;
      const fromAdmin = await fetch(`${host.origin}${CONTACT_PATH}`, {
        headers: { Cookie: cookie, Origin: host.origin },
      });
      assert.equal(fromAdmin.status, 200);
      const fromSite = await fetch(`${host.origin}${CONTACT_PATH}`, {
        headers: { Cookie: cookie, Origin: SITE_ORIGIN },
      });
      assert.equal(fromSite.status, 403);
      const quotes = await fetch(`${host.origin}/api/inquiries`, { headers: { Cookie: cookie, Origin: SITE_ORIGIN } });
      assert.equal(quotes.status, 403);
    },

  "a quote e-mails the workshop its number, contact, photos and an admin link; the customer a receipt": async () => {
    const images = [[await photo(), await photo()], [await photo()]];
    const message = "Hemmelig: abrakadabra. Ring 99 88 77 66";
    assert.equal((await send(quoteBody("kari.quote@eksempel.no", images, message))).status, 201);
    const quote = await emailed("kari.quote@eksempel.no");
    assert.deepEqual(quote.emails, { workshop: "sent", receipt: "sent" });
    const [mail, ...more] = box.to(WORKSHOP).filter((m) => m.text?.includes("kari.quote@eksempel.no"));
    assert.equal(more.length, 0);
    assert.equal(mail!.replyTo?.text, "kari.quote@eksempel.no");
    assert.match(mail!.subject ?? "", /EL12345/);
    const text = mail!.text ?? "";
    const adminLink = `${host.origin}/admin/collections/inquiries/${quote.id}`;
    for (const part of ["EL12345", "+47 912 34 567", message, adminLink, ...images.flat().map((i) => i.url)]) {
      assert.ok(text.includes(part), `${part} in\n${text}`);
    }
    assert.ok(text.indexOf(adminLink) < text.indexOf(message), "the links come before the visitor's words");
    const html = String(mail!.html);
    for (const image of images.flat()) assert.ok(html.includes(`<img src="${image.url}"`), image.url);
    assert.ok(html.includes(`href="${adminLink}"`));

    const [receipt, ...others] = box.to("kari.quote@eksempel.no");
    assert.equal(others.length, 0);
    const receiptText = `${receipt!.subject}\n${receipt!.text}`;
    assert.match(receiptText, /forespørsel/i);
    assert.ok(receiptText.includes(site.phone));
    for (const theirs of ["abrakadabra", "99 88 77 66", "EL12345", "912 34 567"]) {
      assert.ok(!receiptText.includes(theirs), theirs);
    }
  },

  "a booking and a quote from one address within the hour get one receipt; the workshop hears of both": async () => {
    const booking = await fetch(`${host.origin}${CONTACT_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "begge@eksempel.no", phone: "+47 912 34 567", message: "Time?" }),
    });
    assert.equal(booking.status, 201);
    await waitFor("the booking's receipt", () => box.to("begge@eksempel.no").length === 1, 20_000);
    assert.equal((await send(quoteBody("begge@eksempel.no", [[await photo()]]))).status, 201);
    const quote = await emailed("begge@eksempel.no");
    assert.deepEqual(quote.emails, { workshop: "sent", receipt: "skipped" });
    assert.equal(box.to("begge@eksempel.no").length, 1);
    assert.equal(box.to(WORKSHOP).filter((m) => m.text?.includes("begge@eksempel.no")).length, 2);
  },

  "with the SMTP server down for the first try, both e-mails arrive once it is back": async () => {
    await box.stop();
    try {
      assert.equal((await send(quoteBody("nede@eksempel.no", [[await photo()]]))).status, 201);
      const failed = await emailed("nede@eksempel.no", "failed");
      assert.deepEqual(failed.emails, { workshop: "failed", receipt: "failed" });
    } finally {
      await box.start();
    }
    // past the queue's wait before its next try
    moveClock(10 * 60_000);
    const quote = await emailed("nede@eksempel.no", "sent");
    resetClock();
    assert.deepEqual(quote.emails, { workshop: "sent", receipt: "sent" });
    assert.equal(box.to("nede@eksempel.no").length, 1);
    assert.equal(box.to(WORKSHOP).filter((m) => m.text?.includes("nede@eksempel.no")).length, 1);
  },

  "a restart between the quote and its e-mails loses nothing": async () => {
    _internal_jobSystemGlobals.shouldAutoRun = false;
    try {
      assert.equal((await send(quoteBody("omstart@eksempel.no", [[await photo()]]))).status, 201);
      assert.equal((await stored("omstart@eksempel.no")).emails.workshop, "pending");
      host = await restartAdminHost(host, env(), options);
    } finally {
      _internal_jobSystemGlobals.shouldAutoRun = true;
    }
    const quote = await emailed("omstart@eksempel.no");
    assert.deepEqual(quote.emails, { workshop: "sent", receipt: "sent" });
    assert.equal(box.to("omstart@eksempel.no").length, 1);
  },

  "a case stored with no e-mail job gets one from the hourly cleanup, once, and its e-mails go": async () => {
    _internal_jobSystemGlobals.shouldAutoRun = false;
    try {
      assert.equal((await send(quoteBody("utenjobb@eksempel.no", [[await photo()]]))).status, 201);
      // as on a database without transactions, when the job's insert failed after the case's
      await host.payload.delete({
        collection: "payload-jobs",
        where: { taskSlug: { equals: CASE_EMAILS_TASK } },
        overrideAccess: true,
      });
      assert.equal(await requeueOverdueEmails(host.payload), 0, "not within the first hour");
      moveClock(2 * 60 * 60_000);
      assert.equal(await requeueOverdueEmails(host.payload), 1);
      assert.equal(await requeueOverdueEmails(host.payload), 0, "not while its job waits");
    } finally {
      resetClock();
      _internal_jobSystemGlobals.shouldAutoRun = true;
    }
    const quote = await emailed("utenjobb@eksempel.no");
    assert.deepEqual(quote.emails, { workshop: "sent", receipt: "sent" });
    assert.equal(box.to("utenjobb@eksempel.no").length, 1);
  },
  "closing a case stamps when; it and its photos go 30 days later, and a photo no quote names after 24 hours":
    async () => {
      // the cleanup runs here alone: the queue's own hourly run waits
      _internal_jobSystemGlobals.shouldAutoRun = false;
      try {
        await closedCasesAndUnusedPhotos();
      } finally {
        resetClock();
        _internal_jobSystemGlobals.shouldAutoRun = true;
      }
    },
};

/** The tests above on a host with a fresh database from `database`. */
function quoteSuite(name: string, database: () => Promise<HostOptions>) {
  describe(name, () => {
    before(async () => {
      box = await startMailbox();
      options = await database();
      host = await startAdminHost(env(), options);
    });
    after(async () => {
      resetClock();
      _internal_jobSystemGlobals.shouldAutoRun = true;
      await host?.close();
      await box?.stop();
    });
    for (const [title, run] of testsOn(name, TESTS, SAME_ON_EVERY_DATABASE)) test(title, run);
  });
}

/** The tests no database changes (testsOn): access, refusals, the e-mails' words. */
const SAME_ON_EVERY_DATABASE = [
  "an image that is not a photo stored here, by name or by url, is 400 and stores nothing",
  "only the workshop's staff read or delete quotes; visitors only send them",
  "what the customer sent stays as sent: staff set the state and their note, make no case and touch no photo",
  "the site's origin gets no staff cookie's rights: a script there reads no booking through a logged-in browser",
  "a quote e-mails the workshop its number, contact, photos and an admin link; the customer a receipt",
  "a booking and a quote from one address within the hour get one receipt; the workshop hears of both",
];

onBothDatabases("quotes", quoteSuite);
