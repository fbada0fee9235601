/**
 * `npm run bench`: prints figures, judges nothing (budgets that fail live in
 * the tests). Builds if needed, serves out/ on a spare port, and runs its
 * sections, each in its own module under scripts/lib/:
 *   pages        every route beside its own HTML without scripts and a bare
 *                Next.js page: Lighthouse mobile perf, LCP and its ratio, TBT,
 *                CLS, first-load JS and HTML gzip (bench-pages.ts)
 *   menu         the mobile menu's dead-tap window per route, CPU slowed 4×, then on slow 4G
 *                too (bench-menu.ts)
 *   photo        how soon `Last opp bilder` on /pristilbud takes a photo, slow 4G and
 *                CPU 4× (bench-photo-button.ts)
 *   engines      the photo work (lib/photos) in Chromium, WebKitGTK and Firefox ESR (bench-engines.ts)
 *   clone        fresh clone → npm install → npm start until it answers (bench-clone.ts)
 *   server       the preview server under a crowd: posts and uploads 50 at once (also with 8
 *                abandoned while queued), a fresh upload among 4 slow clients, the find by name
 *                with 10 and 20 000 photos stored, peak memory during 20 uploads of 15 MB, the
 *                e-mail pattern by length (bench-server.ts)
 *   photo-check  the photo check on the labelled set (recall, false notes) and its time per
 *                photo in a worker in Chromium (bench-photo-check.ts); on the built
 *                /pristilbud, the longest main-thread task while 4 photos are checked and
 *                compressed, CPU slowed 4×, the time from the pick to each note
 *                (bench-photo-check-notes.ts), and the JavaScript the page fetches until
 *                idle beside the commit before the check, with where the check's code
 *                comes in (bench-photo-check-js.ts; bench-photo-check-page.ts)
 *   send         the wait after Send on the quote form, 4 photos of 10 MB on slow 4G with the
 *                CPU slowed 4×, beside its floor: the bytes sent at the uplink's rate (bench-send.ts)
 *   content      how long `npm run check:content` takes, on the real content and a broken copy
 *                (bench-content.ts)
 * `npm run bench` runs them all on every route. Name sections and/or routes to
 * run fewer, e.g. `npm run bench -- / /kontakt` (pages, menu and photo for those two),
 * `npm run bench -- menu`, `npm run bench -- clone`. `--runs=N` takes Lighthouse's
 * median of N, the median of N sends, and N loads of each route for the menu (at least 3).
 * pages, menu and photo measure a git ref beside the working tree, in the same run:
 * `--baseline=<ref>` (default main; `--baseline=none` for the working tree alone),
 * built and served from a temporary folder (bench-baseline.ts).
 */
