/** For specs that need the test build (lib/hosting/test-build.ts). */
import fs from "node:fs";
import path from "node:path";
import { OUT_DIR } from "../lib/hosting/build-stamp";
import { RENDER_ERROR_ROUTE } from "../lib/hosting/test-build";
import { expect } from "./fixtures";

/** Fails clearly when out/ is a normal build: the test page and the fake secret are only in `npm run build:test`. */
export function expectTestBuild() {
  expect(
    fs.existsSync(path.join(OUT_DIR, `${RENDER_ERROR_ROUTE}.html`)),
    "out/ must be the test build: npm run build:test (npm test builds it)",
  ).toBe(true);
}
