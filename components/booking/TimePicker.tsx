"use client";

import { useEffect, useRef, useState, type RefObject } from "react";
import { FieldError } from "@/components/ui/FieldError";
import type { FreeTime } from "@/lib/api/booking-times";
import type { Strings } from "@/lib/content/strings-schema";
import { fill, momentParts } from "@/lib/format";
import type { FreeTimesState } from "./useFreeTimes";
import styles from "./TimePicker.module.css";

/** How many days the list shows at first, and how many more each `Vis flere dager` adds. */
const DAYS_AT_A_TIME = 5;

/** The times grouped by their Oslo day, in order. */
function byDay(times: readonly FreeTime[]): { day: string; times: FreeTime[] }[] {
  const days: { day: string; times: FreeTime[] }[] = [];
  for (const time of times) {
    const last = days.at(-1);
    if (last?.day === time.day) last.times.push(time);
    else days.push({ day: time.day, times: [time] });
  }
  return days;
}

export interface TimeChoice {
  /** the chosen time's moment, or undefined while none is chosen */
  chosen: string | undefined;
  choose: (at: string) => void;
  earlyStart: boolean;
  setEarlyStart: (ticked: boolean) => void;
  /** whether the chosen time needs the early-start box */
  early: boolean;
  earlyError?: string;
}

/** The booking form's words for its free times. */
export type TimePickerStrings = Pick<
  Strings["booking"],
  "timesHeading" | "timesLegend" | "timeOption" | "moreDays" | "timesLoading" | "noTimes" | "timesFailed" | "timeTaken"
>;

interface Props {
  id: string;
  strings: TimePickerStrings;
  /** the early-start box's text, the same as the offer's */
  earlyStartText: string;
  state: FreeTimesState;
  /** the nearest free times, after the time the visitor chose was taken meanwhile */
  taken: FreeTime[] | undefined;
  /** the list again, after the nearest times */
  onShowAll: () => void;
  choice: TimeChoice;
  earlyRef: RefObject<HTMLInputElement | null>;
  firstTimeRef: RefObject<HTMLInputElement | null>;
}

/** The early-start box, under the times, when the chosen time falls within the withdrawal period. */
function EarlyStart({
  id,
  text,
  choice,
  earlyRef,
}: {
  id: string;
  text: string;
  choice: TimeChoice;
  earlyRef: Props["earlyRef"];
}) {
  const errorId = `${id}-early-error`;
  return (
    <div className={styles.early}>
      <label className={styles.earlyChoice}>
        <input
          ref={earlyRef}
          type="checkbox"
          checked={choice.earlyStart}
          onChange={(e) => choice.setEarlyStart(e.target.checked)}
          aria-invalid={choice.earlyError ? true : undefined}
          aria-describedby={choice.earlyError ? errorId : undefined}
        />
        <span>{text}</span>
      </label>
      <FieldError id={errorId} text={choice.earlyError} />
    </div>
  );
}

/** How many days are shown; `grow` shows DAYS_AT_A_TIME more and puts the focus on the first of them. */
function useGrowingList() {
  const [shownDays, setShownDays] = useState(DAYS_AT_A_TIME);
  const firstNewDay = useRef<HTMLFieldSetElement>(null);
  const grew = useRef(false);
  useEffect(() => {
    if (!grew.current) return;
    grew.current = false;
    firstNewDay.current?.querySelector("input")?.focus();
  }, [shownDays]);
  const grow = () => {
    grew.current = true;
    setShownDays((n) => n + DAYS_AT_A_TIME);
  };
  return { shownDays, firstNewDay, grow };
}

/**
 * `Velg tidspunkt`: the free drop-off times as one radio group, `Når vil du
 * levere bilen?`, with a group for each day (`tirsdag 8. desember`) and a
 * radio for each time (`kl. 07:30`); the first days at once, more on
 * `Vis flere dager`. After a time was taken meanwhile, the nearest free
 * times instead, under the words that say so. While the times are fetched,
 * when none is free, or when they could not be fetched, a line says so (the
 * request is then sent without a time, and the workshop calls).
 */
export function TimePicker({
  id,
  strings,
  earlyStartText,
  state,
  taken,
  onShowAll,
  choice,
  earlyRef,
  firstTimeRef,
}: Props) {
  const { shownDays, firstNewDay, grow } = useGrowingList();
  const times = taken ?? (state.status === "ready" ? state.times : []);
  const days = byDay(times);
  const visible = taken ? days : days.slice(0, shownDays);
  const more = taken !== undefined || days.length > shownDays;
  const showMore = () => {
    if (taken) return onShowAll();
    grow();
  };

  let notice: string | undefined;
  if (state.status === "loading") notice = strings.timesLoading;
  else if (state.status === "failed") notice = strings.timesFailed;
  else if (times.length === 0) notice = strings.noTimes;

  return (
    <section className={styles.picker} aria-labelledby={`${id}-times-heading`}>
      <h3 id={`${id}-times-heading`} className={styles.heading}>
        {strings.timesHeading}
      </h3>
      {taken && (
        <p role="alert" className={styles.taken}>
          {strings.timeTaken}
        </p>
      )}
      {notice ? (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      ) : (
        <fieldset className={styles.times}>
          <legend className={styles.legend}>{strings.timesLegend}</legend>
          {visible.map(({ day, times: dayTimes }, index) => (
            <fieldset
              key={day}
              className={styles.day}
              ref={index === shownDays - DAYS_AT_A_TIME ? firstNewDay : undefined}
            >
              <legend className={styles.dayName}>{momentParts(dayTimes[0]!.at).date}</legend>
              <div className={styles.slots}>
                {dayTimes.map((time, i) => (
                  <label key={time.at} className={styles.slot}>
                    <input
                      ref={index === 0 && i === 0 ? firstTimeRef : undefined}
                      type="radio"
                      name={`${id}-time`}
                      value={time.at}
                      checked={choice.chosen === time.at}
                      onChange={() => choice.choose(time.at)}
                    />
                    <span>{fill(strings.timeOption, { time: time.time })}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </fieldset>
      )}
      {more && !notice && (
        <button type="button" className={styles.more} onClick={showMore}>
          {strings.moreDays}
        </button>
      )}
      {choice.early && <EarlyStart id={id} text={earlyStartText} choice={choice} earlyRef={earlyRef} />}
    </section>
  );
}
