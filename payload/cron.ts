/**
 * Where a host wants the jobs queue run:
 *
 *   RUN_JOBS     `false`: this process runs no queue by itself (an instance
 *                that only answers requests, a serverless host); default true
 *   JOBS_INTERVAL_SECONDS  how often a process runs the plugin's queue by
 *                itself, for the jobs another process queued or a crash left;
 *                the process that queues a job runs it at once anyway
 *                (./queue/); default QUEUE_INTERVAL_MS
 *   CRON_SECRET  a secret of at least 16 characters: `GET /api/payload-jobs/run`
 *                with `Authorization: Bearer <secret>` runs every queue the
 *                app has, as Payload's website template has it, for an
 *                outside scheduler (a systemd timer, a platform's cron)
 *
 * The endpoint replaces Payload's own in the jobs collection: it runs the
 * plugin's queue with the plugin's runner (./queue/: each job claimed by
 * one process, whatever else runs the queue at the same moment), and the
 * app's other queues with Payload's. It answers 401 without the secret and
 * without a logged-in employee; a wrong secret is compared in constant time.
 * With neither CRON_SECRET nor a staff login nothing runs.
 */
import crypto from "node:crypto";
import type { Config, Endpoint, PayloadRequest } from "payload";
import { isStaffRequest } from "./access";
import { QUEUE } from "./names";
import { QUEUE_INTERVAL_MS, runQueue } from "./queue";

type Env = Partial<Record<string, string>>;

/** The shortest CRON_SECRET taken. */
export const MIN_CRON_SECRET_LENGTH = 16;

export interface CronSettings {
  /** whether this process runs the queue by itself */
  runJobs: boolean;
  /** the bearer secret of the run endpoint, if any */
  secret?: string;
  /** how often this process runs the plugin's queue by itself */
  intervalMs: number;
}

/** The shortest and longest JOBS_INTERVAL_SECONDS taken: the hourly cleanup is queued by these runs. */
const INTERVAL_SECONDS = { min: 1, max: 600 };

function fail(variable: string, problem: string): never {
  throw new Error(`${variable}: ${problem}`);
}

/** RUN_JOBS, CRON_SECRET and JOBS_INTERVAL_SECONDS from `env`, each checked: a typo stops the start naming the variable. */
export function cronSettings(env: Env): CronSettings {
  const value = env.RUN_JOBS?.trim().toLowerCase();
  if (value && !["true", "1", "false", "0"].includes(value)) {
    fail("RUN_JOBS", `must be true or false, not "${env.RUN_JOBS}"`);
  }
  const secret = env.CRON_SECRET?.trim() || undefined;
  if (secret && secret.length < MIN_CRON_SECRET_LENGTH) {
    fail("CRON_SECRET", `must be at least ${MIN_CRON_SECRET_LENGTH} characters (openssl rand -hex 32 makes one)`);
  }
  const interval = env.JOBS_INTERVAL_SECONDS?.trim();
  const seconds = interval ? Number(interval) : QUEUE_INTERVAL_MS / 1000;
  if (!Number.isInteger(seconds) || seconds < INTERVAL_SECONDS.min || seconds > INTERVAL_SECONDS.max) {
    fail(
      "JOBS_INTERVAL_SECONDS",
      `must be a whole number of seconds from ${INTERVAL_SECONDS.min} to ${INTERVAL_SECONDS.max}, not "${interval}"`,
    );
  }
  return { runJobs: value !== "false" && value !== "0", secret, intervalMs: seconds * 1000 };
}

/** Whether `req` bears `Authorization: Bearer <secret>`, compared in constant time. */
function bearsSecret(req: PayloadRequest, secret: string | undefined): boolean {
  const given = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
  if (!secret || !given) return false;
  const [a, b] = [
    crypto.createHash("sha256").update(given).digest(),
    crypto.createHash("sha256").update(secret).digest(),
  ];
  return crypto.timingSafeEqual(a, b);
}

/** GET /api/payload-jobs/run (see above); `mailOn` says whether this process may take a case's e-mails. */
export function runEndpoint(settings: CronSettings, mailOn: boolean): Endpoint {
  return {
    path: "/run",
    method: "get",
    handler: async (req) => {
      if (!bearsSecret(req, settings.secret) && !isStaffRequest(req)) {
        return Response.json({ errors: [{ message: "Ikke tillatt" }] }, { status: 401 });
      }
      await runQueue(req.payload, { mailOn });
      // the app's own queues, if it has any besides the plugin's, the way Payload runs them
      await req.payload.jobs.run({ allQueues: true, where: { queue: { not_equals: QUEUE } }, overrideAccess: true });
      return Response.json({ message: "Køen er kjørt" }, { headers: { "Cache-Control": "no-store" } });
    },
  };
}

type JobsConfig = NonNullable<Config["jobs"]>;

/** The app's jobs collection with the run endpoint above in place of Payload's. */
export const withRunEndpoint =
  (jobs: JobsConfig, endpoint: Endpoint): JobsConfig["jobsCollectionOverrides"] =>
  (args) => {
    const collection = jobs.jobsCollectionOverrides?.(args) ?? args.defaultJobsCollection;
    const others = (collection.endpoints || []).filter((e) => !(e.path === "/run" && e.method === "get"));
    return { ...collection, endpoints: [endpoint, ...others] };
  };
