/**
 * A slow phone, for the browser tests and `npm run bench`: Chromium at 375 px
 * with touch, the CPU slowed 4× and slow 4G (Lighthouse's mobile profile), and
 * a tap that lands as soon as an element is painted, as a visitor's would.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";

export const PHONE_VIEWPORT = { width: 375, height: 740 };
export const CPU_SLOWDOWN = 4;
export const SLOW_4G = { latencyMs: 150, uploadBitsPerSecond: 750_000, downloadBitsPerSecond: 1_600_000 };

/** A fresh context (nothing cached, as on a first visit) with a phone's viewport and touch. */
export function phoneContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ...options, viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true });
}

/** Slows this page's CPU, and with `network` its connection to slow 4G. */
export async function throttle(page: Page, { network = true }: { network?: boolean } = {}): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  if (network) {
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_4G.latencyMs,
      uploadThroughput: SLOW_4G.uploadBitsPerSecond / 8,
      downloadThroughput: SLOW_4G.downloadBitsPerSecond / 8,
    });
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An element's box in the frame that first showed it, and that frame's time on the page's clock. */
export interface Painted extends Box {
  frameTime: number;
}
const PAINTED = "__slowPhonePainted";

/**
 * Await before `page.goto`; the function it gives resolves with the element's box in the
 * first animation frame that shows it, and that frame's time (a frame's callbacks run just
 * before it is painted):
 * from the page's own frames, not from polling, which waits behind whatever task the page runs.
 * It rejects, naming the selector and the page, when nothing shows it within `timeoutMs` of the call.
 * With `scroll`, an element below the fold is scrolled to the middle of the screen in that frame,
 * as a visitor scrolls to it, and its box is where it is then.
 */
export async function whenPainted(
  page: Page,
  selector: string,
  { timeoutMs = 30_000, scroll = false }: { timeoutMs?: number; scroll?: boolean } = {},
): Promise<() => Promise<Painted>> {
  let painted: (box: Painted) => void = () => {};
  const box = new Promise<Painted>((resolve, reject) => {
    const giveUp = setTimeout(
      () => reject(new Error(`${selector} was not painted on ${page.url()} within ${timeoutMs / 1000} s`)),
      timeoutMs,
    ).unref();
    painted = (b) => {
      clearTimeout(giveUp);
      resolve(b);
    };
  });
  box.catch(() => undefined); // the caller that awaits it gets the rejection; one that never does is not an error
  await page.exposeFunction(PAINTED, (b: Painted) => painted(b));
  // The page's script is text, not a function: a function's source as a transpiler (tsx) emits it
  // may call its helpers (`__name`), which the page does not have.
  await page.addInitScript({
    content: `(() => {
      const look = (frameTime) => {
        const element = document.querySelector(${JSON.stringify(selector)});
        let rect = element?.getBoundingClientRect();
        if (element && rect && rect.width > 0 && getComputedStyle(element).visibility === "visible") {
          if (${scroll} && (rect.top < 0 || rect.bottom > innerHeight)) {
            element.scrollIntoView({ block: "center", behavior: "instant" });
            rect = element.getBoundingClientRect();
          }
          window[${JSON.stringify(PAINTED)}]({ x: rect.x, y: rect.y, width: rect.width, height: rect.height, frameTime });
        } else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    })();`,
  });
  return () => box;
}

/**
 * Resolves once every stylesheet of the page has loaded. The browser paints nothing before that,
 * so an element's box read earlier is in an unstyled layout that nobody sees. Polled from here,
 * so it also works on a page whose scripts are off (which then runs no timer or frame callback).
 */
export async function untilStyled(page: Page, timeoutMs = 20_000): Promise<void> {
  const styled = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
    );
  for (const until = Date.now() + timeoutMs; !(await styled()); await page.waitForTimeout(20)) {
    if (Date.now() > until)
      throw new Error(`the stylesheets of ${page.url()} did not load within ${timeoutMs / 1000} s`);
  }
}

/** A tap in the middle of a box. */
export function tapBox(page: Page, box: Box): Promise<void> {
  return page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}
