/**
 * The dates staff set in the admin (CALENDAR_DAY_SLUG): a date the workshop
 * is closed (`Stengt`), or a team's work hours that day other than its
 * default (DEFAULT_CAPACITY_HOURS).
 */
import type { CollectionConfig, Payload } from "payload";
import { isDay } from "../../lib/api/case-link";
import { isStaff } from "../access";
import { CALENDAR_DAY_SLUG } from "../names";
import { DEFAULT_CAPACITY_HOURS, TEAMS, type Team } from "./calendar";

/** The most work hours a team can be given on one day. */
const MAX_DAY_HOURS = 24 * 4;

const TEAM_LABELS: Record<Team, string> = { detailing: "Detailing", verksted: "Verksted" };
/** The field of a team's hours on a date. */
const hoursField = (team: Team) => `${team}Hours` as const;

export const calendarDayCollection: CollectionConfig = {
  slug: CALENDAR_DAY_SLUG,
  labels: { singular: "Dag i timeboka", plural: "Dager i timeboka" },
  access: { create: isStaff, read: isStaff, update: isStaff, delete: isStaff },
  admin: {
    useAsTitle: "day",
    defaultColumns: ["day", "closed", ...TEAMS.map(hoursField)],
    description: "Datoer verkstedet er stengt, eller har andre timer enn vanlig.",
  },
  defaultSort: "day",
  graphQL: false,
  fields: [
    {
      name: "day",
      label: "Dato",
      type: "text",
      required: true,
      unique: true,
      admin: { description: "ÅÅÅÅ-MM-DD, f.eks. 2026-12-24" },
      validate: (value: unknown) =>
        typeof value === "string" && isDay(value) ? true : "Skriv datoen som ÅÅÅÅ-MM-DD, f.eks. 2026-12-24",
    },
    { name: "closed", label: "Stengt", type: "checkbox", defaultValue: false },
    ...TEAMS.map((team) => ({
      name: hoursField(team),
      label: `Kapasitet (timer), ${TEAM_LABELS[team]}`,
      type: "number" as const,
      min: 0,
      max: MAX_DAY_HOURS,
      admin: { description: `Tomt: ${DEFAULT_CAPACITY_HOURS[team]} timer, som vanlig` },
    })),
  ],
};

/** What staff set for one date. */
export interface DaySetting {
  closed: boolean;
  capacity: Partial<Record<Team, number>>;
}

/** What staff set for the dates from `first` to `last`, by date; a date with nothing set is left out. */
export async function daySettings(payload: Payload, first: string, last: string): Promise<Map<string, DaySetting>> {
  const { docs } = await payload.find({
    collection: CALENDAR_DAY_SLUG,
    where: { and: [{ day: { greater_than_equal: first } }, { day: { less_than_equal: last } }] },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  });
  return new Map(
    docs.map((doc) => {
      const capacity: DaySetting["capacity"] = {};
      for (const team of TEAMS) {
        const hours = doc[hoursField(team)];
        if (typeof hours === "number") capacity[team] = hours;
      }
      return [doc.day, { closed: Boolean(doc.closed), capacity }];
    }),
  );
}
