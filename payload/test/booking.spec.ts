/**
 * The workshop's calendar behind the booking form. The claim of a time
 * (../booking/claim.ts), on SQLite and on PostgreSQL: of twenty requests at
 * once for the last place, exactly one gets it, whether the last place is a
 * car's at a drop-off time or the team's hours that day; a released time is
 * free again; a change holds the new time before the old one is freed. The
 * free times (GET /api/booking/times), on SQLite: what the site is given,
 * and what it is refused. A booked time, with a local SMTP server: its
 * confirmation with the calendar file, the same file the page is given.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { claimTime, heldOn, releaseTime, type Wanted } from "../booking/claim";
import { bookedTimeAnswerSchema, bookingTimesSchema, BOOKING_TIMES_PATH } from "../../lib/api/booking-times";
import { formatMoment } from "../../lib/format";
import type { ParsedMail } from "mailparser";
import { CARS_PER_DROP_OFF, DROP_OFF_TIMES, osloMoment, REMINDER_AT, weekdayOf } from "../booking/calendar";
import { addDays, osloToday } from "../../lib/oslo-time";
import { REMINDER_TASK } from "../names";
import { BOOKING_TIMES_CALLS_PER_MINUTE } from "../endpoints/booking-times";
import { TIME_TAKEN } from "../operations/book-time";
import { onBothDatabases } from "./databases";
import { bookAt, CUSTOMER, parseCalendar, wantedWash, withMailbox, WORKSHOP } from "./booking-host";
import { moveJobClock, startAdminHost, waitFor, type AdminHost, type HostOptions } from "./harness";

// each fresh host in this process gets its tables (Payload's SQLite push skips a schema it pushed once in the process)
process.env.PAYLOAD_FORCE_DRIZZLE_PUSH = "true";

/** How many requests arrive at once for the last place. */
const AT_ONCE = 20;
const DAY = "2026-12-08";
const job = (hours: number): Wanted => ({ day: DAY, time: "07:30", team: "detailing", hours, capacity: 14 });

let host: AdminHost;

/** Claims `wanted` AT_ONCE times at once, each for its own holder; returns the holders that got it. */
async function claimAtOnce(prefix: string, wanted: (n: number) => Wanted): Promise<string[]> {
  const holders = Array.from({ length: AT_ONCE }, (_, n) => `${prefix}-${n}`);
  const got = await Promise.all(holders.map((holder, n) => claimTime(host.payload, holder, wanted(n))));
  return holders.filter((_, n) => got[n]);
}

function claimSuite(name: string, database: () => Promise<HostOptions>) {
  describe(name, () => {
    before(async () => {
      host = await startAdminHost({}, await database());
    });
    after(async () => host?.close());

    test("of twenty requests at once for a drop-off time's last car, exactly one gets it", async () => {
      assert.equal(await claimTime(host.payload, "first", job(1)), true);
      const winners = await claimAtOnce("car", () => job(1));
      assert.equal(winners.length, CARS_PER_DROP_OFF - 1);
      const held = (await heldOn(host.payload, [DAY])).get(DAY);
      assert.equal(held?.cars["07:30"], CARS_PER_DROP_OFF);
      assert.equal(held?.hours.detailing, CARS_PER_DROP_OFF * 1);
      await Promise.all(["first", ...winners].map((holder) => releaseTime(host.payload, holder)));
      assert.equal((await heldOn(host.payload, [DAY])).get(DAY), undefined, "released, the day holds nothing");
    });

    test("of twenty requests at once for the day's last hours, at different times, exactly one gets them", async () => {
      assert.equal(await claimTime(host.payload, "morning", { ...job(10), time: "09:00" }), true);
      const times = DROP_OFF_TIMES.slice(0, 3);
      const winners = await claimAtOnce("hours", (n) => ({ ...job(4), time: times[n % times.length]! }));
      assert.equal(winners.length, 1);
      assert.equal((await heldOn(host.payload, [DAY])).get(DAY)?.hours.detailing, 14);
      // the day is full: even half an hour is refused, and the other team's hours are its own
      assert.equal(await claimTime(host.payload, "late", job(0.5)), false);
      assert.equal(await claimTime(host.payload, "repair", { ...job(8), team: "verksted", capacity: 24 }), true);
      await Promise.all(["morning", "repair", ...winners].map((holder) => releaseTime(host.payload, holder)));
    });

    test("a change holds the new time before the old one is freed", async () => {
      assert.equal(await claimTime(host.payload, "booking-v1", job(12)), true);
      // the same day's hours cannot hold the job twice, so the new time is on another day
      assert.equal(await claimTime(host.payload, "booking-v2", { ...job(12), time: "08:00" }), false);
      assert.equal(await claimTime(host.payload, "booking-v2", { ...job(12), day: "2026-12-09" }), true);
      await releaseTime(host.payload, "booking-v1");
      const held = await heldOn(host.payload, [DAY, "2026-12-09"]);
      assert.equal(held.get(DAY), undefined);
      assert.deepEqual(held.get("2026-12-09"), { cars: { "07:30": 1 }, hours: { detailing: 12 } });
      await releaseTime(host.payload, "booking-v2");
    });
  });
}

