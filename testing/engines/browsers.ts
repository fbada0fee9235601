/**
 * The engines the cross-engine suite drives, each behind one small interface
 * (`EnginePage`): Debian's WebKitGTK (MiniBrowser through WebKitWebDriver,
 * under Xvfb, with selenium-webdriver) and Firefox ESR (WebDriver BiDi through
 * puppeteer-core). Elements are found as a user finds them, by role and name
 * or by label, with Testing Library's queries run in the page; clicks, typing
 * and file choices go through the driver, as real input.
 *
 * An engine is started once (`launchWebKit`, `launchFirefox`: an
 * `EngineBrowser`) and gives each page a profile of its own, so nothing a page
 * stores (cookies, local and session storage, IndexedDB, caches) reaches the
 * next: in WebKitGTK each page is a new WebDriver session on the same driver
 * and Xvfb, a new MiniBrowser whose automation mode keeps nothing on disk; in
 * Firefox each page is a new browser context (a user context) of the same
 * Firefox, closed with the page. `openWebKit` and `openFirefox` start an engine
 * for one page and stop it with that page.
 *
 * Steps are recorded per flow (`withStepLog`), so flows that run at once in
 * different engines each keep their own.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import puppeteer, { type ElementHandle, type Page } from "puppeteer-core";
import { Builder, type WebDriver, type WebElement } from "selenium-webdriver";

export const VIEWPORT = { width: 375, height: 812 };
export const WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver";
export const XVFB = "/usr/bin/Xvfb";
export const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
export const FIREFOX = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";

const TESTING_LIBRARY = fs.readFileSync(
  path.join(process.cwd(), "node_modules/@testing-library/dom/dist/@testing-library/dom.umd.min.js"),
  "utf8",
);

/** How a user names an element: its role and accessible name, or its label; optionally inside a region or form. */
export type Query = ({ role: string; name?: string } | { label: string }) & { within?: Query };

/**
 * The in-page lookups, as a function body over Testing Library's queries (loaded
 * by the page's `element` first): `find` answers the element, `count` how many
 * match a role inside a container, `items` each of them as the names of the
 * images in it and its text, `value` a field's value.
 */
const QUERY = `
  const [op, query] = arguments;
  const { getByRole, getByLabelText, queryAllByRole } = window.TestingLibraryDom;
  const find = (q) => {
    const container = q.within ? find(q.within) : document.body;
    return q.role ? getByRole(container, q.role, q.name === undefined ? {} : { name: q.name }) : getByLabelText(container, q.label);
  };
  const all = () => queryAllByRole(query.within ? find(query.within) : document.body, query.role);
  if (op === "count") return all().length;
  if (op === "items")
    return all().map((el) => ({
      images: queryAllByRole(el, "img").map((img) => img.getAttribute("alt") ?? img.getAttribute("aria-label") ?? ""),
      text: el.innerText.replace(/\\s+/g, " ").trim(),
    }));
  if (op === "value") return find(query).value;
  if (op.startsWith("attr:")) return find(query).getAttribute(op.slice(5));
  return find(query);
`;

export interface EnginePage {
  readonly engine: string;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  /** runs a function body in the page (`arguments[0]` is `arg`) and answers its (awaited) result */
  run<T>(body: string, arg?: unknown): Promise<T>;
  click(query: Query): Promise<void>;
  /** how many elements have this role (inside `within`) */
  count(query: { role: string; within?: Query }): Promise<number>;
  /** each element with this role (inside `within`): the names of the images in it, and its text */
  items(query: { role: string; within?: Query }): Promise<{ images: string[]; text: string }[]>;
  /** a field's value */
  value(query: Query): Promise<string>;
  /** an attribute of the element, or null */
  attribute(query: Query, name: string): Promise<string | null>;
  type(query: Query, text: string): Promise<void>;
  choose(query: Query, files: string[]): Promise<void>;
  /** a PNG of the viewport */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

/** The reads every engine answers with the same in-page query (QUERY), given how that engine runs it. */
function pageQueries(
  query: <T>(op: string, q: Query) => Promise<T>,
): Pick<EnginePage, "count" | "items" | "value" | "attribute"> {
  return {
    count: (q) => query("count", q),
    items: (q) => query("items", q),
    value: (q) => query("value", q),
    attribute: (q, name) => query(`attr:${name}`, q),
  };
}

/** An engine started once, which opens pages that each have a fresh profile of their own. */
export interface EngineBrowser {
  readonly engine: string;
  /** a page in a profile no other page shares; closing it ends that profile */
  newPage(): Promise<EnginePage>;
  /** stops the engine and whatever it started */
  close(): Promise<void>;
}

/** A flow's steps, each as seconds since the log began and what was done. */
export class StepLog {
  readonly lines: string[] = [];
  private readonly started = Date.now();

