/**
 * The plugin's jobs queue (../queue/) when processes die and when several
 * share one database: the workshop's app as `npm start` runs it, in processes
 * of its own (./queue-process.ts) on one SQLite data folder or one
 * PostgreSQL, with a local SMTP server. A job cut off by a kill is taken up
 * after a restart and its e-mails go once; every e-mail goes once whichever
 * processes run the queue, and only from a process that can send it; a
 * cleanup left running by a dead process does not stop the deletion.
 */
import assert from "node:assert/strict";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { after, before, test } from "node:test";
import { _internal_jobSystemGlobals } from "payload";
import sharp from "sharp";
import { CASE_EMAILS_TASK, CLEANUP_TASK, CONTACT_SLUG, EVENT_EMAIL_TASK, INQUIRY_SLUG, QUEUE } from "../names";
import { caseKey, LEASE_MS, runQueue } from "../queue";
import { startAdminHost, upload, waitFor } from "./harness";
import { mailEnv, startMailbox, type Mailbox } from "./mailbox";
import { freshDatabase } from "./databases";

// each fresh host in this process gets its tables (Payload's SQLite push skips a schema it pushed once in the process)
process.env.PAYLOAD_FORCE_DRIZZLE_PUSH = "true";

const CHILD = path.join(import.meta.dirname, "queue-process.ts");
const REPOSITORY = path.resolve(import.meta.dirname, "../..");
const WORKSHOP = "verksted@bulkeklinikken.test";
/** How long a started process may take to migrate its database and answer. */
const START_MS = 90_000;
/** How often each process runs its queue by itself (JOBS_INTERVAL_SECONDS), and the time two of its runs take. */
const INTERVAL_SECONDS = 1;
const TWO_RUNS_MS = 2 * INTERVAL_SECONDS * 1000;

interface CaseState {
  id: number;
  email: string;
  emails: { workshop: string; receipt: string };
}
interface JobState {
  id: number;
  taskSlug: string;
  processing: boolean;
  completedAt?: string | null;
}
interface Answer {
  stored?: number;
  cases?: CaseState[];
  jobs?: JobState[];
  error?: string;
}

interface QueueProcess {
  /** sends a command (./queue-process.ts) and waits for its answer */
  ask(command: Record<string, unknown>): Promise<Answer>;
  /** `kill -9` */
  kill(): Promise<void>;
  /** ends it as a shutdown does */
  close(): Promise<void>;
  /** what it printed besides its answers */
  output: string[];
}

const running = new Set<ChildProcessWithoutNullStreams>();
after(() => {
  for (const child of running) child.kill("SIGKILL");
});

/** The environment of a process with e-mail through `box`, or with none at all. */
function envFor(dataDir: string, box?: Mailbox, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PREVIEW_DATA_DIR: dataDir,
    JOBS_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
    ...extra,
  };
  for (const name of ["SMTP_HOST", "SMTP_PORT", "SMTP_SECURE", "SMTP_USER", "SMTP_PASS", "DATABASE_URI"]) {
    if (!(name in extra)) delete env[name];
  }
  if (box) Object.assign(env, mailEnv(box, WORKSHOP));
  return env;
}

/** Starts the app in a process of its own; resolves once its queue runs. */
async function startProcess(env: NodeJS.ProcessEnv): Promise<QueueProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD], { cwd: REPOSITORY, env, stdio: "pipe" });
  running.add(child);
  const output: string[] = [];
  const waiting: ((answer: Answer) => void)[] = [];
  let ready: (() => void) | undefined;
  const ended = new Promise<void>((resolve) =>
    child.on("exit", () => {
      running.delete(child);
      resolve();
    }),
  );
  readline.createInterface({ input: child.stderr }).on("line", (line) => output.push(line));
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    if (!line.startsWith("@@ ")) return void output.push(line);
    const answer = JSON.parse(line.slice(3)) as Answer & { ready?: boolean };
    if (answer.ready) return ready?.();
    waiting.shift()?.(answer);
  });
  const started = new Promise<void>((resolve) => (ready = resolve));
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`the app did not start:\n${output.join("\n")}`)), START_MS).unref(),
  );
  const exited = ended.then(() => {
    throw new Error(`the app ended:\n${output.join("\n")}`);
  });
  await Promise.race([started, timeout, exited]);
  return {
    output,
    ask(command) {
      const answer = new Promise<Answer>((resolve) => waiting.push(resolve));
      child.stdin.write(`${JSON.stringify(command)}\n`);
      return answer.then((value) => {
        if (value.error) throw new Error(value.error);
        return value;
      });
    },
    async kill() {
      child.kill("SIGKILL");
      await ended;
    },
    async close() {
      child.stdin.end();
      const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await ended;
      clearTimeout(killer);
    },
  };
}

const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** The e-mails about the booking from `address`: the workshop's and the receipt. */
const mailsAbout = (box: Mailbox, address: string) => ({
  workshop: box.to(WORKSHOP).filter((mail) => mail.text?.includes(address)).length,
  receipt: box.to(address).length,
});

