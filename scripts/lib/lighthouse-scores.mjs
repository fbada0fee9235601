// Runs Lighthouse (mobile) on one URL in an already running Chrome and prints
// the scores as JSON. Plain Node on purpose: run under tsx, Lighthouse's page
// functions get esbuild's `__name` helper injected and fail in the browser.
// Usage: node scripts/lib/lighthouse-scores.mjs <url> <chrome-debugging-port> [performance-only]
import lighthouse from "lighthouse";

const [url, port, only] = process.argv.slice(2);
const result = await lighthouse(url, {
  port: Number(port),
  output: "json",
  logLevel: "error",
  onlyCategories: only === "performance" ? ["performance"] : ["performance", "accessibility", "best-practices", "seo"],
  formFactor: "mobile",
});
const { categories, audits, runtimeError } = result?.lhr ?? { categories: {}, audits: {} };
// A run that could not measure the page (Lighthouse's runtime error, or no performance score)
// says so, instead of scores of zero.
const error = !result
  ? "NO_RESULT"
  : (runtimeError?.code ?? (categories.performance?.score == null ? "NO_PERFORMANCE_SCORE" : undefined));
if (error) {
  console.log(JSON.stringify({ error }));
  process.exit(0);
}
const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
// The LCP element and the phases before it paints (Lighthouse's LCP breakdown).
const lcpItems = audits["largest-contentful-paint-element"]?.details?.items ?? [];
const element = lcpItems[0]?.items?.[0]?.node?.snippet ?? "";
const phases = Object.fromEntries(
  (lcpItems[1]?.items ?? []).map((phase) => [phase.phase, Math.round(phase.timing ?? 0)]),
);
// The JavaScript the page loaded while Lighthouse watched it, as sent (compressed): the same
// measure for any build, however its scripts are started.
const scriptBytes = (audits["network-requests"]?.details?.items ?? [])
  .filter((request) => request.resourceType === "Script")
  .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
console.log(
  JSON.stringify({
    scriptBytes,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
    cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
    lcpElement: element.slice(0, 80),
    lcpPhases: phases,
  }),
);
