/**
 * Every spec imports `test` and `expect` from here: Playwright's, plus one
 * automatic check. The preview server sends the Content Security Policy the
 * build wrote for the host (out/_headers), so every test is also a test that the
 * policy lets the site work: any `securitypolicyviolation` in a page fails the test.
 */
import { test as base, expect } from "@playwright/test";

export * from "@playwright/test";

declare global {
  interface Window {
    __e2eCspViolation?: (report: string) => void;
  }
}

export const test = base.extend<{ cspViolations: string[] }>({
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
});

export { expect };