  record(label: string): void {
    this.lines.push(`${((Date.now() - this.started) / 1000).toFixed(1)} s  ${label}`);
  }
}

/** The log of the flow whose code is running: each flow runs inside its own (withStepLog). */
const currentLog = new AsyncLocalStorage<StepLog>();

/** Runs `work` with its waits (waitFor) written to `log`, whatever else runs at the same time. */
export const withStepLog = <T>(log: StepLog, work: () => Promise<T>): Promise<T> => currentLog.run(log, work);

/** How often waitFor asks again. */
const POLL_MS = 200;

/** Polls `check` until it answers true; fails with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const log = currentLog.getStore();
  let last: unknown;
  log?.record(`wait for ${what}`);
  for (;;) {
    try {
      if (await check()) return log?.record(`  got ${what}`);
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** How long a started WebKitWebDriver may take to answer. */
const WEBKIT_START_MS = 30_000;
/**
 * How long a new WebKit session (a MiniBrowser started for it) may take to open. A MiniBrowser that cannot
 * reach its display never opens, and the driver waits on it without end: past this the engine is started again.
 */
const WEBKIT_SESSION_MS = 15_000;

/** `work`'s result, or a failure naming `what` once `ms` have passed first. */
async function within<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not come within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Stops a process started detached, with whatever it started (a driver's browsers). */
function stop(child: ChildProcess) {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM"); // its whole group
    } catch {
      child.kill("SIGTERM");
    }
  }
}

/** A process's exit as a failure naming `what`, for a start or a call that waits on that process. */
function exitOf(child: ChildProcess, what: string): Promise<never> {
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code, signal) => reject(new Error(`${what} exited (${signal ?? code})`))),
  );
  exited.catch(() => undefined); // reported only to what waits on it
  return exited;
}

/**
 * An X server of our own for WebKitGTK, on a display number it chooses itself
 * (`-displayfd`: taken atomically, so another Xvfb starting at the same time
 * cannot take the same one), answering only local connections on that
 * display's socket, with no cookie file that could go missing while it runs.
 * It must not reset when its last client leaves (`-noreset`): each session's
 * MiniBrowser is the only client, and the next one, connecting while the
 * server resets, would find no display.
 */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const args = ["-displayfd", "3", "-noreset", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"];
  const xvfb = spawn(XVFB, args, {
    detached: true,
    stdio: ["ignore", "ignore", "ignore", "pipe"],
  });
  const exited = exitOf(xvfb, "Xvfb");
  const chosen = new Promise<string>((resolve) => {
    let text = "";
    xvfb.stdio[3]!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\n")) resolve(`:${text.trim()}`);
    });
  });
  try {
    return { display: await within("Xvfb's display", WEBKIT_START_MS, Promise.race([chosen, exited])), process: xvfb };
  } catch (error) {
    stop(xvfb);
    throw error;
  }
}

/** Whether the WebKitWebDriver on `port` answers that it takes new sessions. */
async function driverReady(port: number): Promise<boolean> {
  const status = (await (await fetch(`http://127.0.0.1:${port}/status`)).json()) as { value?: { ready?: boolean } };
  return status.value?.ready === true;
}

/**
 * WebKitGTK: one Xvfb with one WebKitWebDriver for as long as it runs; each
 * page is a new session on it, a MiniBrowser of its own whose automation mode
 * keeps its data in memory only, quit with the page. One page at a time.
 */
