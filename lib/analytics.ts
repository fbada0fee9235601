/**
 * Google Tag Manager and web vitals, only when the build has a GTM id
 * (NEXT_PUBLIC_GTM_ID) and only for visitors who consented: without consent no
 * request goes to Google. The tag manager is added after the page is interactive;
 * web vitals (CLS, INP, FCP, LCP, TTFB; not FID, which browsers retired; from Next's `useReportWebVitals`) are
 * pushed to its data layer. Without a GTM id or without consent, none of this runs.
 */
import { readConsent } from "./consent";

const GTM_ORIGIN = "https://www.googletagmanager.com";
export const WEB_VITALS_EVENT = "web_vitals";

/** The parts of a web-vitals metric we report. */
export interface VitalMetric {
  name: string;
  value: number;
  rating: "good" | "needs-improvement" | "poor";
  id: string;
  delta: number;
}

export interface WebVitalsEvent {
  event: typeof WEB_VITALS_EVENT;
  metric_name: string;
  metric_value: number;
  metric_rating: VitalMetric["rating"];
  metric_delta: number;
  metric_id: string;
  page_path: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function gtmScriptUrl(gtmId: string): string {
  return `${GTM_ORIGIN}/gtm.js?id=${encodeURIComponent(gtmId)}`;
}

export function webVitalsEvent(metric: VitalMetric, pagePath: string): WebVitalsEvent {
  return {
    event: WEB_VITALS_EVENT,
    metric_name: metric.name,
    metric_value: metric.value,
    metric_rating: metric.rating,
    metric_delta: metric.delta,
    metric_id: metric.id,
    page_path: pagePath,
  };
}

function dataLayer(win: Window): unknown[] {
  win.dataLayer ??= [];
  return win.dataLayer;
}

/**
 * Pushes a metric to the data layer, only while the visitor's consent holds (a
 * metric can arrive after the choice was withdrawn: the browser reports CLS and
 * INP when the page is hidden). Stable, so Next's hook registers it once.
 */
export function reportWebVital(metric: VitalMetric): void {
  if (typeof window === "undefined" || readConsent() !== "granted") return;
  dataLayer(window).push(webVitalsEvent(metric, window.location.pathname));
}

let loadedId: string | undefined;

/** Whether this page has loaded the tag manager (it cannot be unloaded again). */
export function tagManagerLoaded(): boolean {
  return loadedId !== undefined;
}

/** Adds the tag manager's script once, as its own snippet does, but from our bundle (no inline script). */
export function loadTagManager(gtmId: string, doc: Document = document): void {
  if (loadedId !== undefined) return;
  loadedId = gtmId;
  dataLayer(doc.defaultView ?? window).push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = doc.createElement("script");
  script.async = true;
  script.src = gtmScriptUrl(gtmId);
  doc.head.appendChild(script);
}

/** Google Analytics' cookies on this site (`_ga`, `_ga_<id>`, `_gid`, `_gat…`). */
export function analyticsCookieNames(cookie: string): string[] {
  return cookie
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => /^(_ga|_ga_\w+|_gid|_gat\w*|_gcl_\w+)$/.test(name));
}

/** Deletes those cookies on this host and its parent domains (where Analytics sets them). */
export function clearAnalyticsCookies(doc: Document = document): void {
  const host = doc.location?.hostname ?? "";
  const parts = host.split(".");
  const domains = ["", ...parts.slice(0, -1).map((_, i) => `; domain=.${parts.slice(i).join(".")}`)];
  for (const name of analyticsCookieNames(doc.cookie)) {
    for (const domain of domains) doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
  }
}
