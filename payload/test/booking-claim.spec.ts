/**
 * The calendar's claim of a time (../booking/claim.ts), on SQLite and on
 * PostgreSQL: of twenty requests at once for the last place, exactly one
 * gets it, whether the last place is a car's at a drop-off time or the
 * team's hours that day; a released time is free again; a change holds the
 * new time before the old one is freed.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { claimTime, heldOn, releaseTime, type Wanted } from "../booking/claim";
import { CARS_PER_DROP_OFF, DROP_OFF_TIMES } from "../booking/calendar";
import { onBothDatabases } from "./databases";
import { startAdminHost, type AdminHost, type HostOptions } from "./harness";

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
