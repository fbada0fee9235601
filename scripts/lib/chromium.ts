/**
 * Browser tests use Debian's Chromium (Playwright's own browser download cannot
 * work on our machines), installed when it is missing (testing/debian.ts).
 */
import fs from "node:fs";
import { ensureDebianPackages } from "../../testing/debian";

export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

export function ensureChromium(): string {
  const wanted = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  if (fs.existsSync(wanted)) return wanted;
  ensureDebianPackages([
    {
      label: `Chromium (${DEFAULT_CHROMIUM}; CHROMIUM_PATH for another)`,
      present: () => fs.existsSync(DEFAULT_CHROMIUM),
      packages: ["chromium"],
    },
  ]);
  return DEFAULT_CHROMIUM;
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