export async function launchWebKit(): Promise<EngineBrowser> {
  const xvfb = await startXvfb();
  const port = await freePort();
  const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    detached: true,
    stdio: "ignore",
    env: { ...process.env, DISPLAY: xvfb.display },
  });
  const exited = Promise.race([exitOf(driverProcess, "WebKitWebDriver"), exitOf(xvfb.process, "Xvfb")]);
  exited.catch(() => undefined); // reported only to what waits on it
  const stopAll = () => {
    stop(driverProcess);
    stop(xvfb.process);
  };
  try {
    await Promise.race([waitFor("WebKitWebDriver", () => driverReady(port), WEBKIT_START_MS), exited]);
  } catch (error) {
    stopAll();
    throw error;
  }
  return {
    engine: "WebKitGTK",
    newPage: async () => {
      const session: Promise<WebDriver> = Promise.resolve(
        new Builder()
          .usingServer(`http://127.0.0.1:${port}`)
          .withCapabilities({
            browserName: "MiniBrowser",
            "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
          })
          .build(),
      );
      return webKitPage(await within("a new WebKit session", WEBKIT_SESSION_MS, Promise.race([session, exited])));
    },
    close: async () => stopAll(),
  };
}

/** A WebDriver session of WebKitWebDriver's as an EnginePage; closing it quits the session. */
async function webKitPage(d: WebDriver): Promise<EnginePage> {
  await d.manage().window().setRect({ width: VIEWPORT.width, height: VIEWPORT.height });
  const query = async <T>(op: string, q: Query): Promise<T> => {
    if (!(await d.executeScript("return !!window.TestingLibraryDom"))) await d.executeScript(TESTING_LIBRARY);
    return d.executeScript<T>(QUERY, op, q);
  };
  /**
   * The element, scrolled to the middle of the screen at once before the driver
   * acts on it, as a visitor brings a button clear of the phone action bar
   * before tapping it. WebKitWebDriver's own scroll follows the page's
   * `scroll-behavior: smooth`, and it judges the element before the scroll has
   * brought it into view (ElementNotInteractableError); its alignment (block
   * end) leaves an element under the fixed bar at the bottom of a phone's
   * screen (ElementClickInterceptedError).
   */
  const element = async (q: Query) => {
    const found = await query<WebElement>("find", q);
    await d.executeScript(
      `arguments[0].scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });`,
      found,
    );
    return found;
  };
  const run = async <T>(body: string, arg?: unknown): Promise<T> => {
    const result = await d.executeAsyncScript<T | { __error: string }>(
      `const done = arguments[arguments.length - 1];
       Promise.resolve((function () { ${body} }).call(null, arguments[0])).then(done, (e) => done({ __error: String(e) }));`,
      arg,
    );
    if (result && typeof result === "object" && "__error" in result) throw new Error(result.__error);
    return result as T;
  };
  return {
    engine: "WebKitGTK",
    goto: (url) => d.get(url),
    reload: () => d.navigate().refresh(),
    url: () => d.getCurrentUrl(),
    run,
    click: async (q) => (await element(q)).click(),
    ...pageQueries(query),
    type: async (q, text) => {
      const field = await element(q);
      await field.clear();
      await field.sendKeys(text);
    },
    choose: async (q, files) => (await element(q)).sendKeys(files.join("\n")),
    screenshot: async () => Buffer.from(await d.takeScreenshot(), "base64"),
    close: () => d.quit().catch(() => {}),
  };
}

/**
 * Firefox ESR over WebDriver BiDi: one Firefox for as long as it runs; each
 * page is in a browser context of its own (cookies, storage and cache apart),
 * closed with the page.
 */
export async function launchFirefox(): Promise<EngineBrowser> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    // each page sets its own (pageOf): a default one would fail every new page as setViewport can
    defaultViewport: null,
  });
  return {
    engine: "Firefox ESR",
    newPage: async () => {
      const context = await browser.createBrowserContext();
      try {
        return await pageOf("Firefox ESR", await context.newPage(), () => context.close());
      } catch (error) {
        await context.close().catch(() => {});
        throw error;
      }
    },
    close: () => browser.close(),
  };
}

/** An engine's page whose closing also stops the engine, for one page on its own. */
async function onePage(launch: () => Promise<EngineBrowser>): Promise<EnginePage> {
  const browser = await launch();
  const page = await browser.newPage().catch(async (error: unknown) => {
    await browser.close();
    throw error;
  });
  return {
    ...page,
    close: async () => {
      await page.close().catch(() => {});
      await browser.close();
    },
  };
}

/** WebKitGTK for one page: its Xvfb and driver stop when the page closes. */
export const openWebKit = (): Promise<EnginePage> => onePage(launchWebKit);

/** Firefox ESR for one page: it stops when the page closes. */
export const openFirefox = (): Promise<EnginePage> => onePage(launchFirefox);

