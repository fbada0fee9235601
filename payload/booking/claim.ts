/**
 * The claim of a time in the workshop's calendar, decided by the database:
 * two requests for the last place never both get it, on SQLite as on
 * PostgreSQL, however many arrive at once.
 *
 * A booked time holds places (CLAIM_SLUG), each a row: a car's seat at its
 * drop-off time (`car 07:30`, seats 1 to CARS_PER_DROP_OFF) and each
 * HOURS_STEP of its team's hours that day (`hours detailing`, units 1 to the
 * day's capacity). A unique index on (day, place, seat) lets one row hold
 * each, and a claim inserts all of its rows in one statement, which the
 * database takes whole or refuses whole. A claim reads which seats are free,
 * then inserts; when another claim took one of them in between, the index
 * refuses the statement, and the claim reads again, up to CLAIM_TRIES times.
 *
 * Every row names its holder (`holder`): a change claims the new time under a
 * new holder and releases the old one only once the new one is held.
 */
import type { CollectionConfig, Payload } from "payload";
import { HOURS_STEP } from "../../lib/work-hours";
import { NO_REQUEST } from "../access";
import { isUniqueViolation, sqlFor, type Sql } from "../drizzle";
import { CLAIM_SLUG } from "../names";
import { CARS_PER_DROP_OFF, type DropOffTime, type Team } from "./calendar";

/** How often a claim reads the free seats again after another claim took one of them first. */
export const CLAIM_TRIES = 8;

/** The places, open to no request: the plugin's code claims and frees them. */
export const claimCollection: CollectionConfig = {
  slug: CLAIM_SLUG,
  labels: { singular: "Plass i timeboka", plural: "Plasser i timeboka" },
  access: NO_REQUEST,
  admin: { hidden: true },
  graphQL: false,
  disableDuplicate: true,
  fields: [
    { name: "day", type: "text", required: true },
    { name: "place", type: "text", required: true },
    { name: "seat", type: "number", required: true },
    { name: "holder", type: "text", required: true, index: true },
  ],
  indexes: [{ fields: ["day", "place", "seat"], unique: true }],
};

/** What a booking asks of its day: its drop-off time, and its team's hours against that day's capacity. */
export interface Wanted {
  day: string;
  time: DropOffTime;
  team: Team;
  hours: number;
  /** the team's capacity that day, in hours */
  capacity: number;
}

type Column = unknown;
interface ClaimsTable {
  day: Column;
  place: Column;
  seat: Column;
  holder: Column;
}
interface Row {
  day: string;
  place: string;
  seat: number;
}

const carPlace = (time: DropOffTime) => `car ${time}`;
const hoursPlace = (team: Team) => `hours ${team}`;

function claimsSql(payload: Payload): Sql<ClaimsTable, Row> {
  const sql = sqlFor<ClaimsTable, Row>(payload, "booking_claims");
  if (!sql) throw new Error("The calendar needs Payload's SQLite or PostgreSQL adapter");
  return sql;
}

/** The first `count` seats from 1 to `last` that `taken` does not hold; fewer when there are not so many. */
function freeSeats(taken: ReadonlySet<number>, last: number, count: number): number[] {
  const seats: number[] = [];
  for (let seat = 1; seat <= last && seats.length < count; seat++) if (!taken.has(seat)) seats.push(seat);
  return seats;
}

/**
 * Claims `wanted` for `holder`: a car's seat at its drop-off time and its
 * hours of its team's day. Returns whether it is held: false when the time
 * or the day is full (or, after CLAIM_TRIES, always taken by others first).
 */
export async function claimTime(payload: Payload, holder: string, wanted: Wanted): Promise<boolean> {
  const { drizzle, table, op } = claimsSql(payload);
  const car = carPlace(wanted.time);
  const hours = hoursPlace(wanted.team);
  const units = Math.round(wanted.hours / HOURS_STEP);
  for (let tries = 0; tries < CLAIM_TRIES; tries++) {
    const held = await drizzle
      .select({ place: table.place, seat: table.seat })
      .from(table)
      .where(op.and(op.equals(table.day, wanted.day), op.in(table.place, [car, hours])));
    const taken = (place: string) => new Set(held.filter((row) => row.place === place).map((row) => row.seat));
    const seat = freeSeats(taken(car), CARS_PER_DROP_OFF, 1);
    const hourSeats = freeSeats(taken(hours), Math.floor(wanted.capacity / HOURS_STEP), units);
    if (seat.length < 1 || hourSeats.length < units) return false;
    const rows = [
      { day: wanted.day, place: car, seat: seat[0], holder },
      ...hourSeats.map((unit) => ({ day: wanted.day, place: hours, seat: unit, holder })),
    ];
    try {
      await drizzle.insert(table).values(rows);
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return false;
}

/** Frees every place `holder` holds. */
export async function releaseTime(payload: Payload, holder: string): Promise<void> {
  const { drizzle, table, op } = claimsSql(payload);
  await drizzle.delete(table).where(op.equals(table.holder, holder));
}

/** What a day holds: the cars at each drop-off time, and each team's booked hours. */
export interface Held {
  cars: Partial<Record<DropOffTime, number>>;
  hours: Partial<Record<Team, number>>;
}

/** What each of `days` holds, by day; a day that holds nothing is left out. */
export async function heldOn(payload: Payload, days: readonly string[]): Promise<Map<string, Held>> {
  const { drizzle, table, op } = claimsSql(payload);
  const rows = days.length
    ? await drizzle
        .select({ day: table.day, place: table.place, seat: table.seat })
        .from(table)
        .where(op.in(table.day, [...days]))
    : [];
  const byDay = new Map<string, Held>();
  for (const { day, place } of rows) {
    let held = byDay.get(day);
    if (!held) byDay.set(day, (held = { cars: {}, hours: {} }));
    const [kind, name] = place.split(" ") as ["car" | "hours", string];
    if (kind === "car") held.cars[name as DropOffTime] = (held.cars[name as DropOffTime] ?? 0) + 1;
    else held.hours[name as Team] = (held.hours[name as Team] ?? 0) + HOURS_STEP;
  }
  return byDay;
}
