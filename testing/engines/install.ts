/**
 * The engines the suite needs, from Debian's packages: WebKitGTK's WebDriver
 * (`webkit2gtk-driver`, which brings MiniBrowser) with `xvfb`, and
 * `firefox-esr`. Installed when missing, as Chromium is (testing/debian.ts).
 */
import fs from "node:fs";
import { ensureDebianPackages } from "../debian";
import { FIREFOX, MINIBROWSER, openFirefox, openWebKit, WEBKIT_DRIVER, type EnginePage } from "./browsers";

export type Engine = "webkit" | "firefox";

export const ENGINES: Record<
  Engine,
  { label: string; files: string[]; packages: string[]; open: () => Promise<EnginePage> }
> = {
  webkit: {
    label: "WebKitGTK (MiniBrowser, WebKitWebDriver, Xvfb)",
    files: [WEBKIT_DRIVER, MINIBROWSER, "/usr/bin/xvfb-run"],
    packages: ["webkit2gtk-driver", "xvfb", "xauth"],
    open: openWebKit,
  },
  firefox: {
    label: "Firefox ESR (WebDriver BiDi)",
    files: [FIREFOX],
    packages: ["firefox-esr"],
    open: openFirefox,
  },
};

export function ensureEngines(engines: Engine[]): Record<Engine, () => Promise<EnginePage>> {
  ensureDebianPackages(
    engines.map((engine) => ({
      label: ENGINES[engine].label,
      present: () => ENGINES[engine].files.every((file) => fs.existsSync(file)),
      packages: ENGINES[engine].packages,
    })),
  );
  return { webkit: ENGINES.webkit.open, firefox: ENGINES.firefox.open };
}
