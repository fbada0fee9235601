/**
 * The workshop's Payload app, made from its settings (./settings.ts): its
 * staff (`users`, the admin's login; the first visit to /admin creates the
 * first user on this machine only: on a public host `npm run admin:user`
 * makes it, as the admin's create-first-user page says,
 * ./components/FirstStaffUser.tsx), the site's plugin, the admin in
 * Norwegian, and the database the settings name, migrated on start from
 * migrations/ (one folder per database kind). `npm run admin` serves it
 * with its admin (./payload.config.ts);
 * `npm start` serves the same app's API inside the preview server
 * (server/backend.ts), so both open the same data.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { postgresAdapter } from "@payloadcms/db-postgres";
import { sqliteAdapter } from "@payloadcms/db-sqlite";
import { bulkeklinikken } from "@bulkeklinikken/payload-plugin";
import { nb } from "@payloadcms/translations/languages/nb";
import { buildConfig, type SanitizedConfig } from "payload";
import { migrations as postgresMigrations } from "./migrations/postgres";
import { migrations as sqliteMigrations } from "./migrations/sqlite";
import { logFormat, loggerConfig } from "./logging";
import type { Settings } from "./settings";

const dirname = path.dirname(fileURLToPath(import.meta.url));

/**
 * How long a write waits for another process's (`npm start` and `npm run admin` on one SQLite
 * file) before it fails.
 */
const SQLITE_BUSY_TIMEOUT_MS = 10_000;

export interface ConfigOptions {
  /** the least level Payload logs (default: Payload's, info) */
  logLevel?: "info" | "warn" | "error";
  /** where the plugin reads its variables, the e-mail's and the vehicle look-up's (default: `process.env`) */
  env?: Partial<Record<string, string>>;
}

/** Makes the folder of a `file:` SQLite database when it is missing (a fresh clone has no `.data/`), for its owner only. */
function makeDatabaseFolder(url: string) {
  fs.mkdirSync(path.dirname(path.resolve(url.slice("file:".length))), { recursive: true, mode: 0o700 });
}

export function workshopConfig(settings: Settings, { logLevel, env }: ConfigOptions = {}): Promise<SanitizedConfig> {
  if (settings.database.kind === "sqlite") makeDatabaseFolder(settings.database.url);
  const database =
    settings.database.kind === "postgres"
      ? postgresAdapter({
          pool: { connectionString: settings.database.url },
          migrationDir: path.join(dirname, "migrations", "postgres"),
          prodMigrations: postgresMigrations,
          push: false,
        })
      : sqliteAdapter({
          client: { url: settings.database.url },
          migrationDir: path.join(dirname, "migrations", "sqlite"),
          prodMigrations: sqliteMigrations,
          push: false,
          busyTimeout: SQLITE_BUSY_TIMEOUT_MS,
          // an id is never given again once its row is deleted: a case number names one case for good
          autoIncrement: true,
          // readers never wait for a writer, and a commit is on disk before it returns
          wal: { synchronous: "FULL" },
        });

  return buildConfig({
    serverURL: settings.serverURL,
    secret: settings.secret,
    admin: {
      user: "users",
      // the default avatar: Gravatar's would send each employee's e-mail hash to a third party
      avatar: "default",
      importMap: { baseDir: dirname },
      // Payload's form on this machine; on a public host, how the first employee is made on the server
      components: { views: { createFirstUser: { Component: "./components/FirstStaffUser#FirstStaffUser" } } },
    },
    i18n: { supportedLanguages: { nb }, fallbackLanguage: "nb" },
    collections: [
      {
        slug: "users",
        labels: { singular: "Ansatt", plural: "Ansatte" },
        auth: true,
        admin: { useAsTitle: "email" },
        fields: [],
      },
    ],
    db: database,
    // one JSON object a line in production, Payload's pretty lines on a terminal (./logging.ts)
    logger: loggerConfig(logFormat((env ?? process.env).LOG_FORMAT, process.env.NODE_ENV), logLevel),
    telemetry: false,
    typescript: { outputFile: path.join(dirname, "payload-types.ts") },
    plugins: [
      bulkeklinikken({
        siteOrigin: settings.siteOrigins,
        mediaDir: settings.mediaDir,
        diskReserveBytes: settings.diskReserveBytes,
        env,
      }),
    ],
  });
}
