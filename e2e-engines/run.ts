/**
 * The cross-engine suite (`npm test` runs it after Playwright; alone:
 * `npm run build:test && npx tsx e2e-engines/run.ts`): the flows in flows.ts
 * in WebKitGTK and Firefox ESR at 375 px, against the preview server serving
 * the test build with its real headers (through report-proxy.ts, which adds
 * a report-uri to each policy and can hold a flow's chosen requests back).
 * Installs the engines with apt-get when they are missing and we are root.
 *
 * Each engine is started once for the whole run (one Xvfb and WebKitWebDriver,
 * one Firefox) and runs its flows one after another, each in a page with a
 * fresh profile of its own, checked empty (no cookie, storage, database or
 * cache) before the flow begins. The two engines run at the same time; the
 * proxy keeps each engine's CSP violations and held requests apart (its lanes,
 * by User-Agent), and the flows tell their own records and e-mails apart.
 *
 * Writes reports/engines.json: { passed, failed, tests }, where tests lists
 * each flow as `<engine> › <flow>` with its time in ms and whether it passed;
 * exits 1 on any failure. Each flow's line starts with its engine's name. A
 * failing flow prints its steps with their times and leaves a screenshot in
 * reports/engines/.
 *
 * One preview server and one workshop's built app (e2e/admin-app.ts, on the
 * same data folder, for the staff's calls) serve both engines; they send their
 * e-mails to a local mail server (testing/mailbox-serve.ts) that the flows read.
 * The app starts after the preview server, while the first flows run: only the
 * flows that call it (`usesAdmin`) wait for it.
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
import { startAdmin, type StartedAdmin } from "../e2e/admin-app";
import { makeCheckPhotos } from "../e2e/photos";
import { TEST_BUILD_ENV } from "../lib/hosting/test-build";
import { mailListUrl, testMailEnv } from "../testing/mail-list";
import {
  StepLog,
  traced,
  waitFor,
  withStepLog,
  type EngineBrowser,
  type EnginePage,
} from "../testing/engines/browsers";
import { ensureEngines, ENGINES, type Engine } from "../testing/engines/install";
import { flows, type Flow, type FlowContext } from "./flows";
import { BLANK_PATH, startReportProxy, type ProxyLane, type ReportProxy } from "./report-proxy";

const basePort = Number(process.env.ENGINES_PORT ?? 3110);
const chosen = (process.env.ENGINES ?? "webkit,firefox").split(",") as Engine[];
const chosenFlows = flows.filter((flow) => flow.name.includes(process.env.ENGINES_FLOW ?? ""));
const mailPort = basePort + 2;
/** The width of the engine's name at the start of each line, so that the lines of both engines line up. */
const NAME_WIDTH = Math.max(...chosen.map((engine) => ENGINES[engine].name.length));

/** What one flow's run came to, as reports/engines.json lists it. */
interface FlowResult {
  name: string;
  ms: number;
  ok: boolean;
}

/** What every engine's flows share: the servers, the data folder, the photos to choose. */
interface Shared {
  proxy: ReportProxy;
  dataDir: string;
  photos: [string, string];
  checkPhoto: (name: string) => string;
  /** the workshop's app, still starting while the first flows run */
  admin: Promise<StartedAdmin>;
}

/** What a flow that does not say `usesAdmin` gets for the workshop's app: any use of it says what is missing. */
const UNDECLARED_ADMIN: FlowContext["admin"] = {
  get origin(): string {
    throw new Error("this flow calls the workshop's app: it must say `usesAdmin: true`");
  },
  get staff(): string {
    throw new Error("this flow calls the workshop's app: it must say `usesAdmin: true`");
  },
};

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

/** What a page has stored, and its browser's User-Agent, read on the proxy's empty page (BLANK_PATH). */
interface PageState {
  userAgent: string;
  stored: Record<string, unknown[]>;
}

const PAGE_STATE = `
  return (async () => ({
    userAgent: navigator.userAgent,
    stored: {
      cookies: document.cookie ? document.cookie.split("; ") : [],
      localStorage: Object.keys(localStorage),
      sessionStorage: Object.keys(sessionStorage),
      indexedDB: (await indexedDB.databases()).map((db) => db.name),
      caches: typeof caches === "undefined" ? [] : await caches.keys(),
      serviceWorkers: navigator.serviceWorker ? (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope) : [],
    },
  }))();
`;

/** Throws unless the page's profile holds nothing on the site's origin: no flow may see what another left. */
function expectFresh({ stored }: PageState) {
  const left = Object.entries(stored).filter(([, items]) => items.length > 0);
  if (left.length) throw new Error(`the page did not start fresh; left by an earlier flow: ${JSON.stringify(left)}`);
}

/** Each line of `text` after the engine's name, so that the lines of engines running at once stay readable. */
const prefixed = (name: string, text: string) =>
  text
    .split("\n")
    .map((line) => `${name.padEnd(NAME_WIDTH)}  ${line}`)
    .join("\n");

/**
 * One engine for the run: its browser, started on first use (and again when it has gone), and its lane in the
 * proxy, claimed by its User-Agent on its first page.
 */
class EngineRun {
  readonly name: string;
  private browser: EngineBrowser | undefined;
  private claimed: { userAgent: string; lane: ProxyLane } | undefined;

  constructor(
    readonly engine: Engine,
    private readonly launch: () => Promise<EngineBrowser>,
    private readonly proxy: ReportProxy,
  ) {
    this.name = ENGINES[engine].name;
  }

  say(text: string): void {
    console.log(prefixed(this.name, text));
  }