onBothDatabases("claims", claimSuite);

const TIMES = (query: string) => `${host.origin}${BOOKING_TIMES_PATH}?${query}`;
const WASH = "services=grundig-utvendig-bilvask&size=Medium%2FSUV";

describe("booking a time from the site", () => {
  before(async () => {
    host = await startAdminHost({});
  });
  after(async () => host?.close());

  test("the free times in the booking window, never cached; a closed date and a full day drop out", async () => {
    const answer = await fetch(TIMES(WASH));
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get("cache-control"), "no-store");
    const { hours, times } = bookingTimesSchema.parse(await answer.json());
    assert.equal(hours, 2); // 1.5 hours times 1.2, rounded up to the half hour
    const days = [...new Set(times.map((time) => time.day))];
    assert.ok(days.length >= 20, `six weeks of open days, not ${days.length}`);
    assert.deepEqual(
      times.filter((time) => time.day === days[0]).map((time) => time.time),
      [...DROP_OFF_TIMES],
    );
    const first = times[0]!;
    assert.equal(first.at, osloMoment(first.day, first.time));
    // staff close the first day; the second is booked full
    await host.payload.create({ collection: "calendar-days", data: { day: days[0]!, closed: true } });
    assert.equal(await claimTime(host.payload, "full", { ...job(14), day: days[1]!, capacity: 14 }), true);
    const after = bookingTimesSchema.parse(await (await fetch(TIMES(WASH))).json());
    const left = new Set(after.times.map((time) => time.day));
    assert.equal(left.has(days[0]!), false, "the closed day");
    assert.equal(left.has(days[1]!), false, "the full day");
    assert.equal(left.has(days[2]!), true);
  });

  test("staff's hours for a weekday hold on every such day, and a date's own hours go before them", async () => {
    const tuesdays = async () =>
      new Set(
        bookingTimesSchema
          .parse(await (await fetch(TIMES(WASH))).json())
          .times.filter((time) => weekdayOf(time.day) === "Tu")
          .map((time) => time.day),
      );
    const before = [...(await tuesdays())];
    assert.ok(before.length >= 4, "six weeks hold Tuesdays");
    // the wash takes 2 hours; on Tuesdays the detailing team now has 1
    await host.payload.updateGlobal({ slug: "calendar-week", data: { Tu: { detailingHours: 1 } } });
    assert.equal((await tuesdays()).size, 0, "no Tuesday takes the job");
    await host.payload.create({ collection: "calendar-days", data: { day: before.at(-1)!, detailingHours: 8 } });
    assert.deepEqual([...(await tuesdays())], [before.at(-1)], "the date with its own hours does");
    await host.payload.updateGlobal({ slug: "calendar-week", data: { Tu: { detailingHours: null } } });
  });

  test("a service or size that is not the calculator's is 400, saying so", async () => {
    for (const query of ["services=ukjent&size=Liten", "services=lakkforsegling&size=Enorm", "size=Liten"]) {
      const answer = await fetch(TIMES(query));
      assert.equal(answer.status, 400, query);
      const { errors } = (await answer.json()) as { errors: { message: string }[] };
      assert.match(errors[0]!.message, /velg tjenester og bilstørrelse/);
    }
  });

  test("one address that looks too often gets 429 with Retry-After", async () => {
    // twice the limit and one more: whichever minute they fall in, one minute gets more than the limit
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let n = 0; n <= 2 * BOOKING_TIMES_CALLS_PER_MINUTE; n++) {
      const answer = await fetch(TIMES(WASH));
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter ??= answer.headers.get("retry-after");
      await answer.body?.cancel();
    }
    assert.ok(statuses.includes(429));
    assert.ok(Number(retryAfter) >= 1);
  });
});

