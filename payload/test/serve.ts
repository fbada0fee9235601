/**
 * The workshop's Payload app (admin/, the server `npm run admin:build`
 * assembles, as `npm run admin:start` runs it) on a free port with a
 * fresh data folder and a local mailbox, in a process of its own, for the
 * browser test of the built site's forms (e2e/admin-host.spec.ts). Its first
 * staff user is made as the first visit to the admin would. Prints
 * `ADMIN <origin> <the staff's Authorization header>` and
 * `STAFF <e-mail> <password>`, then, for each e-mail the mailbox receives,
 * `MAIL <to>`. Ends, closing both, when its standard input closes.
 *
 *   SITE_ORIGIN       the site's origin, for CORS (default http://localhost:3000)
 *   PREVIEW_DATA_DIR  a data folder to open (`npm start`'s), kept afterwards; by default a fresh one, deleted
 *   SMTP_PORT         a mail server on 127.0.0.1 to send to instead of its own mailbox (then no `MAIL` lines)
 *
 * On a data folder whose first staff user was made before, it logs that user in.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ADMIN_SERVER_ENTRY } from "../../scripts/lib/admin-server";
import { STAFF } from "./harness";
import { startMailbox } from "./mailbox";
import { freePort } from "./net";

if (!fs.existsSync(ADMIN_SERVER_ENTRY)) {
  console.error("admin/ is not built: run `npm run admin:build` (npm test does) first");
  process.exit(1);
}

const givenSmtp = process.env.SMTP_PORT;
const box = await startMailbox();
const port = await freePort();
const origin = `http://localhost:${port}`;
const given = process.env.PREVIEW_DATA_DIR;
const dataDir = given || fs.mkdtempSync(path.join(os.tmpdir(), "admin-app-"));
// a process group of its own, so whatever the server starts ends with this script too
const app = spawn(process.execPath, [ADMIN_SERVER_ENTRY], {
  detached: true,
  cwd: path.dirname(ADMIN_SERVER_ENTRY),
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    SERVER_URL: origin,
    PREVIEW_DATA_DIR: dataDir,
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: givenSmtp || String(box.port),
    SMTP_SECURE: "false",
    EMAIL_FROM: "nettside@bulkeklinikken.test",
    WORKSHOP_EMAIL: "verksted@bulkeklinikken.test",
  },
});

async function stop(code: number) {
  try {
    process.kill(-app.pid!, "SIGTERM");
  } catch {
    // it has ended already
  }
  await box.stop();
  if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

const post = (what: string) =>
  fetch(`${origin}/api/users/${what}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(STAFF),
  }).catch(() => undefined);

/** The first staff user, as the admin's first visit makes it, or logged in when it was made before; returns its Authorization header. */
async function firstUser(): Promise<string> {
  const until = Date.now() + 120_000;
  for (;;) {
    let answer = await post("first-register");
    if (answer?.status === 403) answer = await post("login");
    if (answer?.ok) return `JWT ${((await answer.json()) as { token: string }).token}`;
    if (Date.now() > until) throw new Error(`the admin app did not start: ${answer?.status ?? "no answer"}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const staff = await firstUser().catch(async (error: unknown) => {
  console.error(error);
  return stop(1);
});
let told = 0;
const tell = setInterval(() => {
  for (const mail of box.mails.slice(told)) {
    const to = [mail.to ?? []].flat().map((address) => address.text);
    process.stdout.write(`MAIL ${to.join(",")}\n`);
  }
  told = box.mails.length;
}, 50);
process.stdout.write(`STAFF ${STAFF.email} ${STAFF.password}\nADMIN ${origin} ${staff}\n`);
process.stdin.resume();
process.stdin.on("end", () => {
  clearInterval(tell);
  void stop(0);
});
