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
 * - a case's e-mail jobs (there may be two, when the cleanup queued them
 *   again) are taken one at a time, the oldest first, so a case's e-mails
 *   never go from two processes at once;
 * - the jobs a process runs are stamped, so no other process takes them; a
 *   cleanup stops being stamped after CLEANUP_MAX_MS, so one that hangs is
 *   taken up again and never holds back the hours after it for good;
 * - the times are Payload's job clock (`getCurrentDate`); processes that
 *   share a database must have clocks that agree to within a few seconds.
 *
 * The jobs are claimed through the database adapter's own drizzle (both
 * Payload's SQLite and PostgreSQL adapters have it) and its operators, so
 * one statement works on both.
 */
import { getCurrentDate, type Payload } from "payload";
import { CASE_EMAILS_TASK, CLEANUP_TASK, QUEUE } from "../names";

/** A job `processing` with no stamp from its process for this long lost its process and is given back to the queue. */
export const LEASE_MS = 60_000;
/** How long a cleanup is stamped: after this it counts as stuck, and another run may take it up. */
export const CLEANUP_MAX_MS = 60 * 60 * 1000;

export type ID = number | string;

/** What the runner needs of the adapter's drizzle, typed loosely: both dialects' builders have it. */
interface Statement<T> extends PromiseLike<T> {
  where(condition: unknown): Statement<T>;
  orderBy(...columns: unknown[]): Statement<T>;
  limit(count: number): Statement<T>;
  returning(fields: Record<string, unknown>): Statement<T>;
}
interface Drizzle {
  select(fields: Record<string, unknown>): { from(table: unknown): Statement<Row[]> };
  update(table: unknown): { set(values: Record<string, unknown>): Statement<Row[]> };
}
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
}
type Op = (...args: unknown[]) => unknown;
export interface Sql {
  drizzle: Drizzle;
  table: JobsTable;
  op: Record<"and" | "or" | "equals" | "less_than" | "isNull" | "in" | "not_in", Op>;
}
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

/** What the runner reads of a Drizzle-based adapter (Payload's SQLite and PostgreSQL adapters). */
interface DrizzleParts {
  drizzle: Drizzle;
  tables: Record<string, JobsTable>;
  tableNameMap: Map<string, string>;
  operators: Sql["op"];
}

/** Whether the adapter is one of Payload's Drizzle-based ones: it then has its drizzle, tables and operators. */
const isDrizzleAdapter = <T extends object>(db: T): db is T & DrizzleParts =>
  "drizzle" in db && "tables" in db && "tableNameMap" in db && "operators" in db;

/** The adapter's drizzle, the jobs table and the operators; undefined on an adapter without them. */
export function sqlOf(payload: Payload): Sql | undefined {
  const db = payload.db;
  if (!isDrizzleAdapter(db) || !db.drizzle || !db.operators) return undefined;
  const table = db.tables?.[db.tableNameMap?.get("payload_jobs") ?? "payload_jobs"];
  return table ? { drizzle: db.drizzle, table, op: db.operators } : undefined;
}

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

/**
 * Takes up to `count` due jobs of `tasks`, each for this process alone; returns the ones it got. A job this
 * process still runs (a cleanup past CLEANUP_MAX_MS, given back to the queue) is left to the others.
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
  const due = await drizzle
    .select({ id: table.id, taskSlug: table.taskSlug, input: table.input })
    .from(table)
    .where(op.and(runnable(), op.in(table.taskSlug, tasks)))
    .orderBy(table.createdAt, table.id)
    .limit(count);
  const got: Row[] = [];
  for (const job of due) {
    if (running.has(job.id)) continue;
    let condition = op.and(op.equals(table.id, job.id), runnable());
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
