/**
 * The workshop's Payload app for the browser tests: the server `npm run
 * admin:build` assembles, started by payload/test/serve.ts on a free port
 * with a fresh data folder and a local mailbox, and its staff's login.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { Page } from "./fixtures";

export interface StartedAdmin {
  child: ChildProcess;
  origin: string;
  login: { email: string; password: string };
  /** the staff's `Authorization` header for its API */
  staff: string;
}

/**
 * Starts the app (payload/test/serve.ts) with `env`; resolves once it is up. `onOutput` gets all it printed so
 * far each time it prints (each `MAIL <to>` line is one e-mail its mailbox received). It ends when its standard
 * input closes.
 */
export function startAdmin(env: Record<string, string>, onOutput: (text: string) => void = () => {}) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("payload", "test", "serve.ts")], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, ...env },
  });
  let text = "";
  return new Promise<StartedAdmin>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      onOutput(text);
      const found = /^ADMIN (\S+) (.+)$/m.exec(text);
      const staffLine = /^STAFF (\S+) (\S+)$/m.exec(text);
      if (found && staffLine) {
        const login = { email: staffLine[1]!, password: staffLine[2]! };
        resolve({ child, origin: found[1]!, login, staff: found[2]! });
      }
    });
    child.on("exit", (code) => reject(new Error(`the admin host exited (${code})`)));
  });
}

/** Logs in to the admin at `at` as the staff user. */
export async function logIn(page: Page, at: string, as: { email: string; password: string }) {
  await page.goto(`${at}/admin/login`);
  await page.getByLabel("E-post").fill(as.email);
  await page.getByLabel("Passord").fill(as.password);
  await page.getByRole("button", { name: "Logg inn" }).click();
  await page.waitForURL(`${at}/admin`);
}
