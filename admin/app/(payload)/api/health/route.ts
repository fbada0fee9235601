/*
 * GET /api/health (the plugin's check, payload/health.ts) answered here, before Payload's own routes, so
 * that it is a 503 with its reason from the first request on: also while the app's Payload cannot start
 * because its database does not answer, when Payload's routes have nothing to answer with but a 500.
 * Logged as every API request is.
 */
import { setTimeout as sleep } from "node:timers/promises";
import config from "@payload-config";
import { getPayload } from "payload";
import { checkHealth, HEALTH_DATABASE_WAIT_MS, healthAnswer, withRequestLog } from "@bulkeklinikken/payload-plugin";

export const dynamic = "force-dynamic";

/** The app's Payload, or undefined when it has not started within HEALTH_DATABASE_WAIT_MS. */
async function startedPayload() {
  const waiting = new AbortController();
  const late = sleep(HEALTH_DATABASE_WAIT_MS, undefined, { signal: waiting.signal }).catch(() => undefined);
  try {
    return await Promise.race([getPayload({ config }), late]);
  } catch {
    // Payload has logged why it could not start
    return undefined;
  } finally {
    waiting.abort();
  }
}

export const GET = withRequestLog(config, async () => {
  const payload = await startedPayload();
  if (!payload) return healthAnswer({ status: "unavailable", database: (await config).db.name, reason: "database" });
  return healthAnswer(await checkHealth(payload));
});
