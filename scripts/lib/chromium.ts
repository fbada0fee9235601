/**
 * Browser tests use Debian's Chromium (Playwright's own browser download cannot
 * work on our machines). Installs the `chromium` package when it is missing and
 * we are root; otherwise says how.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";

export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

export function ensureChromium(): string {
  const wanted = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  if (fs.existsSync(wanted)) return wanted;
  if (process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing the Debian package chromium …");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
      stdio: "inherit",
    });
    if (fs.existsSync(DEFAULT_CHROMIUM)) return DEFAULT_CHROMIUM;
  }
  throw new Error(`Chromium not found at ${wanted}. Install it (sudo apt-get install chromium) or set CHROMIUM_PATH.`);
}

/** The flags our sandboxed machines need (no network but the registries, no GPU, root). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
