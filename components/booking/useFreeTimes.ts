import { useEffect, useState } from "react";
import type { FreeTime } from "@/lib/api/booking-times";
import { loadFreeTimes } from "@/lib/api/transport";
import type { ServiceId } from "@/lib/calculator/ids";

/** The job the calculator handed over, as the calendar prices it in hours: its services on a car of `size`. */
export interface DetailingJob {
  services: ServiceId[];
  size: string;
}

/** The free times while they are fetched, once they are (none free is an empty list), or when they could not be. */
export type FreeTimesState = { status: "loading" } | { status: "ready"; times: FreeTime[] } | { status: "failed" };

/** How long the free times may take before the page says it could not fetch them (the request goes without a time). */
const TIMES_TIMEOUT_MS = 15_000;

/**
 * The free drop-off times for `job`, fetched once for each job (a failure
 * is not tried again: the booking then goes without a time, and the
 * workshop calls); nothing is fetched without a job. `drop` takes a time out
 * of the list, when a booking found it taken.
 */
export function useFreeTimes(job: DetailingJob | undefined) {
  // the job by value: a new array with the same services is the same job
  const services = job?.services.join(",");
  const size = job?.size;
  const key = `${services}|${size}`;
  // what came back, and for which job: an answer for another job is still loading for this one
  const [answer, setAnswer] = useState<{ key: string; state: FreeTimesState }>();
  useEffect(() => {
    if (services === undefined || size === undefined) return;
    // one try: the page leaving, a new job or TIMES_TIMEOUT_MS without an answer ends it
    const stop = new AbortController();
    let left = false;
    const timer = setTimeout(() => stop.abort(), TIMES_TIMEOUT_MS);
    const settle = (state: FreeTimesState) => !left && setAnswer({ key: `${services}|${size}`, state });
    loadFreeTimes(services.split(","), size, fetch, stop.signal)
      .then(
        ({ times }) => settle({ status: "ready", times }),
        () => settle({ status: "failed" }),
      )
      .finally(() => clearTimeout(timer));
    return () => {
      left = true;
      stop.abort();
    };
  }, [services, size]);
  const state: FreeTimesState = answer?.key === key ? answer.state : { status: "loading" };
  const drop = (at: string) =>
    setAnswer((now) =>
      now?.state.status === "ready"
        ? { key: now.key, state: { status: "ready", times: now.state.times.filter((time) => time.at !== at) } }
        : now,
    );
  return { state, drop };
}
