/**
 * A process that runs the plugin's queue sends a case's e-mails as soon as
 * the request that stored the case has committed (../queue/loop.ts, `queueJob`),
 * on SQLite and on PostgreSQL, long before the queue's own interval would
 * run it.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { CONTACT_PATH } from "../../lib/api/schemas";
import { freshDatabase } from "./databases";
import { SITE_ORIGIN, startAdminHost, waitFor } from "./harness";
import { mailEnv, startMailbox, type Mailbox } from "./mailbox";

const WORKSHOP = "verksted@bulkeklinikken.test";
/** The longest interval taken: no run of the interval's comes while the test waits. */
const LONGEST_INTERVAL_SECONDS = "600";
/** How long the e-mails may take once the case is stored: a fraction of that interval. */
const AT_ONCE_MS = 10_000;

let box: Mailbox;
before(async () => (box = await startMailbox()));
after(() => box?.stop());

for (const database of ["SQLite", "PostgreSQL"] as const) {
  test(`on ${database}, a booking's e-mails leave at once, not on the queue's interval`, async () => {
    const postgres = database === "PostgreSQL" ? await freshDatabase("at_once") : undefined;
    const host = await startAdminHost(
      { ...mailEnv(box, WORKSHOP), JOBS_INTERVAL_SECONDS: LONGEST_INTERVAL_SECONDS },
      { postgres },
    );
    try {
      const email = `straks-${database.toLowerCase()}@eksempel.no`;
      const booked = await fetch(`${host.origin}${CONTACT_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN },
        body: JSON.stringify({ email, phone: "+47 912 34 567", message: "Hei" }),
      });
      assert.equal(booked.status, 201);
      const workshopMails = () => box.to(WORKSHOP).filter((mail) => mail.text?.includes(email));
      await waitFor(
        `the receipt to ${email} and the workshop's e-mail`,
        () => box.to(email).length === 1 && workshopMails().length === 1,
        AT_ONCE_MS,
      );
    } finally {
      await host.close();
    }
  });
}
