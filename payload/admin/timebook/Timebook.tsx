/**
 * `Timebok`: the workshop's week in the admin (`/admin/timebok?uke=<dato>`),
 * for staff. Each day says whether it takes cars, each team's hours booked
 * beside its capacity, and lists its drop-offs: the time, the job, the
 * customer as `tel:` and `mailto:` links, and what became of it; staff move
 * or cancel a booking (the customer gets the e-mail and the calendar file),
 * mark `Møtte ikke`, and change the day's hours or `Stengt`.
 */
import { Gutter } from "@payloadcms/ui";
import { DefaultTemplate } from "@payloadcms/next/templates";
import { redirect } from "next/navigation";
import type { AdminViewServerProps } from "payload";
import { formatAdminURL } from "payload/shared";
import { isDay } from "../../../lib/api/case-link";
import { formatHours, formatMoment, formatPrice, mailtoHref, momentParts, telHref } from "../../../lib/format";
import { addDays, osloToday } from "../../../lib/oslo-time";
import { isStaffRequest } from "../../access";
import { WEEKDAYS, weekdayOf, type Team } from "../../booking/calendar";
import { loadServices, loadSite } from "../../content";
import { TIMEBOOK_PATH } from "../../names";
import { timebookWeek, type TimebookDay, type TimebookDropOff } from "../../operations/timebook";
import { DaySettingForm } from "./DaySettingForm";
import { DropOffActions } from "./DropOffActions";
import styles from "./Timebook.module.css";

/** The query's key for the week shown: any date in it. */
const WEEK_PARAM = "uke";

const TEAM_NAMES: Record<Team, string> = { detailing: "Detailing", verksted: "Verksted" };
const STATES: Record<Exclude<TimebookDropOff["state"], "booked">, string> = {
  cancelled: "Avbestilt",
  noShow: "Møtte ikke",
};

/** The Monday of the week `day` is in. */
const mondayOf = (day: string) => addDays(day, -WEEKDAYS.indexOf(weekdayOf(day)));

/** `tirsdag 8. desember` for a day on Oslo's calendar. */
const dayName = (day: string) => momentParts(`${day}T12:00:00Z`).date;

export async function Timebook({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const { req, permissions, visibleEntities, locale } = initPageResult;
  const { payload, user } = req;
  const url = (path: `/${string}`) =>
    formatAdminURL({ adminRoute: payload.config.routes.admin, path, serverURL: "", relative: true });
  if (!user || !isStaffRequest(req)) redirect(url(`/login?redirect=${encodeURIComponent(url(TIMEBOOK_PATH))}`));
  const asked = searchParams?.[WEEK_PARAM];
  const monday = mondayOf(typeof asked === "string" && isDay(asked) ? asked : osloToday());
  const days = await timebookWeek(payload, { site: loadSite(), services: loadServices() }, monday);
  const week = (day: string) => url(`${TIMEBOOK_PATH}?${WEEK_PARAM}=${day}` as `/${string}`);
  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={locale}
      params={params}
      payload={payload}
      permissions={permissions}
      searchParams={searchParams}
      user={user ?? undefined}
      visibleEntities={visibleEntities}
    >
      <Gutter className={styles.page}>
        <h1 className={styles.title}>Timebok</h1>
        <nav className={styles.weeks} aria-label="Uker">
          <a href={week(addDays(monday, -7))}>← Forrige uke</a>
          <span aria-current="page">
            {dayName(monday)} – {dayName(addDays(monday, 6))}
          </span>
          <a href={week(addDays(monday, 7))}>Neste uke →</a>
          <a href={week(osloToday())}>Denne uken</a>
        </nav>
        {days.map((day) => (
          <Day key={day.day} day={day} />
        ))}
      </Gutter>
    </DefaultTemplate>
  );
}

/** What a day is: a holiday, closed, not a weekday that takes cars, or open with each team's hours. */
function dayState(day: TimebookDay): string | undefined {
  if (day.holiday) return `Helligdag: ${day.holiday}`;
  if (day.closed) return "Stengt";
  if (!day.openWeekday) return "Stengt etter åpningstidene";
  return undefined;
}

function Day({ day }: { day: TimebookDay }) {
  const headingId = `day-${day.day}`;
  const state = dayState(day);
  return (
    <section className={styles.day} aria-labelledby={headingId}>
      <div className={styles.dayHead}>
        <h2 id={headingId} className={styles.dayName}>
          {dayName(day.day)}
        </h2>
        {state ? (
          <p className={styles.closed}>{state}</p>
        ) : (
          <ul className={styles.load} aria-label="Kapasitet (timer)">
            {day.teams.map(({ team, capacity, booked }) => (
              <li key={team} className={booked >= capacity ? styles.full : undefined}>
                {TEAM_NAMES[team]}: {formatHours(booked)} av {formatHours(capacity)} timer
              </li>
            ))}
          </ul>
        )}
      </div>
      {day.dropOffs.length > 0 && (
        <ul className={styles.dropOffs} aria-label={`Levering ${dayName(day.day)}`}>
          {day.dropOffs.map((dropOff) => (
            <DropOff key={dropOff.id} dropOff={dropOff} />
          ))}
        </ul>
      )}
      {!day.holiday && day.openWeekday && (
        <DaySettingForm
          day={day.day}
          label={dayName(day.day)}
          closed={day.closed}
          hours={Object.fromEntries(day.teams.map(({ team, capacity, own }) => [team, own ? capacity : null]))}
        />
      )}
    </section>
  );
}

function DropOff({ dropOff }: { dropOff: TimebookDropOff }) {
  const gone = dropOff.state !== "booked";
  return (
    <li className={gone ? `${styles.dropOff} ${styles.gone}` : styles.dropOff}>
      <p className={styles.clock}>
        kl. {dropOff.dropOff}
        {gone && <span className={styles.state}>{STATES[dropOff.state as keyof typeof STATES]}</span>}
      </p>
      <div className={styles.job}>
        <p>{dropOff.titles.join(", ")}</p>
        <p className={styles.muted}>
          {dropOff.size} · {formatHours(dropOff.hours)} timer · {formatPrice(dropOff.price)}
        </p>
      </div>
      <p className={styles.customer}>
        <a href={telHref(dropOff.phone)}>{dropOff.phone}</a>
        <a href={mailtoHref(dropOff.email)}>{dropOff.email}</a>
      </p>
      {/* there for a cancelled one too: what the last call said stays on screen */}
      <DropOffActions
        id={dropOff.id}
        label={`kl. ${dropOff.dropOff}, ${dropOff.email}`}
        booked={!gone}
        passed={dropOff.passed}
        moves={dropOff.moves.map((time) => ({ at: time.at, label: formatMoment(time.at) }))}
      />
    </li>
  );
}
