/**
 * Serving a page as a build with a Google Maps key or a GTM id would, without a
 * second (slow) build: the key and the id are props the server renders into the
 * page, so the test writes them into the prerendered HTML, and sends the Content
 * Security Policy that such a build writes for that HTML (its inline scripts'
 * hashes change with the edit, and the policy names the feature's hosts).
 * With either, there is something to consent to: on the page with the privacy
 * page's consent control (ConsentSettings), the test also turns the section's
 * `data-consent-needed="false"` into "true", as the server would have rendered it
 * (it picks the variant shown before and after hydration); pages without the
 * control are left as they are.
 * Nothing for tests ships in the site.
 */
import type { Page } from "@playwright/test";
import { config } from "../lib/config";
import { type BuildConfig, contentSecurityPolicy, inlineScriptHashes } from "../lib/hosting/security-headers";
import { expect } from "./fixtures";

/** The prop as it appears in the page's RSC payload (an inline script), empty in this build. */
const emptyProp = (name: string) => `${name}\\":\\"\\"`;
const filledProp = (name: string, value: string) => `${name}\\":\\"${value}\\"`;

/** ConsentSettings' section, and the attribute on it that says whether there is anything to consent to. */
const CONSENT_SETTINGS = /<section\b[^>]*\bid="samtykke"/;
const consentNeeded = (needed: boolean) => `data-consent-needed="${needed}"`;

export async function serveAsBuiltWith(
  page: Page,
  path: string,
  settings: Partial<Pick<BuildConfig, "googleMapsApiKey" | "gtmId">>,
) {
  await page.route(path, async (route) => {
    // the page itself; other requests for the same address (a HEAD from the page) pass through
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    let html = await response.text();
    const props: [string, string | undefined][] = [
      ["mapsApiKey", settings.googleMapsApiKey],
      ["gtmId", settings.gtmId],
    ];
    for (const [prop, value] of props) {
      if (value === undefined) continue;
      expect(html.split(emptyProp(prop)).length - 1, `the ${prop} prop in the prerendered HTML of ${path}`).toBe(1);
      html = html.replace(emptyProp(prop), filledProp(prop, value));
    }
    if ((settings.gtmId || settings.googleMapsApiKey) && CONSENT_SETTINGS.test(html)) {
      const count = (needed: boolean) => html.split(consentNeeded(needed)).length - 1;
      expect([count(false), count(true)], `the consent control's data-consent-needed in ${path}`).toEqual([1, 0]);
      html = html.replace(consentNeeded(false), consentNeeded(true));
    }
    const csp = contentSecurityPolicy({ ...config, ...settings, scriptHashes: inlineScriptHashes(html) });
    const headers: Record<string, string> = { ...response.headers(), "content-security-policy": csp };
    delete headers["content-length"];
    await route.fulfill({ response, body: html, headers });
  });
}
