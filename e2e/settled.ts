/**
 * Waiting for a page to settle after it has done something: for what must not
 * happen (a request to another site, a download), the page's chance to do it.
 */
import type { Page, Request } from "@playwright/test";

/** No request for this long and the page has settled (Playwright's own measure for `networkidle`). */
const NETWORK_QUIET_MS = 500;

/**
 * Resolves once no request has been in flight for NETWORK_QUIET_MS: the page settled again after something it did
 * (`waitForLoadState("networkidle")` answers at once when the page was idle before).
 */
export function networkQuiet(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const inFlight = new Set<Request>();
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      page.off("request", started);
      page.off("requestfinished", ended);
      page.off("requestfailed", ended);
      resolve();
    };
    const wait = () => {
      clearTimeout(timer);
      if (inFlight.size === 0) timer = setTimeout(done, NETWORK_QUIET_MS);
    };
    const started = (request: Request) => {
      inFlight.add(request);
      clearTimeout(timer);
    };
    const ended = (request: Request) => {
      inFlight.delete(request);
      wait();
    };
    page.on("request", started);
    page.on("requestfinished", ended);
    page.on("requestfailed", ended);
    wait();
  });
}
