/**
 * `npm run screenshots [-- /path …]`: full-page screenshots of every route (or
 * the given ones) at 375 px and 1280 px into test-results/screenshots/, for a
 * person to look at. Builds if needed; uses Debian's Chromium.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium } from "@playwright/test";
import { routes } from "../lib/hosting/route-table";
import { isBuildCurrent } from "../lib/hosting/build-stamp";
import { CHROMIUM_ARGS, ensureChromium } from "./lib/chromium";
import { createPreviewServer } from "../server/preview-server";

async function main() {
  if (!isBuildCurrent() && spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
  const wanted = process.argv.slice(2);
  const paths = wanted.length ? wanted : [...routes.map((r) => r.path), "/finnes-ikke"];
  const dir = path.join(process.cwd(), "test-results", "screenshots");
  fs.mkdirSync(dir, { recursive: true });

  const server = createPreviewServer({ log: () => {} });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    for (const width of [375, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: width < 500 ? 800 : 900 } });
      for (const route of paths) {
        await page.goto(`${origin}${route}`, { waitUntil: "networkidle" });
        // Scroll through the page so lazy images load, then back to the top; each jump is instant,
        // as the site's smooth scrolling would still be on its way when the next one starts.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
            window.scrollTo({ top: y, behavior: "instant" });
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          window.scrollTo({ top: 0, behavior: "instant" });
          // every image decoded, so the full-page capture paints those outside the window too
          await Promise.all([...document.images].map((image) => image.decode().catch(() => {})));
        });
        await page.waitForLoadState("networkidle");
        const name = `${width}-${route === "/" ? "home" : route.slice(1).replace(/\//g, "_")}.png`;
        await page.screenshot({ path: path.join(dir, name), fullPage: true });
        console.log(path.join("test-results", "screenshots", name));
      }
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
