/**
 * Safe to host: the headers the build writes for the host (out/_headers) are the
 * ones the preview server sends; every route works under its Content Security
 * Policy (the fixture fails any test with a violation, so the whole suite checks
 * it too; each route loaded and scrolled to its end: ./routes.spec.ts); no secret
 * reaches out/; external links do not hand over the page.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { OUT_DIR } from "../lib/hosting/build-stamp";
import { listHtmlFiles } from "../lib/hosting/export-inspect";
import { headersFor, parseHeadersFile } from "../lib/hosting/security-headers";
import { TEST_BUILD_ENV } from "../lib/hosting/test-build";
import { routes } from "../lib/hosting/route-table";
import { expect, test } from "./fixtures";
import { PHOTO_WORKER_SCRIPT } from "./photo-worker";
import { expectTestBuild } from "./test-build";

const rules = () => parseHeadersFile(fs.readFileSync(path.join(OUT_DIR, "_headers"), "utf8"));

test("every page is served with the headers out/_headers gives the host", async ({ request }) => {
  for (const route of [...routes.map((r) => r.path), "/finnes-ikke"]) {
    const response = await request.get(route);
    const headers = response.headers();
    const expected = new Map<string, string>();
    // two rules for one header are joined, as the static hosts join them
    for (const [name, value] of headersFor(rules(), route === "/finnes-ikke" ? "/404" : route)) {
      const key = name.toLowerCase();
      expected.set(key, expected.has(key) ? `${expected.get(key)}, ${value}` : value);
    }
    for (const [name, value] of expected) expect(headers[name], `${route} ${name}`).toBe(value);

    const csp = headers["content-security-policy"]!;
    expect(csp).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
    expect(csp).toMatch(/(^|; )script-src 'self'( 'sha256-[\w+/=]+')+(;|$)/); // no 'unsafe-inline', no eval
    expect(csp).toMatch(/(^|; )worker-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|; )img-src 'self' blob: data:(;|$)/);
    expect(csp).toMatch(/(^|; )connect-src 'self'(;|$)/); // this build: API and admin on the same origin
    expect(csp).not.toMatch(/google/); // no GTM id, no maps key in this build
    expect(headers["x-content-type-options"]).toBe("nosniff");
    // the customer's case page: its address holds the key to a case, so the last policy (the one applied) sends none
    expect(headers["referrer-policy"]).toBe(
      route === "/sak" ? "strict-origin-when-cross-origin, no-referrer" : "strict-origin-when-cross-origin",
    );
    expect(headers["permissions-policy"]).toContain("camera=(self)");
    expect(headers["permissions-policy"]).toContain("microphone=()");
    expect(headers["cache-control"]).toBe("no-cache");
  }
});

test("hashed assets are cached for a year; images for a week", async ({ page, request }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/_next/static/")) scripts.push(response.headers()["cache-control"] ?? "");
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(3);
  for (const value of scripts) expect(value).toBe("public, max-age=31536000, immutable");
  const image = fs.readdirSync(path.join(OUT_DIR, "img"))[0]!;
  expect((await request.get(`/img/${image}`)).headers()["cache-control"]).toBe("public, max-age=604800");
});

test("image previews (data:) and the photo worker (our origin) run under the policy", async ({ page, baseURL }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "csp-"));
  const big = path.join(dir, "stor.jpg");
  await sharp({
    create: {
      width: 2400,
      height: 1800,
      channels: 3,
      background: "#888",
      noise: { type: "gaussian", mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 92 })
    .toFile(big);
  // the photo is made smaller in the photo worker, a script on our own origin (a refused worker would
  // make the page do the work instead, silently)
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(worker.url()));
  const uploads: number[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/media") uploads.push(request.postDataBuffer()?.length ?? 0);
  });
  await page.goto("/pristilbud");
  const form = page.getByRole("form", { name: "Få et pristilbud" });
  await form.getByLabel("Registreringsnummer").fill("CSP1234");
  await form.getByLabel("E-post").fill("kari@example.no");
  await form.getByLabel("Telefon").fill("91234567");
  await form.getByRole("region", { name: "Skade 1" }).getByLabel("Last opp bilder").setInputFiles(big);
  const preview = form.getByRole("region", { name: "Skade 1" }).getByRole("img");
  // the photo work's small copy, read where it was made (lib/photos/photos.ts: never the original)
  await expect(preview).toHaveAttribute("src", /^data:image\/jpeg;base64,/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await form.getByRole("button", { name: "Send forespørsel" }).click();
  await expect(page).toHaveURL("/takk-for-henvendelsen", { timeout: 20_000 });
  // made smaller in the worker: the original is over 1 MB
  expect(fs.statSync(big).size).toBeGreaterThan(1024 * 1024);
  expect(workers.map((url) => PHOTO_WORKER_SCRIPT.test(url) && url.startsWith(`${baseURL}/`))).toEqual([true]);
  expect(uploads).toHaveLength(1);
  expect(uploads[0]).toBeLessThan(1024 * 1024 + 4096);
});

test.describe("the built out/", () => {
  test.beforeAll(expectTestBuild);

  test("holds no value of a non-public environment variable set during the build", () => {
    const secret = TEST_BUILD_ENV.BULK_E2E_SECRET_TOKEN;
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (fs.readFileSync(full).includes(secret)) found.push(path.relative(OUT_DIR, full));
      }
    };
    walk(OUT_DIR);
    expect(found).toEqual([]);
  });

  test("every external link opens with rel=noopener noreferrer", () => {
    let external = 0;
    for (const file of listHtmlFiles()) {
      for (const [tag] of fs.readFileSync(file, "utf8").matchAll(/<a\s[^>]*>/g)) {
        const href = /\shref="([^"]*)"/.exec(tag)?.[1] ?? "";
        if (!/^(https?:)?\/\//.test(href)) continue;
        external++;
        const rel = (/\srel="([^"]*)"/.exec(tag)?.[1] ?? "").split(/\s+/);
        expect(rel, `${path.relative(OUT_DIR, file)}: ${tag}`).toEqual(
          expect.arrayContaining(["noopener", "noreferrer"]),
        );
      }
    }
    expect(external).toBeGreaterThan(5);
  });
});