import "./lib/bench-env"; // first: no configured host or key
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type { RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import { isBuildCurrent } from "../lib/hosting/build-stamp";
import { CHROMIUM_ARGS, ensureChromium } from "./lib/chromium";
import { benchClone } from "./lib/bench-clone";
import { benchContent } from "./lib/bench-content";
import { benchEngines, printEngines } from "./lib/bench-engines";
import { benchServer } from "./lib/bench-server";
import { benchPhotoCheck } from "./lib/bench-photo-check";
import { benchPhotoCheckPage } from "./lib/bench-photo-check-page";
import { benchMenu } from "./lib/bench-menu";
import { benchSend, printSend } from "./lib/bench-send";
import {
  BENCH_PREFIX,
  benchBare,
  benchHandler,
  benchPages,
  BARE_PATH,
  bareExport,
  prepareReferences,
  printPages,
  writeNoScriptCopies,
} from "./lib/bench-pages";
import { startBaseline } from "./lib/bench-baseline";
import { benchPhotoButton } from "./lib/bench-photo-button";
import { createPreviewServer } from "../server/preview-server";
import { routes } from "../lib/hosting/route-table";

const SECTIONS = ["pages", "menu", "photo", "engines", "clone", "server", "send", "photo-check", "content"] as const;
type Section = (typeof SECTIONS)[number];
const BASELINE_PORT = Number(process.env.BENCH_BASELINE_PORT ?? 3228);

interface Site {
  label: string;
  origin: string;
  outDir: string;
}

function options() {
  const args = process.argv.slice(2);
  const runs = Number(args.find((a) => a.startsWith("--runs="))?.slice(7) ?? 1);
  const baselineRef = args.find((a) => a.startsWith("--baseline="))?.slice(11) ?? "main";
  const wanted = args.filter((a) => a.startsWith("/"));
  const named = SECTIONS.filter((s) => args.includes(s));
  const sections = new Set<Section>(named.length ? named : wanted.length ? ["pages", "menu", "photo"] : SECTIONS);
  const paths = wanted.length
    ? routes.filter((r) => wanted.includes(r.path)).map((r) => r.path)
    : routes.map((r) => r.path);
  return { runs, baselineRef: baselineRef === "none" ? undefined : baselineRef, sections, paths };
}

/** The working tree's out/ on a spare port, with the bench's references under /__bench/. */
async function serveWorkingTree(copies: string, bare: string) {
  // what the forms post (the send section's uploads and inquiries) is kept here, not in .data/
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const server = createPreviewServer({ log: () => {}, dataDir });
  const site = server.listeners("request")[0] as RequestListener;
  const references = benchHandler(copies, bare);
  server.removeAllListeners("request");
  server.on("request", (req, res) => (req.url?.startsWith(BENCH_PREFIX) ? references(req, res) : site(req, res)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, origin, dataDir };
}

async function pagesSection(sites: Site[], paths: string[], runs: number, bareOrigin: string, bareOut: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: ensureChromium(),
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  try {
    const measured = [];
    for (const site of sites)
      measured.push(await benchPages(site.origin, chrome.port, paths, { runs, outDir: site.outDir }));
    const bare = await benchBare(bareOrigin, chrome.port, runs, bareOut);
    const now = measured.at(-1)!;
    const baseline = sites.length > 1 ? { label: sites[0]!.label, pages: measured[0]! } : undefined;
    printPages({ bare, pages: now }, runs, baseline);
  } finally {
    chrome.kill();
  }
}

async function main() {
  const { runs, baselineRef, sections, paths } = options();
  // The clone builds and serves on its own: measured first, before this process loads the machine.
  if (sections.has("clone")) printClone(await benchClone());
  // The preview server under a crowd runs in a process of its own.
  if (sections.has("server")) await benchServer();
  // The content check needs neither the build nor a browser.
  if (sections.has("content")) benchContent();
  // The photo check's own figures need only Chromium and the labelled set, not the built site.
  if (sections.has("photo-check")) await benchPhotoCheck();
  // The engines bench serves the test build (its /testbilder) on its own.
  if (sections.has("engines")) printEngines(await benchEngines());
  if (!["pages", "menu", "photo", "send", "photo-check"].some((s) => sections.has(s as Section))) return;

  if (!isBuildCurrent()) {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const copies = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
  const { bare } = sections.has("pages")
    ? prepareReferences(process.cwd(), copies, paths)
    : { bare: sections.has("menu") ? bareExport(process.cwd()) : copies };
  const outDir = path.join(process.cwd(), "out");
  if (sections.has("photo-check")) {
    const { server, origin, dataDir } = await serveWorkingTree(copies, bare);
    try {
      // its baseline (the commit before the check) is served and stopped before the other sections' one
      await benchPhotoCheckPage(origin, outDir, BASELINE_PORT);
    } finally {
      server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!["pages", "menu", "photo", "send"].some((s) => sections.has(s as Section))) return;
  const compared = ["pages", "menu", "photo"].some((s) => sections.has(s as Section));
  const baseline = compared && baselineRef ? await startBaseline(process.cwd(), baselineRef, BASELINE_PORT) : undefined;
  if (baseline && sections.has("pages"))
    writeNoScriptCopies(baseline.outDir, path.join(baseline.outDir, BENCH_PREFIX), paths);
  const { server, origin, dataDir } = await serveWorkingTree(copies, bare);
  const sites: Site[] = [
    ...(baseline
      ? [
          {
            label: `${baseline.ref} (${baseline.commit.slice(0, 7)})`,
            origin: baseline.origin,
            outDir: baseline.outDir,
          },
        ]
      : []),
    { label: "working tree", origin, outDir },
  ];

  try {
    if (sections.has("pages")) await pagesSection(sites, paths, runs, origin, bare);
    if (sections.has("menu")) await menuSection(sites, paths, runs, origin);
    if (sections.has("photo")) {
      for (const site of sites) printPhotoButton(site.label, await benchPhotoButton(site.origin, Math.max(runs, 3)));
    }
    if (sections.has("send")) printSend(await benchSend(origin, server, runs));
  } finally {
    server.close();
    baseline?.stop();
    fs.rmSync(copies, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The menu's dead tap on each site and on the bare page: the CPU slowed alone (the goal's
 * measure), then on slow 4G too (the first-tap test's phone).
 */
async function menuSection(sites: Site[], paths: string[], runs: number, origin: string) {
  const menuRuns = Math.max(runs, 3);
  for (const network of [false, true]) {
    for (const site of sites) {
      printMenu(site.label, menuRuns, network, await benchMenu(site.origin, paths, menuRuns, { network }));
    }
    // the floor any Next page has: the bare page with the same kind of menu
    const bare = await benchMenu(origin, [`${BARE_PATH}/`], menuRuns, { network });
    printMenu("bare Next.js page with the same popover menu", menuRuns, network, bare);
  }
}

function printMenu(label: string, runs: number, network: boolean, figures: Awaited<ReturnType<typeof benchMenu>>) {
  const phone = network ? "CPU 4× slower and slow 4G" : "CPU 4× slower";
  const goal = network ? "" : " (goal: at most 250 ms)";
  console.log(`\nMeny, ${label}: 375 px, ${phone}, median of ${runs}: from painted to the tap that opens it${goal}`);
  console.log(
    "'no JS': the same page with JavaScript disabled, the measuring's own time, about the floor for any page",
  );
  console.log(
    "'in frames': the same window in the page's own frames, from the first showing Meny to the first after it opened",
  );
  console.log(
    "'answered': in the page's own clock, from the moment the tap touched the screen to the first frame after it opened\n",
  );
  for (const f of figures) {
    console.log(
      `  ${f.route.padEnd(36)} painted ${String(f.visibleMs).padStart(5)} ms  opens ${String(f.opensMs).padStart(5)} ms  dead tap ${String(f.deadTapMs).padStart(5)} ms  (${f.taps} taps; no JS ${String(f.noScriptMs).padStart(4)} ms; in frames ${String(f.framesMs).padStart(4)} ms; answered ${String(f.answeredMs).padStart(4)} ms)`,
    );
  }
}

function printPhotoButton(label: string, runs: Awaited<ReturnType<typeof benchPhotoButton>>) {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const ms = (values: number[]) => `${median(values)} ms (${values.join(", ")})`;
  console.log(`\n'Last opp bilder' on /pristilbud, ${label}: 375 px, slow 4G, CPU 4× slower, median of ${runs.length}`);
  console.log(`  picker painted:       ${ms(runs.map((r) => r.paintedMs))}`);
  console.log(
    `  tapped at once (again each second until it opens), photo taken (thumbnail shown): ${ms(runs.map((r) => r.worksMs))}`,
  );
}

function printClone(c: Awaited<ReturnType<typeof benchClone>>) {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `\nFrom a fresh clone to the site answering (commit ${c.commit.slice(0, 7)}, load average ${c.load.toFixed(1)} at the start)\n`,
  );
  console.log(`  git clone:     ${s(c.cloneMs)}`);
  console.log(`  npm install:   ${s(c.installMs)}  (from npm's cache)`);
  console.log(`  npm start:     ${s(c.startMs)}  (images, icons, next build, until / answers)`);
  console.log(`  in all:        ${s(c.totalMs)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
