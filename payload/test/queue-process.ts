/**
 * The workshop's Payload as `npm start` runs it (server/backend.ts: the app's
 * config, its migrations, its jobs queue), in a process of its own, for the
 * queue's tests (./jobs.spec.ts), which run several of them on one database
 * and kill them. It serves no HTTP: it takes commands on its standard input,
 * a JSON line each, and answers each on its standard output, in order, as a
 * line `@@ <JSON>` (Payload's own log lines go there too, without `@@`):
 *
 *   {"book": "<e-mail>"}  stores a booking from that address → {"stored": <id>}
 *   {"state": true}       → {"cases": [{id, email, emails}], "jobs": [{id, taskSlug, processing, completedAt}]}
 *   {"run": true}         lets its queue run from now on, and runs it at once → {"running": true}
 *
 * It prints `@@ {"ready":true}` once its queue runs, and ends, closing
 * Payload, when its standard input closes.
 *
 *   PREVIEW_DATA_DIR  the data folder; DATABASE_URI, SMTP_*, EMAIL_FROM, WORKSHOP_EMAIL as the app reads them
 *   JOB_CLOCK_MS      moves Payload's job clock this far ahead of the real one (as harness.ts's moveJobClock)
 *   QUEUE_PAUSED      `1`: its queue runs no job until told to (Payload's `_internal_jobSystemGlobals.shouldAutoRun`)
 */
import readline from "node:readline";
import { _internal_jobSystemGlobals } from "payload";
import { startBackend } from "../../server/backend";
import { CONTACT_SLUG } from "../names";
import { runQueueSoon } from "../queue";

const ahead = Number(process.env.JOB_CLOCK_MS ?? 0);
if (ahead) _internal_jobSystemGlobals.getCurrentDate = () => new Date(Date.now() + ahead);
if (process.env.QUEUE_PAUSED === "1") _internal_jobSystemGlobals.shouldAutoRun = false;

const say = (value: unknown) => process.stdout.write(`@@ ${JSON.stringify(value)}\n`);

const backend = await startBackend({ serverURL: "http://localhost:3999", logLevel: "warn" });
const { payload } = backend;

async function answer(command: { book?: string; state?: boolean; run?: boolean }): Promise<unknown> {
  if (command.run) {
    _internal_jobSystemGlobals.shouldAutoRun = true;
    runQueueSoon(payload);
    return { running: true };
  }
  if (command.book) {
    const doc = await payload.create({
      collection: CONTACT_SLUG,
      data: { email: command.book, phone: "+47 912 34 567", message: "Bulk i døra", status: "NEW" },
    });
    return { stored: doc.id };
  }
  const { docs: cases } = await payload.find({ collection: CONTACT_SLUG, pagination: false, depth: 0 });
  const { docs: jobs } = await payload.find({ collection: "payload-jobs", pagination: false, depth: 0 });
  return {
    cases: cases.map(({ id, email, emails }) => ({ id, email, emails })),
    jobs: jobs.map(({ id, taskSlug, processing, completedAt }) => ({ id, taskSlug, processing, completedAt })),
  };
}

// the queue starts as Payload's crons do (server/backend.ts); its first run comes after its interval
say({ ready: true });
const lines = readline.createInterface({ input: process.stdin });
let turn = Promise.resolve();
lines.on("line", (line) => {
  turn = turn.then(() =>
    answer(JSON.parse(line) as { book?: string }).then(
      (value) => void say(value),
      (error: unknown) => void say({ error: String(error) }),
    ),
  );
});
lines.on("close", () => {
  void turn.then(() => backend.close()).then(() => process.exit(0));
});
