/**
 * GET /api/health, for a host's or a proxy's health check: 200 and
 * `{ "status": "ok", "database": <kind> }` when the database answers within
 * HEALTH_DATABASE_WAIT_MS and every migration the app has has run; else 503
 * with `Retry-After` and `{ "status": "unavailable", "database": <kind>,
 * "reason": "database" | "migrations" }` (with how many migrations wait). The
 * answer names nothing else: no version, no address, no error text; why the
 * database did not answer goes to the log.
 *
 * The app's migrations are the ones Payload runs as it starts in production
 * (the adapter's `prodMigrations`), else the migration files in its
 * `migrationDir`, by name, as Payload's `migrate:status` reads them; one has
 * run when the `payload-migrations` collection holds its name in a batch
 * (Payload's own entry for a pushed development schema, batch -1, is none).
 * An app with no migrations (a schema pushed in development) is healthy when
 * its database answers. The answer is never cached.
 */
import fs from "node:fs";
import path from "node:path";
import type { Endpoint, Payload } from "payload";

export const HEALTH_PATH = "/health";
/** How long the database may take to answer before the check says it does not. */
export const HEALTH_DATABASE_WAIT_MS = 5_000;
/** When a 503 says to ask again. */
export const HEALTH_RETRY_AFTER_S = 10;

export type Health =
  | { status: "ok"; database: string }
  | { status: "unavailable"; database: string; reason: "database" }
  | { status: "unavailable"; database: string; reason: "migrations"; pending: number };

/** The names of the migrations the app has: its production migrations, else its migration files. */
function knownMigrations(payload: Payload): string[] {
  const { prodMigrations } = payload.db as { prodMigrations?: { name: string }[] };
  if (prodMigrations) return prodMigrations.map((m) => m.name);
  const dir = payload.db.migrationDir;
  if (!dir || !fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /\.(ts|js)$/.test(f) && f !== "index.ts" && f !== "index.js")
    .map((f) => path.basename(f).split(".")[0]!);
}

/** The names of the migrations that have run, read from the database; throws when it does not answer in time. */
async function ranMigrations(payload: Payload): Promise<Set<string>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${HEALTH_DATABASE_WAIT_MS} ms`)),
      HEALTH_DATABASE_WAIT_MS,
    );
  });
  try {
    const { docs } = await Promise.race([
      payload.find({
        collection: "payload-migrations",
        where: { batch: { not_equals: -1 } },
        pagination: false,
        depth: 0,
        overrideAccess: true,
      }),
      late,
    ]);
    return new Set(docs.map((doc) => String((doc as { name?: unknown }).name)));
  } finally {
    clearTimeout(timer);
  }
}

/** The app's health now. */
export async function checkHealth(payload: Payload): Promise<Health> {
  const database = payload.db.name;
  let ran: Set<string>;
  try {
    ran = await ranMigrations(payload);
  } catch (error) {
    payload.logger.error({ err: error, msg: "Health check: the database does not answer" });
    return { status: "unavailable", database, reason: "database" };
  }
  const pending = knownMigrations(payload).filter((name) => !ran.has(name)).length;
  if (pending) return { status: "unavailable", database, reason: "migrations", pending };
  return { status: "ok", database };
}

/** The answer that says `health`: 200 when ok, else 503 with `Retry-After`; never cached. */
export function healthAnswer(health: Health): Response {
  const ok = health.status === "ok";
  return Response.json(health, {
    status: ok ? 200 : 503,
    headers: { "Cache-Control": "no-store", ...(ok ? {} : { "Retry-After": String(HEALTH_RETRY_AFTER_S) }) },
  });
}

export function healthEndpoint(): Endpoint {
  return {
    path: HEALTH_PATH,
    method: "get",
    handler: async (req) => healthAnswer(await checkHealth(req.payload)),
  };
}
