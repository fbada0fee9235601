/**
 * Every spec imports `test` and `expect` from here: Playwright's, plus one
 * automatic check and one shared server. The preview server sends the Content
 * Security Policy the build wrote for the host (out/_headers), so every test is
 * also a test that the policy lets the site work: any `securitypolicyviolation`
 * in a page fails the test. `admin` is the workshop's built app, started once
 * per worker by the first test that asks for it (./admin-app.ts).
 */
import { test as base, expect } from "@playwright/test";
import { startSharedAdmin, type StartedAdmin } from "./admin-app";

export * from "@playwright/test";

declare global {
  interface Window {
    __e2eCspViolation?: (report: string) => void;
  }
}

/** The most an admin start may take: the built app starts, migrates and makes its first user. */
const ADMIN_START_TIMEOUT_MS = 180_000;

export const test = base.extend<{ cspViolations: string[] }, { admin: StartedAdmin }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.exposeFunction("__e2eCspViolation", (report: string) => violations.push(report));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          window.__e2eCspViolation?.(
            `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} ` +
              `${event.sourceFile ?? ""}:${event.lineNumber}`,
          );
        });
      });
      await use(violations);
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  admin: [
    async ({}, use, workerInfo) => {
      const admin = await startSharedAdmin(new URL(workerInfo.project.use.baseURL!).origin);
      await use(admin);
      await admin.stop();
    },
    { scope: "worker", timeout: ADMIN_START_TIMEOUT_MS },
  ],
});

export { expect };
