/**
 * What staff set of the calendar in the admin: each weekday's work hours
 * per team (CALENDAR_WEEK_SLUG, a global), and the dates that differ
 * (CALENDAR_DAY_SLUG): a date the workshop is closed (`Stengt`), or a team's
 * work hours that day. A team's hours on a date are the date's, else its
 * weekday's, else its default (DEFAULT_CAPACITY_HOURS).
 */
import type { CollectionConfig, GlobalConfig, Payload } from "payload";
import { isDay } from "../../lib/api/case-link";
import { MAX_DAY_HOURS } from "../../lib/api/timebook";
import { isStaff } from "../access";
import { CALENDAR_DAY_SLUG, CALENDAR_WEEK_SLUG } from "../names";
import { DEFAULT_CAPACITY_HOURS, TEAMS, WEEKDAYS, type Team, type Weekday } from "./calendar";

const TEAM_LABELS: Record<Team, string> = { detailing: "Detailing", verksted: "Verksted" };
/** The field of a team's hours on a date. */
const hoursField = (team: Team) => `${team}Hours` as const;

const WEEKDAY_LABELS: Record<Weekday, string> = {
  Mo: "Mandag",
  Tu: "Tirsdag",
  We: "Onsdag",
  Th: "Torsdag",
  Fr: "Fredag",
  Sa: "Lørdag",
  Su: "Søndag",
};

/** A team's hours on a day, `description` saying what an empty field means. */
const capacityField = (team: Team, description: string) => ({
  name: hoursField(team),
  label: `Kapasitet (timer), ${TEAM_LABELS[team]}`,
  type: "number" as const,
  min: 0,
  max: MAX_DAY_HOURS,
  admin: { description },
});

export const calendarWeekGlobal: GlobalConfig = {
  slug: CALENDAR_WEEK_SLUG,
  label: "Kapasitet per ukedag",
  access: { read: isStaff, update: isStaff },
  admin: {
    // one page, without the tabs of Payload's other views of it (its API view is for developers)
    hideAPIURL: true,
    components: { views: { edit: { default: { tab: { condition: () => false } } } } },
    description:
      "Timene hvert lag har de vanlige ukedagene. En dato med egne timer under Dager i timeboka går foran. Dager verkstedet holder stengt etter åpningstidene, tar ingen bestillinger uansett.",
  },
  graphQL: false,
  fields: WEEKDAYS.map((weekday) => ({
    name: weekday,
    label: WEEKDAY_LABELS[weekday],
    type: "group" as const,
    fields: [
      {
        type: "row" as const,
        fields: TEAMS.map((team) => capacityField(team, `Tomt: ${DEFAULT_CAPACITY_HOURS[team]} timer`)),
      },
    ],
  })),
};

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
    ...TEAMS.map((team) => capacityField(team, "Tomt: som vanlig for ukedagen")),
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

/** Each weekday's work hours per team as staff set them; a team left empty on a weekday is left out. */
export async function weekSettings(payload: Payload): Promise<Map<Weekday, Partial<Record<Team, number>>>> {
  const week = await payload.findGlobal({ slug: CALENDAR_WEEK_SLUG, depth: 0, overrideAccess: true });
  return new Map(
    WEEKDAYS.map((weekday) => {
      const capacity: Partial<Record<Team, number>> = {};
      for (const team of TEAMS) {
        const hours = week[weekday]?.[hoursField(team)];
        if (typeof hours === "number") capacity[team] = hours;
      }
      return [weekday, capacity];
    }),
  );
}
