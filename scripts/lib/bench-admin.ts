/**
 * The workshop's Payload app (admin/, through payload/test/serve.ts, mailing
 * to a local mail server in this process): how long it takes to build when
 * its sources changed; how long a booking and a quote with one photo take
 * from the site's request to the workshop's e-mail; and, on the customer's
 * link, how long an offer takes from the staff's `Send tilbud` to the
 * customer's e-mail, and an acceptance from the customer's press to the
 * workshop's e-mail. Five of each in a row, with their medians.
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
import { contact } from "./bench-server";

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
  } finally {
    child.stdin!.end();
    if (child.exitCode === null) await once(child, "exit");
    await box.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
