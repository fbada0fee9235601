/**
 * `npm test`: every check, in order, on a fresh machine.
 *   1. type check  2. lint  3. Jest unit tests
 *   4. the workshop's Payload app's build (admin/, `npm run admin:build`), which the backend's
 *      production test and the browser tests start
 *   5. the backend, on Node's test runner: the plugin's tests (payload/test/, a real Payload on
 *      SQLite and PostgreSQL, and the built app as a host runs it) and the preview server's
 *      (server/test/, `npm start`'s server with its Payload)
 *   5b. next build (static export), as the test build: with the test-only routes and a fake
 *      secret (lib/hosting/test-build.ts)
 *   6. Playwright e2e against the exported site in Debian's Chromium (Chromium, and Java for the
 *      HTML checker, installed from Debian's packages when missing: testing/debian.ts)
 *   7. the cross-engine suite (e2e-engines/run.ts) in WebKitGTK and Firefox ESR
 * Ends with one line `N passed, N failed`: the Jest, admin host, Playwright and cross-engine
 * tests added together, plus one failure for each of type check, lint or build that failed
 * (so the line never reads "0 failed" while something is red). Exit code 1 on any failure.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureDebianPackages, runs } from "../testing/debian";
import { ensureChromium } from "./lib/chromium";

const results = path.join(process.cwd(), "reports");
fs.mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n━━ ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  if (!ok) failures.push(label);
  return ok;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

// 1–2. Static checks: a failure counts once each.
if (!run("type check", "npx", ["tsc", "--noEmit"])) failed++;
if (!run("lint", "npm", ["run", "lint"])) failed++;

// 3. Jest.
const jestFile = path.join(results, "jest.json");
fs.rmSync(jestFile, { force: true });
const jestOk = run("unit tests", "npx", ["jest", "--json", `--outputFile=${jestFile}`]);
const jest = readJson<{ numPassedTests: number; numFailedTests: number }>(jestFile);
if (jest) {
  passed += jest.numPassedTests;
  failed += jest.numFailedTests;
}
if (!jestOk && (!jest || jest.numFailedTests === 0)) failed++; // jest itself broke

// 4. The workshop's app, built as a host builds it.
const adminBuilt = run("admin build", "npm", ["run", "admin:build"]);
if (!adminBuilt) failed++;

// 5. The backend: Node's test runner, its TAP summary (`# pass N`, `# fail N`) in a file.
const specsIn = (folder: string) =>
  fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(".spec.ts"))
    .map((name) => path.join(folder, name));
const payloadTests = [...specsIn(path.join("payload", "test")), ...specsIn(path.join("server", "test"))];
const payloadFile = path.join(results, "payload.tap");
fs.rmSync(payloadFile, { force: true });
const payloadOk = run("backend (Payload, the preview server)", "node", [
  "--import",
  "tsx",
  "--test",
  "--test-reporter=spec",
  "--test-reporter-destination=stdout",
  "--test-reporter=tap",
  `--test-reporter-destination=${payloadFile}`,
  ...payloadTests,
]);
const tap = fs.existsSync(payloadFile) ? fs.readFileSync(payloadFile, "utf8") : "";
const tapCount = (name: string) => Number(new RegExp(`^# ${name} (\\d+)$`, "m").exec(tap)?.[1] ?? 0);
passed += tapCount("pass");
failed += tapCount("fail") + tapCount("cancelled");
if (!payloadOk && tapCount("fail") + tapCount("cancelled") === 0) failed++; // the runner itself broke

// 5b. Build: the site (the test build), which the e2e tests load and send to the workshop's app.
const siteBuilt = run("build", "npm", ["run", "build:test"]);
if (!siteBuilt) failed++;
const built = adminBuilt && siteBuilt;

/** What the browser tests need from the machine, installed when missing; undefined (and one failure) if it cannot be. */
function browserTestNeeds(): { chromium: string } | undefined {
  try {
    const chromium = ensureChromium();
    ensureDebianPackages([
      {
        label: "Java, for the Nu Html Checker",
        present: () => runs("java", ["-version"]),
        packages: ["default-jre-headless"],
      },
    ]);
    return { chromium };
  } catch (error) {
    console.error(`\nThe browser tests cannot run: ${(error as Error).message}`);
    failures.push("e2e (missing from the machine)");
    failed++;
    return undefined;
  }
}

// 6. End-to-end, only on a good build and with what the browsers need.
const needs = built ? browserTestNeeds() : undefined;
if (needs) {
  const { chromium } = needs;
  const e2eFile = path.join(results, "e2e.json");
  fs.rmSync(e2eFile, { force: true });
  const e2eOk = run("e2e", "npx", ["playwright", "test"], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile,
  });
  const e2e = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(e2eFile);
  if (e2e) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
  }
  if (!e2eOk && (!e2e || e2e.stats.unexpected === 0)) failed++; // the runner itself broke

  // 7. The same site in WebKitGTK and Firefox ESR (installed by the suite when missing).
  const enginesFile = path.join(results, "engines.json");
  fs.rmSync(enginesFile, { force: true });
  const enginesOk = run("engines", "npx", ["tsx", "e2e-engines/run.ts"]);
  const engines = readJson<{ passed: number; failed: number }>(enginesFile);
  if (engines) {
    passed += engines.passed;
    failed += engines.failed;
  }
  if (!enginesOk && (!engines || engines.failed === 0)) failed++; // the suite itself broke
}

if (failures.length) console.log(`\nFailed: ${failures.join(", ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
