/**
 * What the browser tests need from the machine, installed at once with one apt-get when any of it
 * is missing (testing/debian.ts): Debian's Chromium, Java for the Nu Html Checker, and the other
 * engines (testing/engines/install.ts). Exits 1, naming the packages, when something cannot be had.
 */
import fs from "node:fs";
import { ensureDebianPackages, runs } from "../../testing/debian";
import { ENGINES } from "../../testing/engines/install";
import { DEFAULT_CHROMIUM } from "./chromium";

const chromium = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
try {
  ensureDebianPackages([
    {
      label: `Chromium (${chromium}; CHROMIUM_PATH for another)`,
      present: () => fs.existsSync(chromium),
      packages: ["chromium"],
    },
    {
      label: "Java, for the Nu Html Checker",
      present: () => runs("java", ["-version"]),
      packages: ["default-jre-headless"],
    },
    ...Object.values(ENGINES).map(({ label, files, packages }) => ({
      label,
      present: () => files.every((file) => fs.existsSync(file)),
      packages,
    })),
  ]);
  console.log("The browsers and Java are on the machine.");
} catch (error) {
  console.error(`The browser tests cannot run: ${(error as Error).message}`);
  process.exit(1);
}
