/**
 * A booked time's link (POST /api/sak, /sak/move, /sak/cancel), with a local
 * SMTP server: the confirmation carries it; it moves the time (holding the
 * new one before the old is freed, refused with the nearest free times when
 * the new one is not free) and cancels it; each sends the customer a new
 * calendar file of the same UID and a higher SEQUENCE, and tells the workshop.
 * The Timebok's staff calls do the same for staff, and set a day's hours.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { ParsedMail } from "mailparser";
import { bookingTimesSchema, BOOKING_TIMES_PATH, type FreeTime } from "../../lib/api/booking-times";
import { CASE_LINK_PATHS, caseAnswerSchema, caseRefusalSchema, caseViewSchema } from "../../lib/api/case-link";
import { formatMoment } from "../../lib/format";
import { addDays } from "../../lib/oslo-time";
import { osloMoment, REMINDER_AT } from "../booking/calendar";
import { claimTime, heldOn, releaseTime } from "../booking/claim";
import { REMINDER_TASK } from "../names";
import { TIMEBOOK_PATHS } from "../../lib/api/timebook";
import { TIME_TAKEN } from "../operations/book-time";
import { bookAt, CUSTOMER, parseCalendar, wantedWash, withMailbox, WORKSHOP } from "./booking-host";
import { SITE_ORIGIN, waitFor, type AdminHost } from "./harness";
import type { Mailbox } from "./mailbox";

// each fresh host in this process gets its tables (Payload's SQLite push skips a schema it pushed once in the process)
process.env.PAYLOAD_FORCE_DRIZZLE_PUSH = "true";

let host: AdminHost;
let mailbox: () => Mailbox;

const EMAIL = "lenke@eksempel.no";

/** POST {API}<path> on the customer's link, as the page sends it. */
const onLink = (path: string, body: Record<string, unknown>) =>
  fetch(`${host.origin}/api${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN },
    body: JSON.stringify(body),
  });

/** The mails to EMAIL whose subject is `subject`, once there are `count` of them. */
const mailsTitled = (subject: string, count = 1) =>
  waitFor(
    `${count} e-mail(s) "${subject}"`,
    () => {
      const found = mailbox()
        .to(EMAIL)
        .filter((mail) => mail.subject === subject);
      return found.length >= count && found;
    },
    20_000,
  );

/** The calendar file attached to `mail`, parsed back. */
function calendarOf(mail: ParsedMail) {
  const part = mail.attachments.find((attachment) => attachment.contentType === "text/calendar");
  assert.ok(part, `a calendar part in "${mail.subject}"`);
  return parseCalendar(part.content.toString("utf8"));
}

/** The workshop's e-mail whose subject is `subject`, once it came. */
const workshopMail = (subject: string) =>
  waitFor(
    "the workshop's e-mail",
    () =>
      mailbox()
        .to(WORKSHOP)
        .find((mail) => mail.subject === subject),
    20_000,
  );

let times: FreeTime[];
let token: string;
let booked: FreeTime;
let id: number;

/** Books a time beyond the withdrawal period and reads the link from its confirmation. */
async function bookWithLink() {
  const answer = await fetch(`${host.origin}${BOOKING_TIMES_PATH}?services=grundig-utvendig-bilvask&size=Medium%2FSUV`);
  times = bookingTimesSchema.parse(await answer.json()).times;
  booked = times.at(-9)!; // beyond the withdrawal period
  const sent = await bookAt(host.origin, { ...CUSTOMER, email: EMAIL, time: wantedWash(booked.at) });
  assert.equal(sent.status, 201, await sent.clone().text());
  id = ((await sent.json()) as { doc: { id: number } }).doc.id;
  const [confirmation] = await mailsTitled(`Timebekreftelse: ${formatMoment(booked.at)}`);
  const link = /(https?:\/\/\S+)\/sak#k=([A-Za-z0-9_-]{43})/.exec(confirmation!.text ?? "");
  assert.ok(link, `a link in the confirmation: ${confirmation!.text}`);
  assert.equal(link[1], SITE_ORIGIN, "the link points to the site");
  token = link[2]!;
}

/** Moves the booked time to a later one, pressed twice at once; returns the new time. */
async function moveTwiceAtOnce(): Promise<FreeTime> {
  const target = times.at(-4)!;
  const body = { token, at: target.at, earlyStart: false };
  const answers = await Promise.all([onLink(CASE_LINK_PATHS.move, body), onLink(CASE_LINK_PATHS.move, body)]);
  for (const answer of answers) {
    assert.equal(answer.status, 200, await answer.clone().text());
    const { done, view } = caseAnswerSchema.parse(await answer.json());
    assert.equal(done, "moved");
    assert.equal(new Date(view.booking!.at).toISOString(), new Date(target.at).toISOString());
  }
  return target;
}

/** Moves the booked time to a day another booking filled: refused, and the booked time stays. */
async function moveToAFullDay() {
  const full = times.at(-2)!;
  assert.equal(
    await claimTime(host.payload, "full-day", {
      day: full.day,
      time: "09:00",
      team: "detailing",
      hours: 14,
      capacity: 14,
    }),
    true,
  );
  const answer = await onLink(CASE_LINK_PATHS.move, { token, at: full.at, earlyStart: false });
  assert.equal(answer.status, 409);
  const refusal = caseRefusalSchema.parse(await answer.json());
  assert.equal(refusal.reason, "taken");
  assert.equal(refusal.errors[0]!.message, TIME_TAKEN);
  assert.ok(refusal.times!.length > 0 && refusal.times!.every((time) => time.day !== full.day));
  const stored = await host.payload.findByID({ collection: "contact", id, depth: 0 });
  assert.equal(stored.time?.day, booked.day);
  assert.equal(stored.time?.sequence, 0);
  await releaseTime(host.payload, "full-day");
}

/** Cancels the booked time, twice: one cancellation, one e-mail, and the link then moves nothing. */
async function cancelOnce() {
  const answer = await onLink(CASE_LINK_PATHS.cancel, { token });
  assert.equal(answer.status, 200, await answer.clone().text());
  const { done, view } = caseAnswerSchema.parse(await answer.json());
  assert.equal(done, "cancelled");
  assert.deepEqual([view.booking!.state, view.booking!.changeable], ["cancelled", false]);
  const stored = await host.payload.findByID({ collection: "contact", id, depth: 0 });
  assert.equal((await heldOn(host.payload, [stored.time!.day!])).get(stored.time!.day!), undefined);

  const [mail] = await mailsTitled("Timen er avbestilt");
  assert.deepEqual(calendarOf(mail!), {
    method: "CANCEL",
    uid: stored.time?.uid,
    sequence: 2,
    start: new Date(stored.time!.at!).toISOString(),
    status: "CANCELLED",
  });
  await workshopMail(`Time avbestilt ${formatMoment(stored.time!.at!)}: ${EMAIL}`);

  // again: the same answer, and no second e-mail
  const again = await onLink(CASE_LINK_PATHS.cancel, { token });
  assert.equal(caseAnswerSchema.parse(await again.json()).done, "cancelled");
  const move = await onLink(CASE_LINK_PATHS.move, { token, at: times.at(-3)!.at, earlyStart: false });
  assert.equal(move.status, 409);
  assert.equal(caseRefusalSchema.parse(await move.json()).reason, "locked");
  assert.equal(
    mailbox()
      .to(EMAIL)
      .filter((m) => m.subject === "Timen er avbestilt").length,
    1,
  );
}

describe("a booked time's link", () => {
  const started = withMailbox();
  mailbox = started.mailbox;
  before(async () => {
    host = started.host();
    await bookWithLink();
  });

  test("opens the booked time: when, what, the price, and that it may still be changed", async () => {
    const answer = await onLink(CASE_LINK_PATHS.view, { token });
    assert.equal(answer.status, 200);
    const view = caseViewSchema.parse(await answer.json());
    assert.equal(view.purpose, "booking");
    assert.deepEqual(
      { ...view.booking, at: new Date(view.booking!.at).toISOString() },
      {
        at: new Date(booked.at).toISOString(),
        services: ["grundig-utvendig-bilvask"],
        size: "Medium/SUV",
        titles: ["Grundig Utvendig Bilvask"],
        priceNok: 1500,
        state: "booked",
        changeable: true,
      },
    );
  });

  test(
    "a move to a time that is not free is 409 with the nearest free times, and keeps the booked one",
    moveToAFullDay,
  );

  test("a move holds the new time, frees the old, and mails a calendar request of the same UID, SEQUENCE 1", async () => {
    // pressed twice at once: one move, and both answers say it
    const target = await moveTwiceAtOnce();
    const stored = await host.payload.findByID({ collection: "contact", id, depth: 0 });
    assert.deepEqual([stored.time?.day, stored.time?.dropOff, stored.time?.sequence], [target.day, target.time, 1]);
    const held = await heldOn(host.payload, [booked.day, target.day]);
    assert.equal(held.get(booked.day)?.cars[booked.time as "07:30"] ?? 0, 0, "the old time is free");
    assert.equal(held.get(target.day)?.cars[target.time as "07:30"], 1, "the new time holds one car");

    const [mail] = await mailsTitled(`Ny tid: ${formatMoment(target.at)}`);
    assert.deepEqual(calendarOf(mail!), {
      method: "REQUEST",
      uid: stored.time?.uid,
      sequence: 1,
      start: new Date(target.at).toISOString(),
      status: "CONFIRMED",
    });
    await workshopMail(`Time flyttet til ${formatMoment(target.at)}: ${EMAIL}`);
    const { docs } = await host.payload.find({
      collection: "payload-jobs",
      where: { taskSlug: { equals: REMINDER_TASK } },
      overrideAccess: true,
    });
    const reminder = docs.find((job) => (job.input as { sequence: number }).sequence === 1);
    assert.equal(
      new Date(reminder!.waitUntil!).toISOString(),
      new Date(osloMoment(addDays(target.day, -1), REMINDER_AT)).toISOString(),
      "the new time's reminder waits for the day before it",
    );
  });

  test("a cancellation frees the time and mails a calendar cancellation; the link then changes nothing", cancelOnce);

  test("a made-up token opens nothing", async () => {
    const unknown = await onLink(CASE_LINK_PATHS.cancel, { token: "A".repeat(43) });
    assert.equal(unknown.status, 404);
    assert.equal(caseRefusalSchema.parse(await unknown.json()).reason, "ended");
  });
});

/** POST {ADMIN}/api<path> as the Timebok sends it, with `headers` (the staff login, or none). */
const timebook = (path: string, body: Record<string, unknown>, headers: HeadersInit = host.staff) =>
  fetch(`${host.origin}/api${path}`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

describe("the Timebok's calls", () => {
  const started = withMailbox();
  before(() => {
    host = started.host();
    mailbox = started.mailbox;
  });

  test("staff move a booking to a free time and cancel it; the customer gets each calendar file, the workshop nothing", async () => {
    const free = bookingTimesSchema.parse(
      await (
        await fetch(`${host.origin}${BOOKING_TIMES_PATH}?services=grundig-utvendig-bilvask&size=Medium%2FSUV`)
      ).json(),
    ).times;
    const email = "timebok@eksempel.no";
    const sent = await bookAt(host.origin, { ...CUSTOMER, email, time: wantedWash(free.at(-8)!.at) });
    const { id } = ((await sent.json()) as { doc: { id: number } }).doc;
    const target = free.at(-6)!;
    // no login, no call
    assert.equal((await timebook(TIMEBOOK_PATHS.move(id), { at: target.at }, {})).status, 401);
    const moved = await timebook(TIMEBOOK_PATHS.move(id), { at: target.at });
    assert.equal(moved.status, 200, await moved.clone().text());
    const stored = await host.payload.findByID({ collection: "contact", id, depth: 0 });
    assert.deepEqual([stored.time?.day, stored.time?.sequence], [target.day, 1]);
    const toCustomer = await waitFor(
      "the new time's e-mail",
      () =>
        mailbox()
          .to(email)
          .find((mail) => mail.subject === `Ny tid: ${formatMoment(target.at)}`),
      20_000,
    );
    assert.equal(calendarOf(toCustomer).sequence, 1);

    assert.equal((await timebook(TIMEBOOK_PATHS.cancel(id), {})).status, 200);
    const cancelled = await waitFor(
      "the cancellation",
      () =>
        mailbox()
          .to(email)
          .find((mail) => mail.subject === "Timen er avbestilt"),
      20_000,
    );
    assert.deepEqual([calendarOf(cancelled).method, calendarOf(cancelled).sequence], ["CANCEL", 2]);
    assert.equal((await heldOn(host.payload, [target.day])).get(target.day), undefined, "the time is free");
    assert.equal(
      mailbox()
        .to(WORKSHOP)
        .filter((mail) => /^Time (flyttet|avbestilt)/.test(mail.subject ?? "")).length,
      0,
      "staff's own doings tell the workshop nothing",
    );
    // a cancelled time is not moved, nor marked as not met
    assert.equal((await timebook(TIMEBOOK_PATHS.move(id), { at: free.at(-5)!.at })).status, 409);
    assert.equal((await timebook(TIMEBOOK_PATHS.noShow(id), {})).status, 409);
  });

  test("a day's own hours and Stengt are stored, and set back to as usual leave no record", async () => {
    const day = "2027-01-05";
    const set = (body: Record<string, unknown>) => timebook(TIMEBOOK_PATHS.day, { day, ...body });
    assert.equal((await set({ closed: true, detailingHours: 6, verkstedHours: null })).status, 200);
    const { docs } = await host.payload.find({ collection: "calendar-days", where: { day: { equals: day } } });
    assert.deepEqual([docs[0]?.closed, docs[0]?.detailingHours, docs[0]?.verkstedHours], [true, 6, null]);
    assert.equal((await set({ closed: false, detailingHours: null, verkstedHours: null })).status, 200);
    const after = await host.payload.find({ collection: "calendar-days", where: { day: { equals: day } } });
    assert.equal(after.totalDocs, 0);
    assert.equal((await set({ closed: false, detailingHours: -1, verkstedHours: null })).status, 400);
  });
});
