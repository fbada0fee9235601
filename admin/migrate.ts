/**
 * The workshop app's migrations (migrations/, one folder per database kind),
 * run on the database its settings name: by `npm run admin:migrate` as a
 * release step, and by `npm start`'s backend before its first answer. The
 * app itself runs them as it starts in production (`prodMigrations`), so a
 * release that skips the step still starts migrated.
 */
import { getPayload, type Migration, type Payload } from "payload";
import { workshopConfig, type ConfigOptions } from "./config";
import { migrations as postgresMigrations } from "./migrations/postgres";
import { migrations as sqliteMigrations } from "./migrations/sqlite";
import type { Settings } from "./settings";

/** The migrations of the database kind `settings` name. */
export const migrationsFor = (settings: Settings): Migration[] =>
  (settings.database.kind === "postgres" ? postgresMigrations : sqliteMigrations) as unknown as Migration[];

/** Runs the migrations not yet run on `payload`'s database. */
export async function migrate(payload: Payload, settings: Settings): Promise<void> {
  await payload.db.migrate({ migrations: migrationsFor(settings) });
}

/** Opens the database `settings` name, runs its migrations, and closes it again. */
export async function migrateWorkshop(settings: Settings, options: ConfigOptions = {}): Promise<void> {
  const config = await workshopConfig(settings, options);
  const payload = await getPayload({ config, key: `migrate-${Date.now()}` });
  try {
    await migrate(payload, settings);
  } finally {
    await payload.destroy();
  }
}
