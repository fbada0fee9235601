/**
 * What the tests need from Debian's packages (the browsers, Java for the HTML
 * checker), installed the way a fresh machine gets them: with apt-get, when
 * something is missing and we are root. Otherwise the error names the
 * packages to install, so a test that cannot run says why and fails.
 */
import { execSync, spawnSync } from "node:child_process";
import fs from "node:fs";

export interface Needed {
  /** what the tests use it for, for the messages */
  label: string;
  /** whether it is there */
  present: () => boolean;
  /** Debian's packages that bring it */
  packages: string[];
}

/** Installs whatever of `needed` is missing; throws naming the packages of what is still missing. */
export function ensureDebianPackages(needed: Needed[]): void {
  const packages = [...new Set(needed.filter((n) => !n.present()).flatMap((n) => n.packages))];
  if (packages.length && process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
    console.log(`Installing Debian's ${packages.join(", ")} …`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(" ")}`, {
      stdio: "inherit",
    });
  }
  const absent = needed.filter((n) => !n.present());
  if (absent.length) {
    const names = absent.flatMap((n) => n.packages).join(" ");
    throw new Error(
      `${absent.map((n) => n.label).join(", ")}: not found. Install them (sudo apt-get install ${names}).`,
    );
  }
}

/** Whether `command` is found on the PATH and exits 0. */
export const runs = (command: string, args: string[]) => spawnSync(command, args, { stdio: "ignore" }).status === 0;
