/** `npm run build:test`: `npm run build` with the test additions (lib/hosting/test-build.ts). */
import { spawnSync } from "node:child_process";
import { TEST_BUILD_ENV } from "../lib/hosting/test-build";

const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, ...TEST_BUILD_ENV } });
process.exit(build.status ?? 1);
