/**
 * `npm run bench`: prints figures, judges nothing (budgets that fail live in
 * the tests). Builds if needed, serves out/ on a spare port, and runs its
 * sections, each in its own module under scripts/lib/:
 *   pages        every route beside its own HTML without scripts and a bare
 *                Next.js page: Lighthouse mobile perf, LCP and its ratio, TBT and
 *                its difference, CLS, first-load JS and HTML gzip (bench-pages.ts)
 *   menu         the mobile menu's dead-tap window per route, CPU slowed 4× (bench-menu.ts)
 *   engines      the photo work (lib/photos) in Chromium, WebKitGTK and Firefox ESR (bench-engines.ts)
 *   clone        fresh clone → npm install → npm start until it answers (bench-clone.ts)
 *   server       the preview server under a crowd: posts and uploads 50 at once, peak
 *                memory during 20 uploads of 15 MB, the e-mail pattern by length (bench-server.ts)
 *   send         the wait after Send on the quote form, 4 photos of 10 MB on slow 4G with the
 *                CPU slowed 4×, beside its floor: the bytes sent at the uplink's rate (bench-send.ts)
 * `npm run bench` runs them all on every route. Name sections and/or routes to
 * run fewer, e.g. `npm run bench -- / /kontakt` (pages and menu for those two),
 * `npm run bench -- menu`, `npm run bench -- clone`. `--runs=3` takes Lighthouse's
 * median of three (about 15 s a run), and the median of three sends.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type { RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import { isBuildCurrent } from "./lib/build-stamp";
import { CHROMIUM_ARGS, ensureChromium } from "./lib/chromium";
import { benchClone } from "./lib/bench-clone";
import { benchEngines, printEngines } from "./lib/bench-engines";
import { benchServer } from "./lib/bench-server";
import { benchMenu } from "./lib/bench-menu";
import { benchSend, printSend } from "./lib/bench-send";
import { BENCH_PREFIX, benchHandler, benchPages, prepareReferences, printPages } from "./lib/bench-pages";
import { createPreviewServer } from "../server/preview-server";
import { routes } from "../e2e/routes";

const SECTIONS = ["pages", "menu", "engines", "clone", "server", "send"] as const;
type Section = (typeof SECTIONS)[number];

async function main() {
  const args = process.argv.slice(2);
  const runs = Number(args.find((a) => a.startsWith("--runs="))?.slice(7) ?? 1);
  const wanted = args.filter((a) => a.startsWith("/"));
  const named = SECTIONS.filter((s) => args.includes(s));
  const sections = new Set<Section>(named.length ? named : wanted.length ? ["pages", "menu"] : SECTIONS);
  const paths = wanted.length
    ? routes.filter((r) => wanted.includes(r.path)).map((r) => r.path)
    : routes.map((r) => r.path);

  // The clone builds and serves on its own: measured first, before this process loads the machine.
  if (sections.has("clone")) printClone(await benchClone());
  // The preview server under a crowd runs in a process of its own.
  if (sections.has("server")) await benchServer();
  // The engines bench serves the test build (its /testbilder) on its own.
  if (sections.has("engines")) printEngines(await benchEngines());
  if (!["pages", "menu", "send"].some((s) => sections.has(s as Section))) return;

  if (!isBuildCurrent()) {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const copies = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
  const { bare } = sections.has("pages") ? prepareReferences(process.cwd(), copies, paths) : { bare: copies };
  // what the forms post (the send section's uploads and inquiries) is kept here, not in .data/
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const server = createPreviewServer({ log: () => {}, dataDir });
  const site = server.listeners("request")[0] as RequestListener;
  const references = benchHandler(copies, bare);
  server.removeAllListeners("request");
  server.on("request", (req, res) => (req.url?.startsWith(BENCH_PREFIX) ? references(req, res) : site(req, res)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  try {
    if (sections.has("pages")) {
      const chrome = await chromeLauncher.launch({
        chromePath: ensureChromium(),
        chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
      });
      try {
        printPages(await benchPages(origin, chrome.port, paths, { runs, bareOut: bare }), runs);
      } finally {
        chrome.kill();
      }
    }
    if (sections.has("menu")) printMenu(await benchMenu(origin, paths));
    if (sections.has("send")) printSend(await benchSend(origin, server, runs));
  } finally {
    server.close();
    fs.rmSync(copies, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printMenu(figures: Awaited<ReturnType<typeof benchMenu>>) {
  console.log("\nMeny-knappen, 375 px, CPU 4× tregere, median av 3: fra synlig til et trykk som åpner (mål: 0 ms)");
  console.log(
    "«uten skript»: samme side med JavaScript slått av, målingens egen tid, omtrent gulvet for enhver side\n",
  );
  for (const f of figures) {
    console.log(
      `  ${f.route.padEnd(36)} synlig ${String(f.visibleMs).padStart(5)} ms  åpner ${String(f.opensMs).padStart(5)} ms  dødt vindu ${String(f.deadTapMs).padStart(5)} ms  (${f.taps} trykk; uten skript ${String(f.noScriptMs).padStart(4)} ms)`,
    );
  }
}

function printClone(c: Awaited<ReturnType<typeof benchClone>>) {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `\nFra ny klone til nettstedet svarer (commit ${c.commit.slice(0, 7)}, lastsnitt ${c.load.toFixed(1)} ved start)\n`,
  );
  console.log(`  git clone:     ${s(c.cloneMs)}`);
  console.log(`  npm install:   ${s(c.installMs)}  (fra npm-cachen)`);
  console.log(`  npm start:     ${s(c.startMs)}  (bilder, ikoner, next build, til / svarer)`);
  console.log(`  i alt:         ${s(c.totalMs)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
