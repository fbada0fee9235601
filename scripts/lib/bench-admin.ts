/**
 * The workshop's Payload app (admin/, through payload/test/serve.ts, mailing
 * to a local mail server in this process): how long it takes to build when
 * its sources changed; how long a booking and a quote with one photo take
 * from the site's request to the workshop's e-mail; and, on the customer's
 * link, how long an offer takes from the staff's `Send tilbud` to the
 * customer's e-mail, and an acceptance from the customer's press to the
 * workshop's e-mail. Five of each in a row, with their medians. The
 * calendar: GET /api/booking/times for the six weeks, one visitor after
 * another (median and p99), and bookings with a time, 20 at once (per second).
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { startMailbox, type Mailbox } from "../../payload/test/mailbox";
import { daysAhead, offerBody, postQuote, staffCall, tokenIn } from "../../testing/case-link";
import { WORKSHOP_EMAIL } from "../../testing/mail-list";
import { storedQuotes } from "../../testing/stored";
import { bookingTimesSchema, bookingTimesUrl } from "../../lib/api/booking-times";
import { CONTACT_PATH } from "../../lib/api/schemas";
import { contact, load } from "./bench-server";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A quote with one uploaded photo from `email`, as the site sends it. */
async function quote(origin: string, email: string): Promise<Response> {
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#456" } })
    .jpeg()
    .toBuffer();
  return postQuote(origin, "/api/inquiry", { reg: "EL12345", email, photo });
}

/** Polls `test` every 10 ms until it returns something truthy, and returns that; two minutes at most. */
async function until<T>(what: string, test: () => T | undefined): Promise<T> {
  for (const stop = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 10))) {
    const found = test();
    if (found) return found;
    if (Date.now() > stop) throw new Error(`no ${what} within two minutes`);
  }
}

const mailTo = (box: Mailbox, to: string, subject: RegExp, after = 0) =>
  box
    .to(to)
    .slice(after)
    .find((mail) => subject.test(mail.subject ?? ""));

interface Admin {
  origin: string;
  staff: string;
  dataDir: string;
  box: Mailbox;
}

/** A booking's and a quote's way to the workshop's e-mail, `count` of each. */
async function toWorkshop(admin: Admin, count: number) {
  for (const [what, send] of [
    ["booking", (email: string) => contact(admin.origin, email, "")],
    ["quote with one photo", (email: string) => quote(admin.origin, email)],
  ] as const) {
    const times: number[] = [];
    for (let n = 0; n < count; n++) {
      const [sent, before] = [performance.now(), admin.box.to(WORKSHOP_EMAIL).length];
      const answer = await send(`kunde${n}.${Date.now()}@example.no`);
      if (!answer.ok) throw new Error(`the ${what} answered ${answer.status}: ${await answer.text()}`);
      await until("workshop e-mail", () => admin.box.to(WORKSHOP_EMAIL).length > before);
      times.push(Math.round(performance.now() - sent));
    }
    console.log(
      `A ${what} to the workshop's e-mail, ${count} in a row: ${times.join(", ")} ms (median ${median(times)} ms)`,
    );
  }
}

