/**
 * End-to-end tests against the exported site, served by the preview server
 * (`npm start`'s server) on its own port, in Debian's Chromium.
 * `npm test` builds first; alone: `npm run build:test && npm run test:e2e` (the test build
 * adds the page /testfeil and a fake secret, see lib/hosting/test-build.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM } from "./scripts/lib/chromium";
import { TEST_BUILD_ENV } from "./lib/hosting/test-build";
import { SERVICE_PATH } from "./testing/vegvesen";
import { mailListUrl, testMailEnv } from "./testing/mail-list";

// the tests read the configuration the test build was made with (its site origin, no hosts), not the machine's
Object.assign(process.env, TEST_BUILD_ENV);
const port = Number(process.env.E2E_PORT ?? 3100);
// The preview server looks cars up at a stand-in for Statens vegvesen on its own port (testing/vegvesen.ts);
// the tests read its address and key from SVV_API_URL and SVV_API_KEY.
const svvPort = port + 90;
const E2E_SVV = {
  SVV_API_KEY: "e2e-svv-nokkel-3b9d41c7a2e85f60",
  SVV_API_URL: `http://127.0.0.1:${svvPort}${SERVICE_PATH}`,
};
Object.assign(process.env, E2E_SVV);
// the server's e-mails go to a local mail server whose listing the tests read (testing/mailbox-serve.ts)
process.env.E2E_MAIL_PORT ||= String(port + 91);
const E2E_MAIL = testMailEnv(Number(process.env.E2E_MAIL_PORT));
// What the preview server receives goes to a fresh folder, never the repo's .data/; the tests read
// it from E2E_DATA_DIR (set here once; the workers inherit it).
process.env.E2E_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    // a trace costs every test its recording: it is kept for a failure's retry only (CI retries once)
    trace: "on-first-retry",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      command: "npx tsx testing/vegvesen-serve.ts",
      env: { SVV_STAND_IN_PORT: String(svvPort), SVV_API_KEY: E2E_SVV.SVV_API_KEY },
      url: `http://127.0.0.1:${svvPort}/calls`,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: "npx tsx testing/mailbox-serve.ts",
      env: { MAIL_STAND_IN_PORT: process.env.E2E_MAIL_PORT },
      url: mailListUrl(Number(process.env.E2E_MAIL_PORT)),
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: "npx tsx server/start.ts",
      // With the test build's variables, the server takes out/ from `npm run build:test` as current
      // (and builds that one itself if out/ is missing or stale), never a plain build.
      env: {
        PORT: String(port),
        PREVIEW_DATA_DIR: process.env.E2E_DATA_DIR!,
        ...TEST_BUILD_ENV,
        ...E2E_SVV,
        ...E2E_MAIL,
      },
      url: `http://localhost:${port}/`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: "ignore",
    },
  ],
});
