/**
 * The cross-engine suite (`npm test` runs it after Playwright; alone:
 * `npm run build:test && npx tsx e2e-engines/run.ts`): the flows in flows.ts
 * in WebKitGTK and Firefox ESR at 375 px, against the preview server serving
 * the test build with its real headers (through report-proxy.ts, which only
 * adds a report-uri to each policy). Installs the engines with apt-get when
 * they are missing and we are root. Writes reports/engines.json
 * ({ passed, failed, skipped }) and exits 1 on any failure. A flow known to fail in an
 * engine (flows.ts `knownFailure`) is skipped there and its reason printed.
 *
 * ENGINES_PORT (default 3110) is the preview server's port; the proxy takes
 * the next one. ENGINES=webkit or ENGINES=firefox runs one engine.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { TEST_BUILD_ENV } from "../lib/hosting/test-build";
import { waitFor, type EnginePage } from "./browsers";
import { ensureEngines, ENGINES, type Engine } from "./install";
import { flows } from "./flows";
import { startReportProxy } from "./report-proxy";

const basePort = Number(process.env.ENGINES_PORT ?? 3110);
const chosen = (process.env.ENGINES ?? "webkit,firefox").split(",") as Engine[];

async function startPreviewServer(dataDir: string) {
  const server = spawn("npx", ["tsx", "server/start.ts"], {
    env: { ...process.env, PORT: String(basePort), PREVIEW_DATA_DIR: dataDir, ...TEST_BUILD_ENV },
    stdio: "ignore",
    detached: true,
  });
  await waitFor(
    "the preview server",
    async () => (await fetch(`http://127.0.0.1:${basePort}/`)).ok,
    300_000, // it builds first when out/ is not the current test build
  );
  return () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
}

async function phonePhotos(dir: string): Promise<[string, string]> {
  const make = async (name: string, background: string) => {
    const file = path.join(dir, name);
    await sharp({
      create: { width: 4000, height: 3000, channels: 3, background, noise: { type: "gaussian", mean: 120, sigma: 30 } },
    })
      .jpeg({ quality: 90 })
      .toFile(file);
    return file;
  };
  return [await make("bakdor.jpg", "#667"), await make("panser.jpg", "#776")];
}

async function main() {
  const installed = ensureEngines(chosen);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "engines-data-"));
  const photos = await phonePhotos(fs.mkdtempSync(path.join(os.tmpdir(), "engines-photos-")));
  const stopServer = await startPreviewServer(dataDir);
  const proxy = await startReportProxy(`http://127.0.0.1:${basePort}`, basePort + 1);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  try {
    for (const engine of chosen) {
      console.log(`\n${ENGINES[engine].label}`);
      for (const flow of flows) {
        const known = flow.knownFailure?.[engine];
        if (known) {
          skipped++;
          console.log(`  - ${flow.name} (skipped, a known failure: ${known})`);
          continue;
        }
        const started = Date.now();
        let page: EnginePage | undefined;
        const seen = proxy.violations.length;
        try {
          page = await installed[engine]();
          await flow.run({
            page,
            origin: proxy.origin,
            dataDir,
            photos,
            cspViolations: () => proxy.violations.slice(seen),
          });
          const late = proxy.violations.slice(seen);
          if (late.length) throw new Error(`CSP violations: ${late.join("; ")}`);
          passed++;
          console.log(`  ✓ ${flow.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        } catch (error) {
          failed++;
          console.log(`  ✗ ${flow.name}\n      ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          await page?.close().catch(() => {});
        }
      }
    }
  } finally {
    await proxy.close();
    stopServer();
  }
  fs.mkdirSync("reports", { recursive: true });
  fs.writeFileSync(path.join("reports", "engines.json"), JSON.stringify({ passed, failed, skipped }));
  console.log(`\nengines: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failed ? 1 : 0);
}

void main();
