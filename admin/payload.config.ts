/**
 * The workshop's Payload app: its staff (`users`, the admin's login; the
 * first visit to /admin creates the first user), the site's plugin, the
 * admin in Norwegian, and the database the settings name, migrated on start
 * from migrations/ (one folder per database kind). Settings: ./settings.ts.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { postgresAdapter } from "@payloadcms/db-postgres";
import { sqliteAdapter } from "@payloadcms/db-sqlite";
import { bulkeklinikken } from "@bulkeklinikken/payload-plugin";
import { nb } from "@payloadcms/translations/languages/nb";
import { buildConfig } from "payload";
import { migrations as postgresMigrations } from "./migrations/postgres";
import { migrations as sqliteMigrations } from "./migrations/sqlite";
import { readSettings } from "./settings";

const dirname = path.dirname(fileURLToPath(import.meta.url));
const settings = readSettings();

const database =
  settings.database.kind === "postgres"
    ? postgresAdapter({
        pool: { connectionString: settings.database.url },
        migrationDir: path.join(dirname, "migrations", "postgres"),
        prodMigrations: postgresMigrations,
      })
    : sqliteAdapter({
        client: { url: settings.database.url },
        migrationDir: path.join(dirname, "migrations", "sqlite"),
        prodMigrations: sqliteMigrations,
      });

export default buildConfig({
  serverURL: settings.serverURL,
  secret: settings.secret,
  // the default avatar: Gravatar's would send each employee's e-mail hash to a third party
  admin: { user: "users", avatar: "default", importMap: { baseDir: dirname } },
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
  telemetry: false,
  typescript: { outputFile: path.join(dirname, "payload-types.ts") },
  plugins: [bulkeklinikken({ siteOrigin: settings.siteOrigins, mediaDir: settings.mediaDir })],
});
