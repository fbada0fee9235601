/**
 * @jest-environment jsdom
 */
import { analyticsCookieNames, gtmScriptUrl, reportWebVital, webVitalsEvent } from "../analytics";
import { writeConsent } from "../consent";

const metric = { name: "LCP", value: 1234.5, rating: "good" as const, id: "v5-1", delta: 1234.5 };

afterEach(() => {
  window.localStorage.clear();
  delete window.dataLayer;
});

test("a web vital becomes a data layer event with its name, value, rating and page path", () => {
  expect(webVitalsEvent(metric, "/kontakt")).toEqual({
    event: "web_vitals",
    metric_name: "LCP",
    metric_value: 1234.5,
    metric_rating: "good",
    metric_delta: 1234.5,
    metric_id: "v5-1",
    page_path: "/kontakt",
  });
});

test("web vitals reach the data layer only while consent is granted", () => {
  reportWebVital(metric);
  expect(window.dataLayer).toBeUndefined();
  writeConsent("denied");
  reportWebVital(metric);
  expect(window.dataLayer).toBeUndefined();
  writeConsent("granted");
  reportWebVital(metric);
  expect(window.dataLayer).toEqual([webVitalsEvent(metric, "/")]);
});

test("the tag manager's address carries the id, encoded", () => {
  expect(gtmScriptUrl("GTM-AB12")).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-AB12");
  expect(gtmScriptUrl("a&b")).toBe("https://www.googletagmanager.com/gtm.js?id=a%26b");
});

test("Analytics' cookies are recognised, others are left alone", () => {
  expect(analyticsCookieNames("_ga=1; samtykke=x; _ga_ABC=2; _gid=3; _gat_UA1=4; other=5")).toEqual([
    "_ga",
    "_ga_ABC",
    "_gid",
    "_gat_UA1",
  ]);
});
