"use client";
/**
 * What staff do with a booked drop-off in the Timebok: `Flytt` to one of the
 * free times (then `Flytt hit`), `Avbestill` (then `Ja, avbestill`), or
 * `Møtte ikke` once its time has passed. Each is one staff call (the
 * customer gets the e-mail and the calendar file); the page is then read
 * again, and what the call said stays in the line's live region.
 */
import { Button } from "@payloadcms/ui";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { TIMEBOOK_PATHS } from "../../../lib/api/timebook";
import { Message } from "../case-answer/form-parts";
import { staffCall, type Said } from "../shared/staff-call";
import styles from "./Timebook.module.css";

interface Props {
  id: number | string;
  /** the drop-off in words, for the buttons' accessible names */
  label: string;
  /** whether it is still booked (neither cancelled nor marked `Møtte ikke`): only then are there buttons */
  booked: boolean;
  /** whether its time has passed (`Møtte ikke` is offered then) */
  passed: boolean;
  /** the free times it may move to */
  moves: { at: string; label: string }[];
}

export function DropOffActions({ id, label, booked, passed, moves }: Props) {
  const router = useRouter();
  const selectId = useId();
  const [open, setOpen] = useState<"move" | "cancel">();
  const [at, setAt] = useState(moves[0]?.at ?? "");
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>();

  async function call(path: string, body: unknown = {}) {
    setBusy(true);
    setSaid(undefined);
    const answer = await staffCall(path, body);
    setBusy(false);
    setSaid(answer.said);
    if (answer.said.ok) {
      setOpen(undefined);
      router.refresh();
    }
  }

  if (!booked) {
    return (
      <div className={styles.actions}>
        <Message said={said} />
      </div>
    );
  }
  return (
    <div className={styles.actions}>
      <div className={styles.buttons}>
        {moves.length > 0 && (
          <Button buttonStyle="secondary" size="small" aria-expanded={open === "move"} onClick={() => setOpen("move")}>
            Flytt <span className={styles.hidden}>{label}</span>
          </Button>
        )}
        <Button
          buttonStyle="secondary"
          size="small"
          aria-expanded={open === "cancel"}
          onClick={() => setOpen("cancel")}
        >
          Avbestill <span className={styles.hidden}>{label}</span>
        </Button>
        {passed && (
          <Button buttonStyle="secondary" size="small" disabled={busy} onClick={() => call(TIMEBOOK_PATHS.noShow(id))}>
            Møtte ikke <span className={styles.hidden}>{label}</span>
          </Button>
        )}
      </div>
      {open === "move" && (
        <div className={styles.panel}>
          <label htmlFor={selectId}>Ny tid</label>
          <select id={selectId} value={at} onChange={(event) => setAt(event.target.value)}>
            {moves.map((time) => (
              <option key={time.at} value={time.at}>
                {time.label}
              </option>
            ))}
          </select>
          <Button size="small" disabled={busy} onClick={() => call(TIMEBOOK_PATHS.move(id), { at })}>
            Flytt hit
          </Button>
        </div>
      )}
      {open === "cancel" && (
        <div className={styles.panel}>
          <p>Kunden får en e-post om at timen er avbestilt.</p>
          <Button size="small" disabled={busy} onClick={() => call(TIMEBOOK_PATHS.cancel(id))}>
            Ja, avbestill
          </Button>
          <Button buttonStyle="secondary" size="small" onClick={() => setOpen(undefined)}>
            Nei
          </Button>
        </div>
      )}
      <Message said={said} />
    </div>
  );
}