/** Waits until every case's e-mails are recorded as sent and no job of the queue runs or waits but the hourly one. */
async function settled(app: QueueProcess, count: number, ms = 60_000) {
  return waitFor(
    `${count} cases with their e-mails sent and no job left`,
    async () => {
      const { cases = [], jobs = [] } = await app.ask({ state: true });
      const sent = cases.filter((c) => c.emails.workshop === "sent" && c.emails.receipt === "sent");
      const busy = jobs.filter((job) => job.taskSlug !== CLEANUP_TASK && (job.processing || !job.completedAt));
      return sent.length === count && busy.length === 0 && cases;
    },
    ms,
  );
}

let box: Mailbox;
before(async () => {
  box = await startMailbox();
});
after(() => box.stop());

test("a job cut off by kill -9 during its e-mail is taken up after the restart, and its e-mails go once", async () => {
  const dataDir = tempDir("jobs-crash-");
  try {
    box.hangNext = true;
    const first = await startProcess(envFor(dataDir, box));
    const address = "krasj@eksempel.no";
    await first.ask({ book: address });
    await waitFor("the workshop's e-mail to hang in the SMTP server", () => box.hung === 1, 30_000);
    await first.kill();
    assert.deepEqual(mailsAbout(box, address), { workshop: 0, receipt: 0 });

    // the restart's job clock is a lease ahead, as if it started that much later: the dead process's job is due now
    const second = await startProcess(envFor(dataDir, box, { JOB_CLOCK_MS: String(LEASE_MS) }));
    try {
      await waitFor(
        "the booking's e-mails after the restart",
        () => {
          const mails = mailsAbout(box, address);
          return mails.workshop >= 1 && mails.receipt >= 1;
        },
        120_000,
      );
      await settled(second, 1);
      assert.deepEqual(mailsAbout(box, address), { workshop: 1, receipt: 1 });
    } finally {
      await second.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * Two processes on one database (`dataDirs`: their folders, one each or one
 * shared; `extra`: their environment) with cases from both, stored while
 * their queues wait, so both find all the jobs at once when they start.
 */
async function twoProcessesSendEachEmailOnce(label: string, dataDirs: [string, string], extra: Record<string, string>) {
  const paused = { ...extra, QUEUE_PAUSED: "1" };
  const first = await startProcess(envFor(dataDirs[0], box, paused));
  // the second opens a database the first has migrated
  const second = await startProcess(envFor(dataDirs[1], box, paused));
  try {
    const addresses = Array.from({ length: 10 }, (_, i) => `${label}-${i}@eksempel.no`);
    for (const [i, address] of addresses.entries()) await (i % 2 ? second : first).ask({ book: address });
    await Promise.all([first.ask({ run: true }), second.ask({ run: true })]);
    await settled(first, addresses.length);
    // a second run of a job would come with the queues' next runs
    await new Promise((resolve) => setTimeout(resolve, TWO_RUNS_MS));
    for (const address of addresses) assert.deepEqual(mailsAbout(box, address), { workshop: 1, receipt: 1 }, address);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
}

test("two processes on one SQLite data folder send each e-mail once", async () => {
  const dataDir = tempDir("jobs-two-");
  try {
    await twoProcessesSendEachEmailOnce("sqlite", [dataDir, dataDir], {});
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("two processes on one PostgreSQL send each e-mail once", async () => {
  const dirs: [string, string] = [tempDir("jobs-pg-a-"), tempDir("jobs-pg-b-")];
  try {
    const url = await freshDatabase("jobs");
    await twoProcessesSendEachEmailOnce("postgres", dirs, { DATABASE_URI: url });
  } finally {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a process without e-mail beside one with it takes no e-mail job: every e-mail arrives, once", async () => {
  const dataDir = tempDir("jobs-mailoff-");
  // the one with e-mail stores the cases and runs its queue only later; the one without runs its queue all along
  const withMail = await startProcess(envFor(dataDir, box, { QUEUE_PAUSED: "1" }));
  const withoutMail = await startProcess(envFor(dataDir));
  try {
    const addresses = Array.from({ length: 6 }, (_, i) => `uten-epost-${i}@eksempel.no`);
    for (const address of addresses) await withMail.ask({ book: address });
    // a few of its queue's runs
    await new Promise((resolve) => setTimeout(resolve, 2 * TWO_RUNS_MS));
    const { cases = [] } = await withMail.ask({ state: true });
    assert.deepEqual(
      cases.map((c) => c.emails),
      addresses.map(() => ({ workshop: "pending", receipt: "pending" })),
      "no e-mail went from the process without e-mail",
    );
    await withMail.ask({ run: true });
    await settled(withoutMail, addresses.length);
    for (const address of addresses) assert.deepEqual(mailsAbout(box, address), { workshop: 1, receipt: 1 }, address);
  } finally {
    await Promise.all([withMail.close(), withoutMail.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a cleanup left running by a dead process does not stop a later cleanup from deleting", async () => {
  const host = await startAdminHost({});
  try {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#808080" } })
      .jpeg()
      .toBuffer();
    const answer = await upload(host, photo, "ubrukt.jpg");
    assert.equal(answer.status, 201);
    const { doc } = (await answer.json()) as { doc: { id: number } };
    // the photo was uploaded more than a day ago, and no quote names it
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await host.payload.db.updateOne({ collection: "media", id: doc.id, data: { createdAt: dayAgo } });
    // the hourly cleanup as a process that died while running it left it: `processing`, its last stamp minutes old
    const job = await host.payload.jobs.queue({
      task: CLEANUP_TASK,
      queue: QUEUE,
      input: {},
      meta: { scheduled: true },
    });
    const minutesAgo = new Date(Date.now() - 2 * LEASE_MS).toISOString();
    await host.payload.db.updateJobs({
      id: job.id,
      data: { processing: true, totalTried: 0, updatedAt: minutesAgo },
      req: {},
      returning: false,
    });
    await waitFor(
      "the unused photo to be deleted",
      async () => (await host.payload.count({ collection: "media", overrideAccess: true })).totalDocs === 0,
      30_000,
    );
    // the one it left has run (and, done, is gone), and the next hour's is queued
    await waitFor(
      "the next hour's cleanup to be queued",
      async () => {
        const { docs } = await host.payload.find({
          collection: "payload-jobs",
          where: { taskSlug: { equals: CLEANUP_TASK } },
          depth: 0,
        });
        const later = (next: (typeof docs)[number]) =>
          !next.processing && Date.parse(next.waitUntil ?? "") > Date.now();
        return docs.length === 1 && later(docs[0]!);
      },
      30_000,
    );
  } finally {
    await host.close();
  }
});

test("a case with two e-mail jobs (the cleanup queued them again) gets its e-mails once", async () => {
  const host = await startAdminHost(mailEnv(box, WORKSHOP));
  try {
    // both jobs are there when the queue next runs
    _internal_jobSystemGlobals.shouldAutoRun = false;
    const address = "to-jobber@eksempel.no";
    const booking = await host.payload.create({
      collection: CONTACT_SLUG,
      data: { email: address, phone: "+47 912 34 567", message: "Bulk i panseret", status: "NEW" },
    });
    const input = { collection: CONTACT_SLUG, id: booking.id };
    await host.payload.jobs.queue({ task: CASE_EMAILS_TASK, queue: QUEUE, input });
    _internal_jobSystemGlobals.shouldAutoRun = true;
    await waitFor(
      "both jobs to be done",
      async () => {
        const { totalDocs } = await host.payload.count({
          collection: "payload-jobs",
          where: { taskSlug: { equals: CASE_EMAILS_TASK } },
        });
        const stored = await host.payload.findByID({ collection: CONTACT_SLUG, id: booking.id, depth: 0 });
        return totalDocs === 0 && stored.emails?.workshop === "sent" && stored.emails.receipt === "sent";
      },
      30_000,
    );
    assert.deepEqual(mailsAbout(box, address), { workshop: 1, receipt: 1 });
  } finally {
    _internal_jobSystemGlobals.shouldAutoRun = true;
    await host.close();
  }
});

test("a case flooded with e-mail jobs holds back no other case's e-mails: each case's jobs go in turn", async () => {
  const host = await startAdminHost(mailEnv(box, WORKSHOP));
  const FLOOD = 20;
  const flooded = caseKey(INQUIRY_SLUG, 1);
  try {
    // the flood and the booking are all queued before the queue runs, the booking's job last
    _internal_jobSystemGlobals.shouldAutoRun = false;
    for (let n = 0; n < FLOOD; n++) {
      await host.payload.jobs.queue({
        task: EVENT_EMAIL_TASK,
        queue: QUEUE,
        input: { event: 10_000 + n, case: flooded },
      });
    }
    const address = "bak-flommen@eksempel.no";
    const booking = await host.payload.create({
      collection: CONTACT_SLUG,
      data: { email: address, phone: "+47 912 34 567", message: "Riper i døra", status: "NEW" },
    });
    // one run that may take two jobs: one of the flood, then the booking's
    await runQueue(host.payload, { mailOn: true, limit: 2 });
    const stored = await host.payload.findByID({ collection: CONTACT_SLUG, id: booking.id, depth: 0 });
    assert.equal(stored.emails?.workshop, "sent");
    assert.equal(stored.emails.receipt, "sent");
    const { totalDocs } = await host.payload.count({
      collection: "payload-jobs",
      where: { concurrencyKey: { equals: flooded } },
    });
    assert.equal(totalDocs, FLOOD - 1, "one job of the flood has run");
  } finally {
    _internal_jobSystemGlobals.shouldAutoRun = true;
    await host.close();
  }
});
