/**
 * `npm run admin`: the workshop's Payload app (admin/) on
 * http://localhost:3001/admin (PORT overrides). Builds it first when its
 * build is missing or older than its sources (the app, the plugin, and the
 * site's contract and content the plugin reads), then serves it with
 * `next start`, which runs the database's migrations as Payload starts.
 * `--build` builds when needed and stops there (npm test). Settings: admin/settings.ts.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { readSettings } from "../admin/settings";
import { filesFingerprint } from "../lib/hosting/build-stamp";

const ADMIN = path.join(process.cwd(), "admin");
const STAMP = path.join(ADMIN, ".build-stamp");
const SOURCES = ["admin", "payload", "lib", "content", "package-lock.json"];

/** Builds admin/ unless its build is current; exits the process when the build fails. */
function ensureBuilt(): void {
  const fingerprint = filesFingerprint(SOURCES);
  const built = fs.existsSync(path.join(ADMIN, ".next", "BUILD_ID")) && fs.existsSync(STAMP);
  if (built && fs.readFileSync(STAMP, "utf8") === fingerprint) return;
  console.log("admin/ has no build, or one older than its sources: building it first (next build) …");
  const build = spawnSync("npx", ["next", "build"], { cwd: ADMIN, stdio: "inherit" });
  if (build.status !== 0) {
    console.error("The admin's build failed; see the message above.");
    process.exit(build.status ?? 1);
  }
  fs.writeFileSync(STAMP, fingerprint);
}

ensureBuilt();
if (!process.argv.includes("--build")) {
  // checked here too, so a mistake is told before the build is served
  const port = String(readSettings().port);
  console.log(`The workshop's admin runs at http://localhost:${port}/admin  (Ctrl+C stops it)`);
  const server = spawn("npx", ["next", "start", "--port", port], {
    cwd: ADMIN,
    stdio: "inherit",
    env: { ...process.env, PORT: port },
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
}
