/**
 * The database adapter's own drizzle, for the few statements whose outcome
 * the database itself must decide (the queue's claim of a job, the
 * calendar's claim of a time): Payload's SQLite and PostgreSQL adapters both
 * have it, with their tables and operators, so one statement works on both.
 * Typed loosely: both dialects' builders have these methods.
 */
import type { Payload } from "payload";

export interface Statement<T> extends PromiseLike<T> {
  where(condition: unknown): Statement<T>;
  orderBy(...columns: unknown[]): Statement<T>;
  limit(count: number): Statement<T>;
  returning(fields: Record<string, unknown>): Statement<T>;
}
export interface Drizzle<Row> {
  select(fields: Record<string, unknown>): { from(table: unknown): Statement<Row[]> };
  update(table: unknown): { set(values: Record<string, unknown>): Statement<Row[]> };
  insert(table: unknown): { values(rows: Record<string, unknown>[]): Statement<unknown> };
  delete(table: unknown): Statement<unknown>;
}
type Op = (...args: unknown[]) => unknown;
export type Operators = Record<"and" | "or" | "equals" | "less_than" | "isNull" | "exists" | "in" | "not_in", Op>;

/** A table's drizzle: the adapter's builder, the table's columns (by field name) and the operators. */
export interface Sql<Table, Row> {
  drizzle: Drizzle<Row>;
  table: Table;
  op: Operators;
}

/** What the plugin reads of a Drizzle-based adapter. */
interface DrizzleParts {
  drizzle: Drizzle<never>;
  tables: Record<string, unknown>;
  tableNameMap: Map<string, string>;
  operators: Operators;
}

/** Whether the adapter is one of Payload's Drizzle-based ones: it then has its drizzle, tables and operators. */
const isDrizzleAdapter = <T extends object>(db: T): db is T & DrizzleParts =>
  "drizzle" in db && "tables" in db && "tableNameMap" in db && "operators" in db;

/**
 * The drizzle of the table Payload names `name` (a collection's slug in
 * snake case: `payload_jobs`), with rows typed as `Row`; undefined on an
 * adapter without drizzle.
 */
export function sqlFor<Table, Row>(payload: Payload, name: string): Sql<Table, Row> | undefined {
  const db = payload.db;
  if (!isDrizzleAdapter(db) || !db.drizzle || !db.operators) return undefined;
  const table = db.tables?.[db.tableNameMap?.get(name) ?? name] as Table | undefined;
  return table ? { drizzle: db.drizzle as Drizzle<Row>, table, op: db.operators } : undefined;
}

/** PostgreSQL's code for a unique index's refusal; SQLite's codes start with SQLITE_CONSTRAINT. */
const PG_UNIQUE_VIOLATION = "23505";

/** Whether `error` (or what caused it: drizzle wraps the driver's error) is a unique index's refusal of a row. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === PG_UNIQUE_VIOLATION || code === "SQLITE_CONSTRAINT_UNIQUE") return true;
    if (/UNIQUE constraint failed/.test(cause.message)) return true;
  }
  return false;
}