/** An offer to the customer's e-mail, and its acceptance to the workshop's, on `count` fresh quotes. */
async function caseLink(admin: Admin, count: number) {
  const offered: number[] = [];
  const accepted: number[] = [];
  for (let n = 0; n < count; n++) {
    const email = `tilbud${n}.${Date.now()}@example.no`;
    const sentQuote = await quote(admin.origin, email);
    if (!sentQuote.ok) throw new Error(`the quote answered ${sentQuote.status}: ${await sentQuote.text()}`);
    await until("quote's e-mail", () => mailTo(admin.box, email, /forespørselen/));
    const { id } = (await storedQuotes(admin.dataDir)).find((q) => q.email === email)!;
    const time = daysAhead(30);
    const sent = performance.now();
    const answer = await staffCall(
      admin,
      id,
      "send-offer",
      offerBody("fixed", [{ description: "Bulk", amountNok: 4000 }], [time]),
    );
    if (answer.status !== 201) throw new Error(`send-offer answered ${answer.status}: ${await answer.text()}`);
    const mail = await until("offer e-mail", () => mailTo(admin.box, email, /Pristilbud/));
    offered.push(Math.round(performance.now() - sent));

    const token = tokenIn({ text: mail.text ?? "" });
    const before = admin.box.to(WORKSHOP_EMAIL).length;
    const pressed = performance.now();
    const accept = await fetch(`${admin.origin}/api/sak/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, name: "Kari Nordmann", chosenTime: time.toISOString(), earlyStart: false }),
    });
    if (!accept.ok) throw new Error(`the acceptance answered ${accept.status}: ${await accept.text()}`);
    await until("acceptance e-mail", () => mailTo(admin.box, WORKSHOP_EMAIL, /Tilbud godtatt/, before));
    accepted.push(Math.round(performance.now() - pressed));
  }
  for (const [what, times] of [
    ["An offer from Send tilbud to the customer's e-mail", offered],
    ["An acceptance from the press to the workshop's e-mail", accepted],
  ] as const) {
    console.log(`${what}, ${count} in a row: ${times.join(", ")} ms (median ${median(times)} ms)`);
  }
}

/** How many visitors look up the free times one after another. */
const TIMES_LOOKUPS = 100;
/** How many bookings with a time are sent, and how many at once. */
const BOOKINGS = 100;
const BOOKINGS_AT_ONCE = 20;
/** The job the calendar's figures book: a wash on a mid-sized car. */
const WASH = { services: ["grundig-utvendig-bilvask"], size: "Medium/SUV" };

/** The calendar's figures (see the module's comment); each look-up from its own visitor's address. */
async function calendar(admin: Admin) {
  const url = bookingTimesUrl(admin.origin, WASH.services, WASH.size);
  const waits: number[] = [];
  let free = 0;
  for (let n = 0; n < TIMES_LOOKUPS; n++) {
    const started = performance.now();
    const answer = await fetch(url, { headers: { "X-Forwarded-For": `198.51.100.${n % 250}` } });
    if (!answer.ok) throw new Error(`the free times answered ${answer.status}`);
    free = bookingTimesSchema.parse(await answer.json()).times.length;
    waits.push(performance.now() - started);
  }
  waits.sort((a, b) => a - b);
  const p99 = Math.round(waits[Math.floor(waits.length * 0.99)]!);
  console.log(
    `GET /api/booking/times, six weeks (${free} times), ${TIMES_LOOKUPS} in a row: median ${Math.round(median(waits))} ms, p99 ${p99} ms`,
  );
  const { times } = bookingTimesSchema.parse(await (await fetch(url)).json());
  let next = 0;
  const book = () => {
    const time = times[next++ % times.length]!;
    return fetch(`${admin.origin}${CONTACT_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        email: `time${next}@example.no`,
        phone: "+47 912 34 567",
        message: "",
        time: { ...WASH, at: time.at, earlyStart: true },
      }),
    });
  };
  const booked = await load(BOOKINGS, BOOKINGS_AT_ONCE, book);
  console.log(
    `POST /api/contact with a time, ${BOOKINGS_AT_ONCE} at once: ${booked.perSecond}/s, p95 ${booked.p95} ms (${booked.statuses})`,
  );
}

export async function benchAdmin(count = 5): Promise<void> {
  const started = performance.now();
  const build = spawnSync("npx", ["tsx", "scripts/admin.ts", "--build"], { stdio: "ignore" });
  if (build.status !== 0) throw new Error("the admin app's build failed: npx tsx scripts/admin.ts --build");
  console.log(
    `\nThe admin app built when needed (npx tsx scripts/admin.ts --build): ${Math.round(performance.now() - started)} ms`,
  );
  const box = await startMailbox();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-admin-"));
  const serve = ["--import", "tsx", path.join("payload", "test", "serve.ts")];
  const env = { ...process.env, PREVIEW_DATA_DIR: dataDir, SMTP_PORT: String(box.port) };
  const child = spawn(process.execPath, serve, { stdio: ["pipe", "pipe", "inherit"], env });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += String(chunk)));
  try {
    const starting = performance.now();
    const [, origin, staff] = await until(
      "word from the admin app",
      () => /^ADMIN (\S+) (.+)$/m.exec(out) ?? undefined,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; it printed:\n${out}`);
    });
    console.log(`The admin app started and answered its API: ${Math.round(performance.now() - starting)} ms`);
    const admin = { origin: origin!, staff: staff!, dataDir, box };
    await toWorkshop(admin, count);
    await caseLink(admin, count);
    await calendar(admin);
  } finally {
    child.stdin!.end();
    if (child.exitCode === null) await once(child, "exit");
    await box.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
