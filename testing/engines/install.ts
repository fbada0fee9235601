/**
 * The engines the suite needs, from Debian's packages: WebKitGTK's WebDriver
 * (`webkit2gtk-driver`, which brings MiniBrowser) with `xvfb`, and
 * `firefox-esr`. Installed when missing, as Chromium is (testing/debian.ts).
 * Each engine is named in full (`label`) and short (`name`, as test names and
 * log lines carry it); `launch` starts it once for many pages, `open` for one.
 */
import fs from "node:fs";
import { ensureDebianPackages } from "../debian";
import {
  FIREFOX,
  launchFirefox,
  launchWebKit,
  MINIBROWSER,
  openFirefox,
  openWebKit,
  WEBKIT_DRIVER,
  XVFB,
  type EngineBrowser,
  type EnginePage,
} from "./browsers";

export type Engine = "webkit" | "firefox";

export const ENGINES: Record<
  Engine,
  {
    label: string;
    name: string;
    files: string[];
    packages: string[];
    launch: () => Promise<EngineBrowser>;
    open: () => Promise<EnginePage>;
  }
> = {
  webkit: {
    label: "WebKitGTK (MiniBrowser, WebKitWebDriver, Xvfb)",
    name: "WebKitGTK",
    files: [WEBKIT_DRIVER, MINIBROWSER, XVFB],
    packages: ["webkit2gtk-driver", "xvfb", "xauth"],
    launch: launchWebKit,
    open: openWebKit,
  },
  firefox: {
    label: "Firefox ESR (WebDriver BiDi)",
    name: "Firefox ESR",
    files: [FIREFOX],
    packages: ["firefox-esr"],
    launch: launchFirefox,
    open: openFirefox,
  },
};

/** Installs what `engines` need when missing; answers how to start each. */
export function ensureEngines(engines: Engine[]): Record<Engine, () => Promise<EngineBrowser>> {
  ensureDebianPackages(
    engines.map((engine) => ({
      label: ENGINES[engine].label,
      present: () => ENGINES[engine].files.every((file) => fs.existsSync(file)),
      packages: ENGINES[engine].packages,
    })),
  );
  return { webkit: ENGINES.webkit.launch, firefox: ENGINES.firefox.launch };
}
