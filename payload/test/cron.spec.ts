/**
 * The queue where the host wants it (../cron.ts), on a real Payload over
 * HTTP with a local SMTP server: with RUN_JOBS=false the process sends
 * nothing by itself; GET /api/payload-jobs/run runs the queue for a bearer
 * of CRON_SECRET (the e-mails have gone when it answers), and is 401
 * without it or with a wrong one. The settings are checked as the app starts.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { CONTACT_PATH } from "../../lib/api/schemas";
import { cronSettings } from "../cron";
import { SITE_ORIGIN, startAdminHost, type AdminHost } from "./harness";
import { mailEnv, startMailbox, type Mailbox } from "./mailbox";

const SECRET = "en-hemmelighet-for-planleggeren-0123456789";
/** The queue's interval this host would run it by, were RUN_JOBS on. */
const INTERVAL_SECONDS = 1;
const WORKSHOP = "verksted@bulkeklinikken.test";

let box: Mailbox;
let host: AdminHost;
before(async () => {
  box = await startMailbox();
  host = await startAdminHost({
    ...mailEnv(box, WORKSHOP),
    RUN_JOBS: "false",
    CRON_SECRET: SECRET,
    JOBS_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
  });
});
after(async () => {
  await host?.close();
  await box?.stop();
});

const run = (headers: Record<string, string> = {}) => fetch(`${host.origin}/api/payload-jobs/run`, { headers });

test("RUN_JOBS=false sends nothing by itself; the run endpoint sends it for a bearer of CRON_SECRET only", async () => {
  const booked = await fetch(`${host.origin}${CONTACT_PATH}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN },
    body: JSON.stringify({ email: "planlagt@eksempel.no", phone: "+47 912 34 567", message: "Hei" }),
  });
  assert.equal(booked.status, 201);
  // two of the queue's intervals: a process with its queue on would have sent it at once, or by its next run
  await new Promise((resolve) => setTimeout(resolve, 2 * INTERVAL_SECONDS * 1000));
  assert.equal(box.to(WORKSHOP).length, 0, "nothing sent while RUN_JOBS=false");

  const wrong: Record<string, string>[] = [
    {},
    { Authorization: "Bearer feil-hemmelighet-0123456789" },
    { Authorization: SECRET },
  ];
  for (const headers of wrong) {
    const refused = await run(headers);
    assert.equal(refused.status, 401, JSON.stringify(headers));
  }
  assert.equal(box.to(WORKSHOP).length, 0);

  const ran = await run({ Authorization: `Bearer ${SECRET}` });
  assert.equal(ran.status, 200, await ran.clone().text());
  assert.equal(box.to(WORKSHOP).length, 1, "the booking's e-mail went before the answer");
  assert.equal(box.to("planlagt@eksempel.no").length, 1, "and the receipt");
  // run again: nothing more to send
  assert.equal((await run({ Authorization: `Bearer ${SECRET}` })).status, 200);
  assert.equal(box.to(WORKSHOP).length, 1);
});

test("RUN_JOBS, CRON_SECRET and JOBS_INTERVAL_SECONDS are checked as the app starts", () => {
  assert.deepEqual(cronSettings({}), { runJobs: true, secret: undefined, intervalMs: 5_000 });
  assert.deepEqual(cronSettings({ RUN_JOBS: "false", CRON_SECRET: SECRET, JOBS_INTERVAL_SECONDS: "30" }), {
    runJobs: false,
    secret: SECRET,
    intervalMs: 30_000,
  });
  for (const wrong of ["0", "2.5", "fem", "601"]) {
    assert.throws(
      () => cronSettings({ JOBS_INTERVAL_SECONDS: wrong }),
      /JOBS_INTERVAL_SECONDS: must be a whole number of seconds from 1 to 600/,
      wrong,
    );
  }
  assert.throws(() => cronSettings({ RUN_JOBS: "nei" }), /RUN_JOBS: must be true or false/);
  assert.throws(() => cronSettings({ CRON_SECRET: "kort" }), /CRON_SECRET: must be at least 16 characters/);
});