describe("booking a time with the booking form", () => {
  before(async () => {
    host = await startAdminHost({});
  });
  after(async () => host?.close());

  test("a booking with a free time holds it, with its hours and price; of twenty at once for the last car, one gets it", async () => {
    const { times } = bookingTimesSchema.parse(await (await fetch(TIMES(WASH))).json());
    const time = times.at(-1)!; // beyond the withdrawal period
    const wanted = { services: ["grundig-utvendig-bilvask"], size: "Medium/SUV", at: time.at, earlyStart: false };
    const first = await book({ ...CUSTOMER, time: wanted });
    assert.equal(first.status, 201, await first.clone().text());
    const { doc } = (await first.json()) as { doc: { id: number } };
    const stored = await host.payload.findByID({ collection: "contact", id: doc.id, depth: 0 });
    assert.equal(stored.time?.day, time.day);
    assert.equal(stored.time?.dropOff, time.time);
    assert.equal(stored.time?.hours, 2);
    assert.equal(stored.time?.price, 1500); // 1250 kr times 1.2
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => book({ ...CUSTOMER, time: wanted })));
    const statuses = answers.map((answer) => answer.status);
    assert.equal(statuses.filter((status) => status === 201).length, CARS_PER_DROP_OFF - 1);
    assert.equal(statuses.filter((status) => status === 409).length, AT_ONCE - (CARS_PER_DROP_OFF - 1));
    const refused = (await answers[statuses.indexOf(409)]!.json()) as {
      errors: { message: string; data: { times: { at: string }[] } }[];
    };
    assert.equal(refused.errors[0]!.message, TIME_TAKEN);
    assert.ok(refused.errors[0]!.data.times.length > 0);
    assert.ok(refused.errors[0]!.data.times.every((free) => free.at !== time.at));
    assert.equal((await heldOn(host.payload, [time.day])).get(time.day)?.cars[time.time as "07:30"], CARS_PER_DROP_OFF);
  });

  test("a time within the withdrawal period needs the early-start box; services the calculator does not allow are refused", async () => {
    const { times } = bookingTimesSchema.parse(await (await fetch(TIMES(WASH))).json());
    const soon = { services: ["grundig-utvendig-bilvask"], size: "Liten", at: times[0]!.at, earlyStart: false };
    const early = await book({ ...CUSTOMER, time: soon });
    assert.equal(early.status, 400);
    assert.match(await early.text(), /angrefristen/);
    const polishAlone = await book({
      ...CUSTOMER,
      time: { ...soon, services: ["en-trinns-polering"], earlyStart: true },
    });
    assert.equal(polishAlone.status, 400);
    assert.equal((await heldOn(host.payload, [times[0]!.day])).get(times[0]!.day), undefined, "nothing was held");
    const ticked = await book({ ...CUSTOMER, time: { ...soon, earlyStart: true } });
    assert.equal(ticked.status, 201, await ticked.clone().text());
  });
});

describe("a booked time's confirmation", () => {
  const { mailbox, host: started } = withMailbox();
  before(() => void (host = started()));

  test("a booked time is confirmed at once with its calendar file, the same the page is given; every booking gets one", async () => {
    const { times } = bookingTimesSchema.parse(await (await fetch(TIMES(WASH))).json());
    const email = "kalender@eksempel.no";
    const [first, second] = [times.at(-5)!, times.at(-6)!];
    const wanted = (at: string) => ({
      services: ["grundig-utvendig-bilvask"],
      size: "Medium/SUV",
      at,
      earlyStart: false,
    });
    const answers = [];
    for (const time of [first, second]) {
      const answer = await book({ ...CUSTOMER, email, time: wanted(time.at) });
      assert.equal(answer.status, 201, await answer.clone().text());
      answers.push(bookedTimeAnswerSchema.parse(await answer.json()).doc.calendarFile);
    }
    const page = parseCalendar(answers[0]!);
    const { docs } = await host.payload.find({
      collection: "contact",
      where: { email: { equals: email } },
      sort: "createdAt",
    });
    assert.deepEqual(
      [page.method, page.uid, page.sequence, page.start],
      ["REQUEST", docs[0]!.time?.uid, 0, new Date(first.at).toISOString()],
    );
    const mails = await waitFor(
      "both confirmations",
      () => mailbox().to(email).length === 2 && mailbox().to(email),
      20_000,
    );
    const mail = mails.find((m) => m.subject === `Timebekreftelse: ${formatMoment(first.at)}`);
    assert.ok(mail, mails.map((m) => m.subject).join(", "));
    assert.match(mail.text ?? "", /Grundig Utvendig Bilvask/);
    const attached = mail.attachments.find((part) => part.contentType === "text/calendar");
    assert.ok(attached, "a calendar part");
    const type = attached.headers.get("content-type") as { params?: Record<string, string> };
    assert.equal(type.params?.method?.toUpperCase(), "REQUEST", "the mail program is asked to put it in the calendar");
    assert.deepEqual(parseCalendar(attached.content.toString("utf8")), page);
    const notice = mailbox()
      .to(WORKSHOP)
      .find((m) => m.subject === `Ny time ${formatMoment(first.at)}: ${email}`);
    assert.ok(notice, "the workshop hears of the time");
  });
});

