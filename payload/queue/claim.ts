/**
 * The claim: which of the plugin's queued jobs (QUEUE) a process runs next,
 * each claimed by one process alone, and given back when that process dies.
 *
 * - a job still marked `processing` whose process has not stamped it
 *   (`updatedAt`) for a lease is given back to the queue: its process died
 *   (a crash, a kill, a lost machine);
 * - a due job is taken by one conditional UPDATE that sets `processing` only
 *   where it is still unset, so of all the processes that try at once
 *   exactly one gets it;
 * - each case's jobs are taken in turn: of a case with a job running (its
 *   `concurrencyKey`, ../queue/loop.ts's caseKey), no other is taken, so the
 *   oldest job of each other case comes first;
 * - a case's e-mail jobs (there may be two, when the cleanup queued them
 *   again) are taken one at a time, the oldest first, so a case's e-mails
 *   never go from two processes at once;
 * - the jobs a process runs are stamped, so no other process takes them; a
 *   cleanup stops being stamped after CLEANUP_MAX_MS, so one that hangs is
 *   taken up again and never holds back the hours after it for good;
 * - the times are Payload's job clock (`getCurrentDate`); processes that
 *   share a database must have clocks that agree to within a few seconds.
 *
 * The jobs are claimed through the database adapter's own drizzle
 * (../drizzle.ts), so one statement works on SQLite and PostgreSQL.
 */
import { getCurrentDate, type Payload } from "payload";
import { sqlFor, type Sql as DrizzleSql } from "../drizzle";
import { CASE_EMAILS_TASK, CLEANUP_TASK, QUEUE } from "../names";

/** A job `processing` with no stamp from its process for this long lost its process and is given back to the queue. */
export const LEASE_MS = 60_000;
/** How long a cleanup is stamped: after this it counts as stuck, and another run may take it up. */
export const CLEANUP_MAX_MS = 60 * 60 * 1000;

export type ID = number | string;

type Column = unknown;
interface JobsTable {
  id: Column;
  input: Column;
  queue: Column;
  taskSlug: Column;
  processing: Column;
  completedAt: Column;
  hasError: Column;
  waitUntil: Column;
  updatedAt: Column;
  createdAt: Column;
  concurrencyKey: Column;
}
export type Sql = DrizzleSql<JobsTable, Row>;
export interface Row {
  id: ID;
  taskSlug?: string | null;
  input?: unknown;
}

/** A job this process runs: its task, and when it started (Payload's job clock). */
export interface Running {
  task: string;
  since: number;
}

/** The jobs table's drizzle, and the operators; undefined on an adapter without them. */
export const sqlOf = (payload: Payload): Sql | undefined => sqlFor<JobsTable, Row>(payload, "payload_jobs");

export const now = () => getCurrentDate();

/** Conditions of a job that may still run: not completed, not failed for good. */
const open = ({ op, table }: Sql) =>
  op.and(op.isNull(table.completedAt), op.or(op.isNull(table.hasError), op.equals(table.hasError, false)));

/** Gives back to the queue the jobs whose process stopped stamping them `leaseMs` ago; returns them. */
export async function releaseAbandoned(payload: Payload, sql: Sql, leaseMs: number): Promise<Row[]> {
  const { drizzle, table, op } = sql;
  const at = now();
  const staleBefore = new Date(at.getTime() - leaseMs).toISOString();
  const released = await drizzle
    .update(table)
    .set({ processing: false, updatedAt: at.toISOString() })
    .where(
      op.and(
        op.equals(table.queue, QUEUE),
        op.equals(table.processing, true),
        op.isNull(table.completedAt),
        op.less_than(table.updatedAt, staleBefore),
      ),
    )
    .returning({ id: table.id, taskSlug: table.taskSlug });
  if (released.length) {
    payload.logger.warn({
      jobs: released.map((job) => `${job.taskSlug} ${job.id}`),
      msg: "Jobs given back to the queue: the process that ran them stopped",
    });
  }
  return released;
}

/** How many jobs a claim may look at for each it takes: the others are lost to other processes. */
const LOOKS_PER_JOB = 2;

/**
 * Takes up to `count` due jobs of `tasks`, each for this process alone; returns the ones it got. The oldest
 * due job goes first, of a case none of whose jobs runs (its `concurrencyKey`), so each case's jobs are taken
 * in turn and a flood on one case holds back no other. A job this process still runs (a cleanup past
 * CLEANUP_MAX_MS, given back to the queue) is left to the others.
 */
export async function claim(
  sql: Sql,
  tasks: string[],
  count: number,
  running: ReadonlyMap<ID, unknown>,
): Promise<Row[]> {
  const { drizzle, table, op } = sql;
  const at = now().toISOString();
  const runnable = () =>
    op.and(
      op.equals(table.queue, QUEUE),
      op.equals(table.processing, false),
      open(sql),
      op.or(op.isNull(table.waitUntil), op.less_than(table.waitUntil, at)),
    );
  // no job of its case is running, in any process
  const caseFree = () =>
    op.or(
      op.isNull(table.concurrencyKey),
      op.not_in(
        table.concurrencyKey,
        drizzle
          .select({ key: table.concurrencyKey })
          .from(table)
          .where(op.and(op.equals(table.processing, true), op.exists(table.concurrencyKey))),
      ),
    );
  const got: Row[] = [];
  const seen = new Set<ID>(running.keys());
  for (let looks = 0; got.length < count && looks < count * LOOKS_PER_JOB; looks++) {
    const [job] = await drizzle
      .select({ id: table.id, taskSlug: table.taskSlug, input: table.input })
      .from(table)
      .where(
        op.and(
          runnable(),
          caseFree(),
          op.in(table.taskSlug, tasks),
          ...(seen.size ? [op.not_in(table.id, [...seen])] : []),
        ),
      )
      .orderBy(table.createdAt, table.id)
      .limit(1);
    if (!job) break;
    seen.add(job.id);
    let condition = op.and(op.equals(table.id, job.id), runnable(), caseFree());
    if (job.taskSlug === CASE_EMAILS_TASK) {
      // an older job for the same case that may still run goes first: its slug is then in this list
      const older = drizzle
        .select({ taskSlug: table.taskSlug })
        .from(table)
        .where(
          op.and(
            op.equals(table.taskSlug, CASE_EMAILS_TASK),
            op.equals(table.input, job.input),
            op.less_than(table.id, job.id),
            open(sql),
          ),
        );
      condition = op.and(condition, op.not_in(table.taskSlug, older));
    }
    const [won] = await drizzle
      .update(table)
      .set({ processing: true, updatedAt: at })
      .where(condition)
      .returning({ id: table.id, taskSlug: table.taskSlug });
    if (won) got.push(won);
  }
  return got;
}

/** Stamps the jobs this process runs (a cleanup only until CLEANUP_MAX_MS), so no other process takes them. */
export async function stamp(payload: Payload, sql: Sql, running: ReadonlyMap<ID, Running>): Promise<void> {
  const { drizzle, table, op } = sql;
  const at = now();
  const ids = [...running]
    .filter(([, job]) => job.task !== CLEANUP_TASK || at.getTime() - job.since < CLEANUP_MAX_MS)
    .map(([id]) => id);
  if (!ids.length) return;
  try {
    await drizzle
      .update(table)
      .set({ updatedAt: at.toISOString() })
      .where(op.and(op.in(table.id, ids), op.equals(table.processing, true)));
  } catch (err) {
    payload.logger.warn({ err, msg: "Running jobs could not be stamped" });
  }
}
