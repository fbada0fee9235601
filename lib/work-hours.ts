/**
 * Work hours, as the workshop's calendar books them: a service's hours for a
 * small car stand beside its price (content/services.json), and a job takes
 * each service's hours times the car size's factor, rounded up to HOURS_STEP.
 */

/** The step work hours are written in and rounded up to. */
export const HOURS_STEP = 0.5;

/** Rounds `hours` up to HOURS_STEP, ignoring the last digits that floating point adds. */
const roundUp = (hours: number) => Math.ceil(Math.round((hours / HOURS_STEP) * 1e6) / 1e6) * HOURS_STEP;

/** A job's work hours: each service's hours for a small car times the size's factor, rounded up to HOURS_STEP, added up. */
export const jobHours = (serviceHours: readonly number[], factor: number): number =>
  serviceHours.reduce((sum, hours) => sum + roundUp(hours * factor), 0);
