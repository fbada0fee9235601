/**
 * The engines the cross-engine suite drives, each behind one small interface
 * (`EnginePage`): Debian's WebKitGTK (MiniBrowser through WebKitWebDriver,
 * under Xvfb, with selenium-webdriver) and Firefox ESR (WebDriver BiDi through
 * puppeteer-core). Elements are found as a user finds them, by role and name
 * or by label, with Testing Library's queries run in the page; clicks, typing
 * and file choices go through the driver, as real input.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import { Builder, type WebDriver, type WebElement } from "selenium-webdriver";

export const VIEWPORT = { width: 375, height: 812 };
export const WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver";
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

/** Where the traced page (traced()) writes its steps; waits are written there too. */
let recordStep: ((label: string) => void) | undefined;

/** Polls `check` until it answers true; fails with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  recordStep?.(`wait for ${what}`);
  for (;;) {
    try {
      if (await check()) return recordStep?.(`  got ${what}`);
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
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

function stop(child: ChildProcess) {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM"); // the whole group: xvfb-run, Xvfb, the driver
    } catch {
      child.kill("SIGTERM");
    }
  }
}

export async function openWebKit(): Promise<EnginePage> {
  const port = await freePort();
  const driverProcess = spawn("xvfb-run", ["-a", "-s", "-screen 0 1280x1024x24", WEBKIT_DRIVER, `--port=${port}`], {
    detached: true,
    stdio: "ignore",
  });
  let driver: WebDriver | undefined;
  await waitFor("WebKitWebDriver", async () => {
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: "MiniBrowser",
        "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
      })
      .build();
    return true;
  });
  const d = driver!;
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
    close: async () => {
      await d.quit().catch(() => {});
      stop(driverProcess);
    },
  };
}

export async function openFirefox(): Promise<EnginePage> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: VIEWPORT,
  });
  return pageOf("Firefox ESR", browser, (await browser.pages())[0] ?? (await browser.newPage()));
}

/** A puppeteer page (Firefox over BiDi, Chromium over CDP) as an EnginePage. */
async function pageOf(engine: string, browser: Browser, page: Page): Promise<EnginePage> {
  await page.setViewport(VIEWPORT);
  const inPage = new Function(QUERY) as (op: string, q: Query) => unknown;
  const ready = async () => {
    if (!(await page.evaluate("!!window.TestingLibraryDom"))) await page.evaluate(TESTING_LIBRARY);
  };
  const element = async (q: Query) => {
    await ready();
    return (await page.evaluateHandle(inPage, "find", q)) as ElementHandle<Element>;
  };
  const query = async <T>(op: string, q: Query) => {
    await ready();
    return (await page.evaluate(inPage, op, q)) as T;
  };
  return {
    engine,
    goto: async (url) => void (await page.goto(url, { waitUntil: "load" })),
    reload: async () => void (await page.reload({ waitUntil: "load" })),
    url: async () => page.url(),
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
    close: () => browser.close(),
  };
}

/** Chromium through puppeteer-core (CDP), for the engines bench beside the other two. */
export async function openChromium(executablePath: string, args: string[]): Promise<EnginePage> {
  const browser = await puppeteer.launch({ executablePath, args, headless: true, defaultViewport: VIEWPORT });
  return pageOf("Chromium", browser, (await browser.pages())[0] ?? (await browser.newPage()));
}

const describe = (q: Query): string =>
  ("role" in q ? `${q.role}${q.name === undefined ? "" : ` "${q.name}"`}` : `label "${q.label}"`) +
  (q.within ? ` in ${describe(q.within)}` : "");

/**
 * The page with each action and read written to `steps` (seconds since the
 * start, what, on which element) as it begins, and each failure naming the
 * step that threw, so a failing flow says where it stopped and where the time went.
 */
export function traced(page: EnginePage, steps: string[]): EnginePage {
  const started = Date.now();
  recordStep = (label) => steps.push(`${((Date.now() - started) / 1000).toFixed(1)} s  ${label}`);
  const step =
    <A extends unknown[], R>(what: string, fn: (...args: A) => Promise<R>, about: (...args: A) => string = () => "") =>
    async (...args: A): Promise<R> => {
      const label = `${what} ${about(...args)}`.trim();
      recordStep?.(label);
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
