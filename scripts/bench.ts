/**
 * `npm run bench`: what a visitor of the site meets, printed as figures. It
 * judges nothing: a goal, where there is one, is printed beside its figure.
 *   pages    Lighthouse's scores and timings per route (bench-pages.ts)
 *   menu     how long `Meny` ignores taps once painted (bench-menu.ts)
 *   photo    how soon `Last opp bilder` on the quote form takes a photo (bench-photo.ts)
 *   send     the wait after Send with four large photos, beside its floor (bench-send.ts)
 *   vehicle  the car from the registration number: last key to car shown, calls per visitor (bench-vehicle.ts)
 *   engines  the photo work's main-thread blocks in each engine (bench-engines.ts)
 *   server   the preview server under everyday traffic (bench-server.ts)
 *   admin    the admin app: its build, a booking and a quote to the workshop's e-mail, an offer to the
 *            customer's and its acceptance by link to the workshop's (bench-admin.ts)
 *   production  the admin app as a host runs it: build, start, memory, backup and restore (bench-production.ts)
 *   clone    from a fresh clone to a served site (bench-clone.ts)
 *   tests    `npm install && npm test` on a fresh clone: each phase's time beside its budget (bench-tests.ts);
 *            only when named
 *   code     lines per folder, the README, the modules a photo crosses (bench-code.ts)
 * Name sections and/or routes to run fewer (`npm run bench -- menu / /kontakt`; routes alone: pages
 * and menu). `--runs=N` repeats each browser measure N times and prints medians. `--baseline=<git ref>`
 * measures that ref beside the working tree in the browser sections (bench-sites.ts) and in code.
 */
import "./lib/bench-env"; // first: no configured host or key
import { routes } from "../lib/hosting/route-table";
import { TEST_BUILD_ENV } from "../lib/hosting/test-build";
import { benchAdmin } from "./lib/bench-admin";
import { benchClone } from "./lib/bench-clone";
import { benchCode } from "./lib/bench-code";
import { benchEngines } from "./lib/bench-engines";
import { benchMenu } from "./lib/bench-menu";
import { benchPages } from "./lib/bench-pages";
import { benchPhoto } from "./lib/bench-photo";
import { benchProduction } from "./lib/bench-production";
import { benchSend } from "./lib/bench-send";
import { benchServer } from "./lib/bench-server";
import { benchTests } from "./lib/bench-tests";
import { type Site, startSites } from "./lib/bench-sites";
import { benchVehicle } from "./lib/bench-vehicle";

const SECTIONS = [
  "pages",
  "menu",
  "photo",
  "send",
  "vehicle",
  "engines",
  "server",
  "admin",
  "production",
  "clone",
  "tests",
  "code",
] as const;
type Section = (typeof SECTIONS)[number];
const VISITOR: Section[] = ["pages", "menu", "photo", "send"];
/** The sections a bare `npm run bench` runs: all but `tests`, which runs the whole test suite. */
const DEFAULT_SECTIONS = SECTIONS.filter((section) => section !== "tests");

function options() {
  const args = process.argv.slice(2);
  const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const unknown = args.filter((a) => !a.startsWith("/") && !a.startsWith("--") && !SECTIONS.includes(a as Section));
  if (unknown.length) throw new Error(`unknown section ${unknown.join(", ")}; the sections: ${SECTIONS.join(", ")}`);
  const wanted = args.filter((a) => a.startsWith("/"));
  const named = SECTIONS.filter((s) => args.includes(s));
  return {
    runs: Math.max(1, Number(flag("runs") ?? 1)),
    baseline: flag("baseline"),
    sections: new Set<Section>(named.length ? named : wanted.length ? ["pages", "menu"] : DEFAULT_SECTIONS),
    paths: wanted.length ? wanted : routes.map((r) => r.path),
  };
}

/** Runs `measure` with the sites served, and stops them after. */
async function withSites(baseline: string | undefined, env: Record<string, string>, measure: (s: Site[]) => unknown) {
  const sites = await startSites(baseline, env);
  try {
    if (baseline) console.log(`\nEach figure: ${sites.map((s) => s.label).join(" → ")}`);
    await measure(sites);
  } finally {
    sites.forEach((site) => site.stop());
  }
}

async function main() {
  const { runs, baseline, sections, paths } = options();
  // The clone builds and serves on its own: first, before this process loads the machine.
  if (sections.has("clone")) await benchClone();
  if (sections.has("tests")) await benchTests();
  if (sections.has("code")) benchCode(baseline);
  if (sections.has("server")) await benchServer();
  if (sections.has("admin")) await benchAdmin();
  if (sections.has("production")) await benchProduction();
  // the photo work's page (/testbilder) is in the test build only
  // served with the stand-in's address and key, the working tree alone: the baseline may have no look-up
  if (sections.has("vehicle")) await benchVehicle(runs);
  if (sections.has("engines")) await withSites(baseline, TEST_BUILD_ENV, (sites) => benchEngines(sites, runs));
  if (!VISITOR.some((s) => sections.has(s))) return;
  await withSites(baseline, {}, async (sites) => {
    if (sections.has("pages")) await benchPages(sites, paths, runs);
    if (sections.has("menu")) await benchMenu(sites, paths, runs);
    if (sections.has("photo")) await benchPhoto(sites, runs);
    if (sections.has("send")) await benchSend(sites, runs);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
