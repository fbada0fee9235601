/**
 * The cross-engine suite (`npm test` runs it after Playwright; alone:
 * `npm run build:test && npx tsx e2e-engines/run.ts`): the flows in flows.ts
 * in WebKitGTK and Firefox ESR at 375 px, against the preview server serving
 * the test build with its real headers (through report-proxy.ts, which adds
 * a report-uri to each policy and can hold a flow's chosen requests back). Installs the engines with apt-get when
 * they are missing and we are root. Writes reports/engines.json
 * ({ passed, failed }) and exits 1 on any failure. A failing flow prints its
 * steps with their times and leaves a screenshot in reports/engines/.
 *
 * The preview server and the workshop's built app (e2e/admin-app.ts, on the
 * same data folder, for the staff's calls) send their e-mails to a local mail
 * server (testing/mailbox-serve.ts) that the flows read.
 *
 * ENGINES_PORT (default 3110) is the preview server's port; the proxy takes
 * the next one, the mail server the two after it. ENGINES=webkit or ENGINES=firefox runs one engine;
 * ENGINES_FLOW=<words> only the flows whose name holds them; ENGINES_TRACE=1
 * prints every flow's steps.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { startAdmin } from "../e2e/admin-app";
import { makeCheckPhotos } from "../e2e/photos";
import { TEST_BUILD_ENV } from "../lib/hosting/test-build";
import { mailListUrl, testMailEnv } from "../testing/mail-list";
import { traced, waitFor, type EnginePage } from "../testing/engines/browsers";
import { ensureEngines, ENGINES, type Engine } from "../testing/engines/install";
import { flows } from "./flows";
import { startReportProxy } from "./report-proxy";

const basePort = Number(process.env.ENGINES_PORT ?? 3110);
const chosen = (process.env.ENGINES ?? "webkit,firefox").split(",") as Engine[];
const chosenFlows = flows.filter((flow) => flow.name.includes(process.env.ENGINES_FLOW ?? ""));
const mailPort = basePort + 2;

/** A process of ours, started detached so that its whole group can be stopped; returns what stops it. */
function startDetached(args: string[], env: Record<string, string>) {
  const child = spawn("npx", args, { env: { ...process.env, ...env }, stdio: "ignore", detached: true });
  return () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
}

/** The mail server the servers send to, once it lists. */
async function startMailServer() {
  const stop = startDetached(["tsx", "testing/mailbox-serve.ts"], { MAIL_STAND_IN_PORT: String(mailPort) });
  await waitFor("the mail server", async () => (await fetch(mailListUrl(mailPort))).ok, 60_000).catch((error) => {
    stop();
    throw error;
  });
  return stop;
}

/**
 * The preview server, told that visitors reach it at the proxy's origin
 * (`publicOrigin`): its Payload names each uploaded photo by a url at that
 * origin, and the site's /inquiry takes an inquiry's photos only at the urls
 * its Payload gave them.
 */
async function startPreviewServer(dataDir: string, publicOrigin: string) {
  const stop = startDetached(["tsx", "server/start.ts"], {
    PORT: String(basePort),
    PREVIEW_DATA_DIR: dataDir,
    PREVIEW_PUBLIC_ORIGIN: publicOrigin,
    ...TEST_BUILD_ENV,
    ...testMailEnv(mailPort),
  });
  await waitFor(
    "the preview server",
    async () => (await fetch(`http://127.0.0.1:${basePort}/`)).ok,
    300_000, // it builds first when out/ is not the current test build
  ).catch((error) => {
    stop();
    throw error;
  });
  return stop;
}

async function phonePhotos(dir: string): Promise<[string, string]> {
  const make = async (name: string, background: string) => {
    const file = path.join(dir, name);
    await sharp({
      create: { width: 4000, height: 3000, channels: 3, background, noise: { type: "gaussian", mean: 120, sigma: 30 } },
    })
      .jpeg({ quality: 90 })
      .toFile(file);
    return file;
  };
  return [await make("bakdor.jpg", "#667"), await make("panser.jpg", "#776")];
}

/** The viewport when a flow failed, in reports/engines/. */
async function screenshot(page: EnginePage, engine: Engine, flow: string): Promise<string> {
  const file = path.join("reports", "engines", `${engine}-${flow.replace(/[^a-z0-9]+/gi, "-").slice(0, 60)}.png`);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await page.screenshot());
    return file;
  } catch (error) {
    return `none (${String(error)})`;
  }
}

async function main() {
  const installed = ensureEngines(chosen);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "engines-data-"));
  const photos = await phonePhotos(fs.mkdtempSync(path.join(os.tmpdir(), "engines-photos-")));
  const checkPhoto = await makeCheckPhotos("engines-check-photos");
  const proxyPort = basePort + 1;
  // what was started, stopped in reverse order whatever happens
  const stops: (() => unknown)[] = [];
  let passed = 0;
  let failed = 0;
  try {
    stops.push(await startMailServer());
    stops.push(await startPreviewServer(dataDir, `http://127.0.0.1:${proxyPort}`));
    const proxy = await startReportProxy(`http://127.0.0.1:${basePort}`, proxyPort);
    stops.push(() => proxy.close());
    const admin = await startAdmin({
      PREVIEW_DATA_DIR: dataDir,
      SITE_ORIGIN: proxy.origin,
      SMTP_PORT: String(mailPort),
    });
    stops.push(() => admin.child.stdin!.end());
    for (const engine of chosen) {
      console.log(`\n${ENGINES[engine].label}`);
      for (const flow of chosenFlows) {
        const started = Date.now();
        let page: EnginePage | undefined;
        const seen = proxy.violations.length;
        const steps: string[] = [];
        try {
          page = traced(await installed[engine](), steps);
          await flow.run({
            page,
            origin: proxy.origin,
            dataDir,
            photos,
            checkPhoto,
            cspViolations: () => proxy.violations.slice(seen),
            holdRequests: proxy.hold,
            admin,
            mailPort,
          });
          const late = proxy.violations.slice(seen);
          if (late.length) throw new Error(`CSP violations: ${late.join("; ")}`);
          passed++;
          console.log(`  ✓ ${flow.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
          if (process.env.ENGINES_TRACE) console.log(steps.map((s) => `      ${s}`).join("\n"));
        } catch (error) {
          failed++;
          console.log(`  ✗ ${flow.name}\n      ${error instanceof Error ? error.message : String(error)}`);
          console.log(`      steps:\n${steps.map((s) => `        ${s}`).join("\n")}`);
          if (page) console.log(`      screenshot: ${await screenshot(page, engine, flow.name)}`);
        } finally {
          proxy.hold(undefined); // a flow's held requests end with it
          await page?.close().catch(() => {});
        }
      }
    }
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
  fs.mkdirSync("reports", { recursive: true });
  fs.writeFileSync(path.join("reports", "engines.json"), JSON.stringify({ passed, failed }));
  console.log(`\nengines: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

void main();
