/**
 * The loop: when the plugin's queue (QUEUE) runs in a process, and the runs
 * themselves, in place of Payload's `autoRun`:
 *
 *   - each process runs it where Payload would run its job crons (../plugin.ts
 *     starts it from the app's `jobs.autoRun`, which Payload reads only where
 *     crons are wanted: `getPayload({ cron: true })`, a request, Next's
 *     start), every `intervalMs` (JOBS_INTERVAL_SECONDS, ../cron.ts), while
 *     the app's `jobs.shouldAutoRun` says yes; `runQueue` is the same run,
 *     for whatever else means to run the queue;
 *   - a job queued with `queueJob` runs at once: the process that queued it
 *     runs the queue as soon as the request's transaction has ended, so a
 *     case's e-mails leave within moments; the interval's runs are the safety
 *     net for a job that run missed (another process queued it, a crash);
 *   - a run first queues the hourly cleanup when its hour has come (Payload's
 *     schedule); then it gives back the abandoned jobs and claims due ones
 *     (./claim.ts), and runs only the ones it got, with Payload's `runByID`,
 *     while the next runs go on;
 *   - a process takes only the tasks it can do: with e-mail off (no SMTP, no
 *     adapter) never a case's e-mails, which wait for a process that has it;
 *   - while a job runs, its process stamps it every HEARTBEAT_MS, so a slow
 *     send is never taken from a process that lives.
 */
import { Cron } from "croner";
import { _internal_jobSystemGlobals, type Payload, type PayloadRequest } from "payload";
import {
  BOOKING_CHANGE_TASK,
  CASE_EMAILS_TASK,
  CLEANUP_TASK,
  EVENT_EMAIL_TASK,
  LINK_EMAIL_TASK,
  QUEUE,
  REMINDER_TASK,
} from "../names";
import {
  LEASE_MS,
  claim,
  now,
  releaseAbandoned,
  sqlOf,
  stamp,
  type ID,
  type Row,
  type Running,
  type Sql,
} from "./claim";

/** How often each process runs the queue by itself unless JOBS_INTERVAL_SECONDS says otherwise. */
export const QUEUE_INTERVAL_MS = 5_000;
/** How often a process stamps the jobs it runs. */
export const HEARTBEAT_MS = 15_000;
/** The cron pattern of the loop's timer; its `interval` spaces the runs. */
const EVERY_SECOND = "* * * * * *";
/** How many jobs a process runs at once. */
const LIMIT = 10;

export interface QueueOptions {
  /** whether this process can send e-mail: without it, it never takes a case's e-mails */
  mailOn: boolean;
  /** default LEASE_MS */
  leaseMs?: number;
  /** default HEARTBEAT_MS */
  heartbeatMs?: number;
  /** the most jobs this process runs at once (default LIMIT) */
  limit?: number;
  /** how often the process runs the queue by itself (default QUEUE_INTERVAL_MS) */
  intervalMs?: number;
}

/** What each Payload instance's runs share: the jobs it runs now, and when each started. */
interface State {
  running: Map<ID, Running>;
  heartbeat?: ReturnType<typeof setInterval>;
  warned?: boolean;
}
const states = new WeakMap<Payload, State>();
const stateOf = (payload: Payload): State => {
  let state = states.get(payload);
  if (!state) states.set(payload, (state = { running: new Map() }));
  return state;
};

/** Runs one job this process claimed, stamped while it runs. */
async function runClaimed(payload: Payload, sql: Sql, job: Row, heartbeatMs: number): Promise<void> {
  const state = stateOf(payload);
  state.running.set(job.id, { task: job.taskSlug ?? "", since: now().getTime() });
  if (!state.heartbeat) {
    state.heartbeat = setInterval(() => void stamp(payload, sql, state.running), heartbeatMs);
    state.heartbeat.unref();
  }
  try {
    await payload.jobs.runByID({ id: job.id, overrideAccess: true });
  } catch (err) {
    // left `processing`: given back to the queue after the lease
    payload.logger.error({ err, job: job.id, msg: "A job of the plugin's queue could not be run" });
  } finally {
    state.running.delete(job.id);
    if (!state.running.size && state.heartbeat) {
      clearInterval(state.heartbeat);
      state.heartbeat = undefined;
    }
  }
}

/** The tasks a process with or without e-mail takes. */
const tasksFor = (mailOn: boolean) =>
  mailOn
    ? [CLEANUP_TASK, CASE_EMAILS_TASK, LINK_EMAIL_TASK, EVENT_EMAIL_TASK, REMINDER_TASK, BOOKING_CHANGE_TASK]
    : [CLEANUP_TASK];

/**
 * One run of the queue (see the module's comment) that does not wait for the
 * jobs it takes: `done` settles when they have run. With an adapter that has
 * no drizzle, Payload's own run (a job may then go to two processes at once).
 */
async function startRun(
  payload: Payload,
  options: QueueOptions & { schedule?: boolean },
): Promise<{ done: Promise<unknown> }> {
  const { mailOn, leaseMs = LEASE_MS, heartbeatMs = HEARTBEAT_MS, limit = LIMIT, schedule = true } = options;
  if (schedule && payload.config.jobs.scheduling) await payload.jobs.handleSchedules({ queue: QUEUE });
  const sql = sqlOf(payload);
  const state = stateOf(payload);
  if (!sql) {
    if (!state.warned) {
      state.warned = true;
      payload.logger.warn("The database adapter has no drizzle: the plugin's jobs run as Payload runs them");
    }
    return { done: payload.jobs.run({ queue: QUEUE, limit, where: { taskSlug: { in: tasksFor(mailOn) } } }) };
  }
  await releaseAbandoned(payload, sql, leaseMs);
  const room = limit - state.running.size;
  const jobs = room > 0 ? await claim(sql, tasksFor(mailOn), room, state.running) : [];
  return { done: Promise.all(jobs.map((job) => runClaimed(payload, sql, job, heartbeatMs))) };
}