const isReminder = (mail: ParsedMail) => mail.subject?.startsWith("Påminnelse") ?? false;

describe("a booked time's reminder", () => {
  const { mailbox, host: started } = withMailbox();
  before(() => void (host = started()));

  test("the reminder goes once, at 14:00 Oslo time the day before; none for a booking changed since", async () => {
    const { times } = bookingTimesSchema.parse(await (await fetch(TIMES(WASH))).json());
    const weekOn = addDays(osloToday(), 7);
    const [kept, changed] = times.filter((time) => time.day >= weekOn && time.time === "08:30");
    const ids: number[] = [];
    for (const [time, email] of [
      [kept!, "minnes@eksempel.no"],
      [changed!, "flyttet@eksempel.no"],
    ] as const) {
      const answer = await book({ ...CUSTOMER, email, time: { ...wantedWash(time.at), earlyStart: true } });
      assert.equal(answer.status, 201, await answer.clone().text());
      ids.push(((await answer.json()) as { doc: { id: number } }).doc.id);
    }
    const reminders = await host.payload.find({
      collection: "payload-jobs",
      where: { taskSlug: { equals: REMINDER_TASK } },
      sort: "createdAt",
      overrideAccess: true,
    });
    assert.deepEqual(
      reminders.docs.slice(-2).map((job) => new Date(job.waitUntil!).toISOString()),
      [kept!, changed!].map((time) => new Date(osloMoment(addDays(time.day, -1), REMINDER_AT)).toISOString()),
    );
    // the second booking's time changes (a higher SEQUENCE) before its reminder is due
    const second = await host.payload.findByID({ collection: "contact", id: ids[1]!, depth: 0 });
    await host.payload.db.updateOne({
      collection: "contact",
      id: ids[1]!,
      data: { time: { ...second.time, sequence: 1 } },
    });
    const untilReminded = Date.parse(osloMoment(addDays(changed!.day, -1), REMINDER_AT)) - Date.now() + 60_000;
    moveJobClock(untilReminded);
    try {
      const [reminder] = await waitFor(
        "the reminder",
        () =>
          mailbox().to("minnes@eksempel.no").filter(isReminder).length > 0 &&
          mailbox().to("minnes@eksempel.no").filter(isReminder),
        20_000,
      );
      assert.equal(reminder!.subject, `Påminnelse: time i morgen kl. ${kept!.time}`);
      assert.match(reminder!.text ?? "", new RegExp(formatMoment(kept!.at)));
      // a job that ran is deleted: both are gone once both ran
      await waitFor(
        "both reminder jobs run",
        async () => {
          const { docs } = await host.payload.find({
            collection: "payload-jobs",
            where: { taskSlug: { equals: REMINDER_TASK } },
            overrideAccess: true,
          });
          return !docs.some((job) => ids.includes((job.input as { booking: number }).booking));
        },
        20_000,
      );
      const stored = await host.payload.findByID({ collection: "contact", id: ids[0]!, depth: 0 });
      assert.ok(stored.time?.remindedAt, "the booking records that it was reminded");
    } finally {
      moveJobClock(0);
    }
    assert.equal(mailbox().to("minnes@eksempel.no").filter(isReminder).length, 1, "one reminder");
    assert.equal(mailbox().to("flyttet@eksempel.no").filter(isReminder).length, 0, "none for the changed booking");
  });
});

/** Books as the site does. */
const book = (body: Record<string, unknown>) => bookAt(host.origin, body);