  /** A page with a fresh profile. */
  async openPage(): Promise<EnginePage> {
    this.browser ??= await this.launch();
    try {
      return await this.browser.newPage();
    } catch (error) {
      this.say(`(the engine opened no page: ${String(error)}; starting it again)`);
      await this.close();
      this.browser = await this.launch();
      return this.browser.newPage();
    }
  }

  /** The engine's lane: the same browser, by its User-Agent, on every page. */
  laneOf(userAgent: string): ProxyLane {
    this.claimed ??= { userAgent, lane: this.proxy.lane(userAgent) };
    if (this.claimed.userAgent !== userAgent) throw new Error(`the engine's User-Agent changed to ${userAgent}`);
    return this.claimed.lane;
  }

  async close(): Promise<void> {
    await this.browser?.close().catch(() => {});
    this.browser = undefined;
  }
}

/** Runs `flow` in a fresh page of `run`'s engine, checked empty first; prints its line and answers its result. */
async function runFlow(run: EngineRun, flow: Flow, shared: Shared): Promise<FlowResult> {
  const started = Date.now();
  const log = new StepLog();
  const { proxy } = shared;
  let page: EnginePage | undefined;
  let lane: ProxyLane | undefined;
  const result = (ok: boolean) => ({ name: `${run.name} › ${flow.name}`, ms: Date.now() - started, ok });
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  try {
    log.record("open a page with a fresh profile");
    page = traced(await run.openPage(), log);
    await page.goto(`${proxy.origin}${BLANK_PATH}`);
    const state = await page.run<PageState>(PAGE_STATE);
    lane = run.laneOf(state.userAgent);
    expectFresh(state);
    let admin = UNDECLARED_ADMIN;
    if (flow.usesAdmin) {
      log.record("wait for the workshop's app");
      admin = await shared.admin;
    }
    const seen = lane.violations.length;
    const violations = () => lane!.violations.slice(seen);
    await withStepLog(log, () =>
      flow.run({
        page: page!,
        origin: proxy.origin,
        dataDir: shared.dataDir,
        photos: shared.photos,
        checkPhoto: shared.checkPhoto,
        cspViolations: violations,
        holdRequests: lane!.hold,
        admin,
        mailPort,
      }),
    );
    const late = violations();
    if (late.length) throw new Error(`CSP violations: ${late.join("; ")}`);
    const passed = result(true);
    const steps = process.env.ENGINES_TRACE ? `\n${log.lines.map((s) => `      ${s}`).join("\n")}` : "";
    run.say(`✓ ${flow.name} (${seconds(passed.ms)})${steps}`);
    return passed;
  } catch (error) {
    const failed = result(false);
    const shot = page ? `\n    screenshot: ${await screenshot(page, run.engine, flow.name)}` : "";
    run.say(
      `✗ ${flow.name} (${seconds(failed.ms)})\n` +
        `    ${error instanceof Error ? error.message : String(error)}\n` +
        `    steps:\n${log.lines.map((s) => `      ${s}`).join("\n")}${shot}`,
    );
    return failed;
  } finally {
    lane?.hold(undefined); // a flow's held requests end with it
    await page?.close().catch(() => {});
  }
}

/** Runs every chosen flow in `run`'s engine, one after another; answers each flow's result. Never throws. */
async function runEngine(run: EngineRun, shared: Shared): Promise<FlowResult[]> {
  const started = Date.now();
  const results: FlowResult[] = [];
  try {
    for (const flow of chosenFlows) results.push(await runFlow(run, flow, shared));
  } finally {
    await run.close();
  }
  const passed = results.filter((r) => r.ok).length;
  run.say(`${passed} of ${results.length} passed, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return results;
}

async function main() {
  const launchers = ensureEngines(chosen);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "engines-data-"));
  // made while the servers start
  const photosMade = Promise.all([
    phonePhotos(fs.mkdtempSync(path.join(os.tmpdir(), "engines-photos-"))),
    makeCheckPhotos("engines-check-photos"),
  ]);
  photosMade.catch(() => undefined); // awaited below, unless a server fails to start first
  const proxyPort = basePort + 1;
  // what was started, stopped in reverse order whatever happens
  const stops: (() => unknown)[] = [];
  const tests: FlowResult[] = [];
  try {
    stops.push(await startMailServer());
    stops.push(await startPreviewServer(dataDir, `http://127.0.0.1:${proxyPort}`));
    const proxy = await startReportProxy(`http://127.0.0.1:${basePort}`, proxyPort);
    stops.push(() => proxy.close());
    // started after the preview server (the two share the data folder) and awaited only by the flows that call it
    const admin = chosenFlows.some((flow) => flow.usesAdmin)
      ? startAdmin({ PREVIEW_DATA_DIR: dataDir, SITE_ORIGIN: proxy.origin, SMTP_PORT: String(mailPort) })
      : Promise.reject(new Error("no chosen flow calls the workshop's app"));
    admin.catch(() => undefined); // each flow that awaits it reports its failure
    stops.push(async () => (await admin.catch(() => undefined))?.child.stdin!.end());
    const [photos, checkPhoto] = await photosMade;
    console.log(
      `\nAt the same time, one flow after another in each: ${chosen.map((engine) => ENGINES[engine].label).join("; ")}`,
    );
    const shared: Shared = { proxy, dataDir, photos, checkPhoto, admin };
    const perEngine = await Promise.all(
      chosen.map((engine) => runEngine(new EngineRun(engine, launchers[engine], proxy), shared)),
    );
    tests.push(...perEngine.flat());
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
  const passed = tests.filter((test) => test.ok).length;
  const failed = tests.length - passed;
  fs.mkdirSync("reports", { recursive: true });
  fs.writeFileSync(path.join("reports", "engines.json"), JSON.stringify({ passed, failed, tests }));
  console.log(`\nengines: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

void main();