/** Runs the plugin's queue once in this process and waits for the jobs it took; for an endpoint or a script. */
export async function runQueue(payload: Payload, options: QueueOptions): Promise<void> {
  await (
    await startRun(payload, options)
  ).done;
}

/** The running queues of this process: each Payload instance's, with what runs it once more at once. */
const runners = new WeakMap<Payload, { runSoon(): void }>();

/**
 * Starts running the plugin's queue in this process every `intervalMs`, as
 * Payload runs its autoRun crons (skipped while the app's
 * `jobs.shouldAutoRun` says no), and whenever `queueJob` queued a job here;
 * Payload's `destroy` stops it.
 */
export function startQueue(payload: Payload, options: QueueOptions): void {
  if (runners.has(payload)) return;
  const intervalMs = options.intervalMs ?? QUEUE_INTERVAL_MS;
  // one run at a time; a run asked for while one claims its jobs comes right after it, with the
  // schedule when either asked for it
  let running = false;
  let again: { withSchedule: boolean } | undefined;
  const run = async (withSchedule: boolean) => {
    if (running) {
      again = { withSchedule: withSchedule || Boolean(again?.withSchedule) };
      return;
    }
    running = true;
    try {
      const { scheduling, shouldAutoRun } = payload.config.jobs;
      // as Payload's crons: the schedule whatever `shouldAutoRun` says, then the jobs
      if (withSchedule && _internal_jobSystemGlobals.shouldAutoSchedule && scheduling)
        await payload.jobs.handleSchedules({ queue: QUEUE });
      if (!_internal_jobSystemGlobals.shouldAutoRun) return;
      if (typeof shouldAutoRun === "function" && !(await shouldAutoRun(payload))) return;
      const started = await startRun(payload, { ...options, schedule: false });
      // the jobs run on while the next runs come: one slow e-mail holds back no other
      started.done.catch((err: unknown) => payload.logger.error({ err, msg: "Error in the plugin's job queue" }));
    } catch (err) {
      // once stopped, the database may be closed under a run: that is no error
      if (!stopped()) payload.logger.error({ err, msg: "Error in the plugin's job queue runner" });
    } finally {
      running = false;
      const next = again;
      again = undefined;
      if (next && !stopped()) void run(next.withSchedule);
    }
  };
  // every `intervalMs`, in whole seconds (JOBS_INTERVAL_SECONDS), as Payload runs its autoRun crons
  const timer = new Cron(EVERY_SECOND, { interval: Math.max(1, Math.round(intervalMs / 1000)), protect: true }, () =>
    run(true),
  );
  const stopped = () => timer.isStopped();
  runners.set(payload, { runSoon: () => void (stopped() || run(false)) });
  // Payload's destroy stops its crons, this one among them
  payload.crons.push(timer);
}

/** Has this process's queue run once more at once, as after `queueJob`; nothing where this process does not run it. */
export function runQueueSoon(payload: Payload): void {
  runners.get(payload)?.runSoon();
}

/** How often `afterTransaction` looks whether a request's transaction has ended. */
const TRANSACTION_POLL_MS = 10;
/** How long `afterTransaction` waits for a transaction to end before it runs anyway. */
const TRANSACTION_WAIT_MS = 60_000;

/**
 * Calls `then` once `req`'s transaction has ended, committed or rolled back,
 * or at once when it has none; after TRANSACTION_WAIT_MS in any case. A
 * transaction is open while `req.transactionID` is an id (a string or a
 * number): Payload's commitTransaction and killTransaction delete it, a
 * transaction still starting is a promise of its id, and a database without
 * transactions leaves a promise of none (or, once a read has batched it,
 * some other value).
 */
function afterTransaction(req: PayloadRequest, then: () => void): void {
  const until = Date.now() + TRANSACTION_WAIT_MS;
  const check = () => {
    const id: unknown = req.transactionID;
    if (id instanceof Promise) void id.then((started) => (started && Date.now() < until ? check() : then()), then);
    else if ((typeof id === "string" || typeof id === "number") && Date.now() < until)
      setTimeout(check, TRANSACTION_POLL_MS).unref();
    else then();
  };
  setImmediate(check).unref();
}

/** The key of a case's jobs (their `concurrencyKey`): the runner takes each case's jobs in turn. */
export const caseKey = (collection: string, id: ID): string => `${collection}:${id}`;

/** A job the plugin queues from a request, by its task: what it is about, and its case's key (caseKey). */
export type QueuedJob =
  | { task: typeof CASE_EMAILS_TASK; input: { collection: string; id: ID } }
  | { task: typeof LINK_EMAIL_TASK; input: { link: ID; case: string } }
  | { task: typeof EVENT_EMAIL_TASK; input: { event: ID; case: string } }
  | { task: typeof REMINDER_TASK; input: { booking: ID; sequence: number; case: string }; waitUntil: Date }
  | { task: typeof BOOKING_CHANGE_TASK; input: { booking: ID; sequence: number; case: string } };

/**
 * Queues a job of the plugin's queue in `req`'s transaction (so it is stored
 * with what it is about, or not at all), and has this process run the queue
 * once that transaction has ended, when this process runs the queue.
 */
export async function queueJob(req: PayloadRequest, job: QueuedJob): Promise<void> {
  await req.payload.jobs.queue({ ...job, queue: QUEUE, req });
  if (runners.has(req.payload)) afterTransaction(req, () => runQueueSoon(req.payload));
}
