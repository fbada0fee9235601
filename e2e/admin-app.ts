/**
 * The workshop's Payload app for the browser tests: the server `npm run
 * admin:build` assembles, started by payload/test/serve.ts on a free port,
 * and its staff's login. The specs share one per worker (the `admin`
 * fixture, ./fixtures.ts): on the preview server's data folder, as `npm run
 * admin` opens `npm start`'s, sending its e-mails to the suite's mail server.
 * Sharing the data, each test makes its own cases, with plates and e-mails
 * of its own (`uniquePlate`, `uniqueEmail`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import path from "node:path";
import type { Page } from "@playwright/test";

export interface StartedAdmin {
  child: ChildProcess;
  origin: string;
  login: { email: string; password: string };
  /** the staff's `Authorization` header for its API */
  staff: string;
  /** ends the app; resolves once its process has exited */
  stop: () => Promise<void>;
}

/**
 * Starts the app (payload/test/serve.ts) with `env`; resolves once it is up. `onOutput` gets all it printed so
 * far each time it prints (without `SMTP_PORT`, each `MAIL <to>` line is one e-mail its own mailbox received). It
 * ends when its standard input closes.
 */
export function startAdmin(env: Record<string, string>, onOutput: (text: string) => void = () => {}) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("payload", "test", "serve.ts")], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, ...env },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin!.end();
      await exited;
    }
  };
  let text = "";
  return new Promise<StartedAdmin>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      onOutput(text);
      const found = /^ADMIN (\S+) (.+)$/m.exec(text);
      const staffLine = /^STAFF (\S+) (\S+)$/m.exec(text);
      if (found && staffLine) {
        const login = { email: staffLine[1]!, password: staffLine[2]! };
        resolve({ child, origin: found[1]!, login, staff: found[2]!, stop });
      }
    });
    child.on("exit", (code) => reject(new Error(`the admin host exited (${code})`)));
  });
}

/**
 * The app the specs share: on the preview server's data folder (E2E_DATA_DIR), taking the site's calls from
 * `siteOrigin`, its e-mails to the suite's mail server (E2E_MAIL_PORT), where the tests read them.
 */
export function startSharedAdmin(siteOrigin: string) {
  return startAdmin({
    PREVIEW_DATA_DIR: process.env.E2E_DATA_DIR!,
    SITE_ORIGIN: siteOrigin,
    SMTP_PORT: process.env.E2E_MAIL_PORT!,
  });
}

/** A plate no other test uses: `prefix` and five random digits. */
export const uniquePlate = (prefix: string) => `${prefix}${randomInt(10_000, 100_000)}`;

/** An e-mail address no other test uses. */
export const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString("hex")}@example.no`;

/** Logs in to the admin at `at` as the staff user. */
export async function logIn(page: Page, at: string, as: { email: string; password: string }) {
  await page.goto(`${at}/admin/login`);
  await page.getByLabel("E-post").fill(as.email);
  await page.getByLabel("Passord").fill(as.password);
  await page.getByRole("button", { name: "Logg inn" }).click();
  await page.waitForURL(`${at}/admin`);
}
