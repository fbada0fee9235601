"use client";
/**
 * A day's own hours per team and `Stengt`, in the Timebok: `Endre dagen`
 * opens the fields (an empty field: as usual for the weekday), `Lagre dagen`
 * stores them with one staff call, and the page is read again.
 */
import { Button } from "@payloadcms/ui";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { MAX_DAY_HOURS, TIMEBOOK_PATHS } from "../../../lib/api/timebook";
import { Message } from "../case-answer/form-parts";
import { staffCall, type Said } from "../shared/staff-call";
import styles from "./Timebook.module.css";

const TEAMS = [
  { team: "detailing", label: "Detailing", field: "detailingHours" },
  { team: "verksted", label: "Verksted", field: "verkstedHours" },
] as const;

interface Props {
  day: string;
  /** the day in words */
  label: string;
  closed: boolean;
  /** each team's own hours that day; null: as usual for the weekday */
  hours: Partial<Record<(typeof TEAMS)[number]["team"], number | null>>;
}

export function DaySettingForm({ day, label, closed, hours }: Props) {
  const router = useRouter();
  const id = useId();
  const [isClosed, setClosed] = useState(closed);
  const [values, setValues] = useState(() =>
    Object.fromEntries(TEAMS.map(({ team }) => [team, hours[team] == null ? "" : String(hours[team])])),
  );
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>();

  async function save() {
    const number = (text: string) => (text.trim() === "" ? null : Number(text.replace(",", ".")));
    setBusy(true);
    const answer = await staffCall(TIMEBOOK_PATHS.day, {
      day,
      closed: isClosed,
      detailingHours: number(values.detailing ?? ""),
      verkstedHours: number(values.verksted ?? ""),
    });
    setBusy(false);
    setSaid(answer.said);
    if (answer.said.ok) router.refresh();
  }

  return (
    <details className={styles.dayForm}>
      <summary>
        Endre dagen <span className={styles.hidden}>{label}</span>
      </summary>
      <div className={styles.panel}>
        <label className={styles.check}>
          <input type="checkbox" checked={isClosed} onChange={(event) => setClosed(event.target.checked)} />
          Stengt
        </label>
        {TEAMS.map(({ team, label: teamLabel }) => (
          <div key={team} className={styles.hoursField}>
            <label htmlFor={`${id}-${team}`}>Kapasitet (timer), {teamLabel}</label>
            <input
              id={`${id}-${team}`}
              type="number"
              inputMode="decimal"
              min={0}
              max={MAX_DAY_HOURS}
              step={0.5}
              placeholder="Som vanlig"
              value={values[team]}
              onChange={(event) => setValues((now) => ({ ...now, [team]: event.target.value }))}
            />
          </div>
        ))}
        <Button size="small" disabled={busy} onClick={save}>
          Lagre dagen
        </Button>
        <Message said={said} />
      </div>
    </details>
  );
}
