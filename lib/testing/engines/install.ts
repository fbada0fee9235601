/**
 * The engines the suite needs, from Debian's packages: WebKitGTK's WebDriver
 * (`webkit2gtk-driver`, which brings MiniBrowser) with `xvfb`, and
 * `firefox-esr`. Installed with apt-get when missing and we are root, as
 * Chromium is (scripts/lib/chromium.ts); otherwise the error says what to install.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
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
  const missing = engines.flatMap((engine) =>
    ENGINES[engine].files.filter((file) => !fs.existsSync(file)).map(() => engine),
  );
  const packages = [...new Set(missing.flatMap((engine) => ENGINES[engine].packages))];
  if (packages.length && process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
    console.log(`Installing ${packages.join(", ")} …`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(" ")}`, {
      stdio: "inherit",
    });
  }
  for (const engine of engines) {
    const absent = ENGINES[engine].files.filter((file) => !fs.existsSync(file));
    if (absent.length) {
      throw new Error(
        `${absent.join(", ")} not found. Install ${ENGINES[engine].packages.join(" ")} (sudo apt-get install …).`,
      );
    }
  }
  return { webkit: ENGINES.webkit.open, firefox: ENGINES.firefox.open };
}
