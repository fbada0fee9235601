import { useEffect, useRef, useState } from "react";
import type { FreeTime } from "@/lib/api/booking-times";
import type { BookedTimeRequest } from "@/lib/api/schemas";
import { chosenIds, type StoredSelection } from "@/lib/calculator/storage";
import { needsEarlyStart } from "@/lib/withdrawal";
import type { TimeChoice } from "./TimePicker";
import { useFreeTimes, type DetailingJob } from "./useFreeTimes";

/** The job to book a time for: the calculator's services and size, when it handed over both (with the services' ids). */
export function jobOf(selection: StoredSelection | null | undefined): DetailingJob | undefined {
  if (!selection?.size) return undefined;
  const services = chosenIds(selection);
  return services?.length ? { services, size: selection.size } : undefined;
}

/**
 * The time the visitor books for `job` (the calculator's choice, or a booked
 * job moved to another time): the free times for it, the chosen one and the
 * early-start box (required, with `earlyStartRequired`, for a time within the
 * withdrawal period). No job (no choice handed over, no size), no times: the
 * booking goes without one.
 */
export function useBookingTime(job: DetailingJob | undefined, earlyStartRequired: string) {
  const { state, drop } = useFreeTimes(job);
  const [chosen, setChosen] = useState<string>();
  const [earlyStart, setEarlyStartState] = useState(false);
  const [earlyError, setEarlyError] = useState<string>();
  const [taken, setTaken] = useState<FreeTime[]>();
  const earlyRef = useRef<HTMLInputElement>(null);
  const firstTimeRef = useRef<HTMLInputElement>(null);

  const early = chosen !== undefined && needsEarlyStart(chosen);
  const choice: TimeChoice = {
    chosen,
    choose: (at) => {
      setChosen(at);
      setEarlyError(undefined);
    },
    earlyStart,
    setEarlyStart: (ticked) => {
      setEarlyStartState(ticked);
      setEarlyError(undefined);
    },
    early,
    earlyError,
  };

  /** Whether the time may be sent as it is; if not, says why under the box. */
  const check = (): boolean => {
    const missing = early && !earlyStart;
    setEarlyError(missing ? earlyStartRequired : undefined);
    return !missing;
  };

  /** What the booking sends for its time, or undefined without one. */
  const request = (): BookedTimeRequest | undefined =>
    job && chosen ? { services: job.services, size: job.size, at: chosen, earlyStart: early && earlyStart } : undefined;

  /** The chosen time was taken meanwhile: it leaves the list, and the nearest free times are offered instead. */
  const wasTaken = (nearest: FreeTime[]) => {
    if (chosen) drop(chosen);
    setChosen(undefined);
    setTaken(nearest);
  };
  // the nearest free times take the focus once they are on the page
  useEffect(() => {
    if (taken) firstTimeRef.current?.focus();
  }, [taken]);

  return {
    /** whether the page offers times at all (a job was handed over) */
    offered: job !== undefined,
    state,
    choice,
    taken,
    check,
    request,
    wasTaken,
    earlyRef,
    firstTimeRef,
    /** what the TimePicker shows and does */
    picker: { state, taken, onShowAll: () => setTaken(undefined), choice, earlyRef, firstTimeRef },
  };
}