/**
 * Sets `page`'s viewport to VIEWPORT. Over BiDi, puppeteer sets the screen's orientation in the same call, a
 * command Firefox ESR may not know: the viewport is set all the same, so that refusal alone is let pass.
 */
async function setViewport(page: Page): Promise<void> {
  try {
    await page.setViewport(VIEWPORT);
  } catch (error) {
    if (!String(error).includes("unknown command emulation.setScreenOrientationOverride")) throw error;
  }
}

/** A puppeteer page (Firefox over BiDi, Chromium over CDP) as an EnginePage; `close` ends what holds it. */
async function pageOf(engine: string, page: Page, close: () => Promise<void>): Promise<EnginePage> {
  await setViewport(page);
  const inPage = new Function(QUERY) as (op: string, q: Query) => unknown;
  const ready = async () => {
    if (!(await page.evaluate("!!window.TestingLibraryDom"))) await page.evaluate(TESTING_LIBRARY);
  };
  /**
   * The element, scrolled to the middle of the screen at once before the driver acts on it, as in WebKitGTK
   * (webKitPage). Puppeteer scrolls only an element out of view, and a smooth scroll still under way (the
   * page's `scroll-behavior: smooth`, after a field took the focus) would carry the element away from the
   * point it then clicks.
   */
  const element = async (q: Query) => {
    await ready();
    const found = (await page.evaluateHandle(inPage, "find", q)) as ElementHandle<Element>;
    await found.evaluate((el) => el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" }));
    return found;
  };
  const query = async <T>(op: string, q: Query) => {
    await ready();
    return (await page.evaluate(inPage, op, q)) as T;
  };
  return {
    engine,
    goto: async (url) => void (await page.goto(url, { waitUntil: "load" })),
    reload: async () => void (await page.reload({ waitUntil: "load" })),
    // the page's own address: over BiDi, Firefox ESR tells puppeteer of no client-side navigation
    url: async () => page.evaluate(() => location.href),
    run: (body, arg) => page.evaluate(new Function(body) as (a: unknown) => unknown, arg) as Promise<never>,
    click: async (q) => (await element(q)).click(),
    ...pageQueries(query),
    type: async (q, text) => {
      const field = await element(q);
      await field.click({ count: 3 });
      await field.type(text);
    },
    choose: async (q, files) => {
      const input = (await element(q)) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(...files);
    },
    screenshot: async () => Buffer.from(await page.screenshot()),
    close,
  };
}

/** Chromium through puppeteer-core (CDP), for the engines bench beside the other two. */
export async function openChromium(executablePath: string, args: string[]): Promise<EnginePage> {
  const browser = await puppeteer.launch({ executablePath, args, headless: true, defaultViewport: VIEWPORT });
  return pageOf("Chromium", (await browser.pages())[0] ?? (await browser.newPage()), () => browser.close());
}

const describe = (q: Query): string =>
  ("role" in q ? `${q.role}${q.name === undefined ? "" : ` "${q.name}"`}` : `label "${q.label}"`) +
  (q.within ? ` in ${describe(q.within)}` : "");

/**
 * The page with each action and read written to `log` (seconds since the
 * flow began, what, on which element) as it begins, and each failure naming
 * the step that threw, so a failing flow says where it stopped and where the
 * time went.
 */
export function traced(page: EnginePage, log: StepLog): EnginePage {
  const step =
    <A extends unknown[], R>(what: string, fn: (...args: A) => Promise<R>, about: (...args: A) => string = () => "") =>
    async (...args: A): Promise<R> => {
      const label = `${what} ${about(...args)}`.trim();
      log.record(label);
      try {
        return await fn(...args);
      } catch (error) {
        const why = error instanceof Error ? [error.name, error.message].filter(Boolean).join(": ") : String(error);
        throw new Error(`${label}: ${why}`, { cause: error });
      }
    };
  return {
    engine: page.engine,
    goto: step("goto", page.goto, (url) => url),
    reload: step("reload", page.reload),
    url: page.url,
    run: page.run,
    click: step("click", page.click, describe),
    count: page.count,
    items: page.items,
    value: page.value,
    attribute: page.attribute,
    type: step("type into", page.type, describe),
    choose: step("choose files in", page.choose, describe),
    screenshot: page.screenshot,
    close: page.close,
  };
}
