/**
 * The site's backend inside the preview server: the workshop's Payload app
 * (admin/config.ts, with the site's plugin) on the data folder, answering
 * through Payload's REST handlers. By default SQLite in
 * `<dataDir>/payload.db` and the photos in `<dataDir>/media/`, the same data
 * `npm run admin` opens (DATABASE_URI names another database, as it does
 * there). The database is migrated before the first answer, and the jobs
 * queue (the case e-mails, the hourly clean-up) runs from then on. The data
 * folder is its owner's alone: nobody else on the machine reads a customer's
 * photo or record.
 */
import fs from "node:fs";
import { getPayload, handleEndpoints, type Payload } from "payload";
import { type ConfigOptions, workshopConfig } from "../admin/config";
import { migrate } from "../admin/migrate";
import { readSettings } from "../admin/settings";

export interface Backend {
  /** Payload's answer to a request for its REST API */
  handle(request: Request): Promise<Response>;
  payload: Payload;
  /** stops the jobs queue and closes the database */
  close(): Promise<void>;
}

export interface BackendOptions {
  /** the data folder (default: the settings', PREVIEW_DATA_DIR or .data/) */
  dataDir?: string;
  /** the origin visitors reach the server at: Payload's serverURL, so the photos' urls name it */
  serverURL: string;
  /** the environment the settings and the plugin read (default: `process.env`) */
  env?: NodeJS.ProcessEnv;
  /** the least level Payload logs (default: info) */
  logLevel?: ConfigOptions["logLevel"];
}

/** The data folder, created or closed to everyone but its owner, before anything is stored in it. */
function closeDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
}

export async function startBackend({
  dataDir,
  serverURL,
  env = process.env,
  logLevel,
}: BackendOptions): Promise<Backend> {
  // the site and its API share one origin; PORT is the preview's (0 for any free one), not the admin's
  const settings = readSettings({
    ...env,
    PORT: undefined,
    ...(dataDir === undefined ? {} : { PREVIEW_DATA_DIR: dataDir }),
    SERVER_URL: serverURL,
    SITE_ORIGIN: serverURL,
  });
  closeDataDir(settings.dataDir);
  const config = await workshopConfig(settings, { logLevel, env });
  // a key of its own, so each backend (a test's, a restart's) is its own Payload
  const key = `preview-${settings.dataDir}-${Date.now()}`;
  const payload = await getPayload({ config, key });
  await migrate(payload, settings);
  // the queue starts once the tables it reads are there
  await getPayload({ config, key, cron: true });
  return {
    handle: (request) => handleEndpoints({ config, request, payloadInstanceCacheKey: key }),
    payload,
    close: () => payload.destroy(),
  };
}
