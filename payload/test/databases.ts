/**
 * The databases the plugin's tests run on: a fresh PostgreSQL database per
 * use (`freshDatabase`), and a suite declared on SQLite and on PostgreSQL
 * (`onBothDatabases`, with `testsOn`'s rule of which tests run on which).
 */
import { after } from "node:test";
import { SHARED_POSTGRES, startPostgres, STEP_LIMIT_MS, within, type Postgres } from "./postgres";

/** A database's connection string: `url` with its database name replaced by `name`. */
const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.href;
};

let fileServer: Promise<Postgres> | undefined;
// registered as the test file loads, so it runs once the file's tests have all run
after(async () => (await fileServer)?.stop());
/** Runs `statement` on the run's PostgreSQL as its superuser. */
async function onShared(shared: string, statement: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: shared });
  await client.connect();
  try {
    await within(STEP_LIMIT_MS, statement, client.query(statement));
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database `<prefix>_<process>_<time>` for this test file: on the run's one
 * PostgreSQL when the runner started one (SHARED_POSTGRES), else on a PostgreSQL of this file's
 * own, started on first use and stopped after the file.
 */
export async function freshDatabase(prefix: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now()}`.toLowerCase();
  const shared = process.env[SHARED_POSTGRES];
  if (!shared) {
    fileServer ??= startPostgres();
    return (await fileServer).database(name);
  }
  await onShared(shared, `CREATE DATABASE "${name}"`);
  return withDatabase(shared, name);
}

/**
 * Declares a suite twice through `suite`: as "SQLite" on a host's own SQLite
 * file, then as "PostgreSQL" on a fresh database (freshDatabase). Which of
 * its tests run on which is `testsOn`'s rule.
 */
export function onBothDatabases(
  prefix: string,
  suite: (name: string, database: () => Promise<{ postgres?: string }>) => void,
) {
  suite("SQLite", async () => ({}));
  suite("PostgreSQL", async () => ({ postgres: await freshDatabase(prefix) }));
}

/**
 * The tests a suite named `database` (onBothDatabases) declares. PostgreSQL runs the tests whose
 * outcome the database decides: claims, races, transactions, migrations, deletion, restarts.
 * SQLite runs every test, also the ones `sameOnEvery` names, which no database can change: who
 * may do what (403s), what is refused (validation), the words.
 */
export function testsOn<T>(database: string, tests: Record<string, T>, sameOnEvery: readonly string[]): [string, T][] {
  const unknown = sameOnEvery.filter((title) => !(title in tests));
  if (unknown.length) throw new Error(`testsOn: no such test: ${unknown.join("; ")}`);
  return Object.entries(tests).filter(([title]) => database !== "PostgreSQL" || !sameOnEvery.includes(title));
}
