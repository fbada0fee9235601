/**
 * What crawlers and validators see: valid HTML on every exported page (the Nu
 * Html Checker, vnu-jar, in Java), every page in the sitemap reachable by links
 * alone, structured data that parses and says what search engines ask for,
 * titles that fit a search result, and the icons and manifest browsers ask for.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { BreadcrumbList, ListItem, Offer, OfferCatalog, Thing } from "schema-dts";
import sharp from "sharp";
import { getArticles, getProjects, getSite } from "../lib/content";
import { siteOrigin } from "../lib/seo";
import { themeColor } from "../lib/theme";
import { OUT_DIR } from "../lib/hosting/build-stamp";
import { htmlFor, listHtmlFiles } from "../lib/hosting/export-inspect";
import { expect, test } from "./fixtures";
import { routes } from "../lib/hosting/route-table";

const site = getSite();
const origin = siteOrigin(site);
const TITLE_MAX = 60;
/** The Nu Html Checker, as the vnu-jar package ships it. */
const VNU_JAR = path.join(path.dirname(require.resolve("vnu-jar/package.json")), "build", "dist", "vnu.jar");

/** The sitemap's addresses as paths on this server. */
function sitemapPaths(): string[] {
  const xml = fs.readFileSync(path.join(OUT_DIR, "sitemap.xml"), "utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname.replace(/\/$/, "") || "/");
}

/** Every JSON-LD block of a page, parsed (a block that does not parse fails here). */
function jsonLd(route: string): Record<string, unknown>[] {
  const html = htmlFor(route);
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m, i) => {
    try {
      return JSON.parse(m[1]!) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`${route}: JSON-LD block ${i + 1} does not parse: ${(error as Error).message}`);
    }
  });
}

const ofType = <T extends Thing>(blocks: Record<string, unknown>[], type: string) =>
  blocks.filter((b) => b["@type"] === type) as unknown as Exclude<T, string>[];

const decimals = (n: unknown) => (String(n).split(".")[1] ?? "").length;

test("every exported HTML page passes the Nu Html Checker with no error", () => {
  test.setTimeout(180_000);
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  expect(java.status, "Java must be installed to run the Nu Html Checker (Debian: default-jre-headless)").toBe(0);
  const files = listHtmlFiles();
  expect(files.length).toBeGreaterThan(15);
  const run = spawnSync("java", ["-Xss8m", "-jar", VNU_JAR, "--format", "json", "--errors-only", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(run.stderr || "{}") as {
    messages?: { type: string; url?: string; message: string; lastLine?: number; extract?: string }[];
  };
  expect(report.messages, run.stderr.slice(0, 2000)).toBeDefined();
  const errors = report
    .messages!.filter((m) => m.type === "error" || m.type === "non-document-error")
    .map((m) => `${path.relative(OUT_DIR, (m.url ?? "").replace(/^file:/, ""))}:${m.lastLine ?? "?"} ${m.message}`);
  expect(errors).toEqual([]);
});

test("a crawler that follows only links from / reaches every page in the sitemap", async ({ request }) => {
  const wanted = sitemapPaths();
  expect(wanted.length).toBeGreaterThan(10);
  const seen = new Set<string>(["/"]);
  const queue = ["/"];
  while (queue.length) {
    const current = queue.shift()!;
    const response = await request.get(current);
    if (!response.ok() || !(response.headers()["content-type"] ?? "").includes("text/html")) continue;
    const html = await response.text();
    for (const match of html.matchAll(/<a\s[^>]*?href="([^"]+)"/g)) {
      const url = new URL(match[1]!.replace(/&amp;/g, "&"), `http://crawler.invalid${current}`);
      if (url.host !== "crawler.invalid") continue; // another site, mailto:, tel:
      const target = url.pathname.replace(/\/$/, "") || "/";
      if (seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  expect(
    wanted.filter((p) => !seen.has(p)),
    "sitemap pages no link leads to",
  ).toEqual([]);
});

test("structured data: every block parses; the business, the website, articles, projects and prices say what search engines ask for", () => {
  for (const route of routes) {
    const blocks = jsonLd(route.path);
    for (const block of blocks) expect(block["@context"], route.path).toBe("https://schema.org");

    const [business] = ofType<Thing>(blocks, "AutoBodyShop") as Record<string, unknown>[];
    expect(business, `${route.path}: the business`).toBeTruthy();
    const geo = business!.geo as { latitude: number; longitude: number };
    expect(decimals(geo.latitude), `${route.path}: latitude decimals`).toBeGreaterThanOrEqual(5);
    expect(decimals(geo.longitude), `${route.path}: longitude decimals`).toBeGreaterThanOrEqual(5);
    expect(business).toMatchObject({
      priceRange: expect.stringMatching(/.+/),
      sameAs: expect.arrayContaining([expect.stringMatching(/^https:\/\//)]),
      hasMap: site.mapsUrl,
      taxID: expect.stringMatching(/^\d{9}$/),
    });

    const [website] = ofType<Thing>(blocks, "WebSite") as Record<string, unknown>[];
    expect(website, `${route.path}: the website`).toMatchObject({ url: `${origin}/`, name: site.name });
  }

  for (const article of getArticles()) {
    const blocks = jsonLd(`/${article.slug}`);
    const [ld] = ofType<Thing>(blocks, "Article") as Record<string, unknown>[];
    expect(ld, article.slug).toMatchObject({ datePublished: article.date, dateModified: article.updated });
    expect(String(ld!.dateModified) >= String(ld!.datePublished)).toBe(true);
    const [trail] = ofType<BreadcrumbList>(blocks, "BreadcrumbList");
    expect(trail, `${article.slug}: breadcrumbs`).toBeTruthy();
    const items = trail!.itemListElement as readonly Exclude<ListItem, string>[];
    expect(items.map((i) => i.position)).toEqual([1, 2]);
    expect(items.at(-1)).toMatchObject({ name: article.title, item: `${origin}/${article.slug}` });
  }

  for (const project of getProjects()) {
    const [trail] = ofType<BreadcrumbList>(jsonLd(`/prosjekt/${project.slug}`), "BreadcrumbList");
    const items = trail!.itemListElement as readonly Exclude<ListItem, string>[];
    expect(items.map((i) => i.item)).toEqual([
      `${origin}/`,
      `${origin}/prosjekter`,
      `${origin}/prosjekt/${project.slug}`,
    ]);
  }

  const [catalog] = ofType<OfferCatalog>(jsonLd("/auto-detailing"), "OfferCatalog");
  expect(catalog, "the detailing prices").toBeTruthy();
  const offers = (catalog!.itemListElement as Exclude<OfferCatalog, string>[]).flatMap(
    (category) => category.itemListElement as Exclude<Offer, string>[],
  );
  expect(offers).toHaveLength(6);
  for (const offer of offers) {
    expect(offer["@type"]).toBe("Offer");
    expect(offer.priceCurrency).toBe("NOK");
    expect(typeof offer.price).toBe("number");
    expect(offer.price as number).toBeGreaterThan(0);
  }
});

test(`titles: at most ${TITLE_MAX} characters, unique, and /om-oss says it is about us`, () => {
  const titles = new Map<string, string>();
  const decode = (s: string) =>
    s
      .replace(/&amp;/g, "&")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"');
  // /prosjekt repeats the featured project (its canonical is that project's page)
  for (const route of routes.filter((r) => r.path !== "/prosjekt")) {
    const title = decode(/<title>([^<]*)<\/title>/.exec(htmlFor(route.path))?.[1] ?? "");
    expect(title.length, `${route.path}: «${title}»`).toBeGreaterThan(10);
    expect(title.length, `${route.path}: «${title}»`).toBeLessThanOrEqual(TITLE_MAX);
    expect(titles.get(title), `${route.path} has the title of`).toBeUndefined();
    titles.set(title, route.path);
  }
  const about = /<title>([^<]*)<\/title>/.exec(htmlFor("/om-oss"))![1]!;
  expect(about).toMatch(/^Om oss/);
  expect(about).not.toContain("Vi tar vare på bilen din");
});

test("icons and the web app manifest: there, linked from every page, made from the logo in the theme colour", async ({
  request,
}) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  const icoBytes = await ico.body();
  // an ICO file: reserved 0, type 1, then how many images
  expect([icoBytes.readUInt16LE(0), icoBytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(icoBytes.readUInt16LE(4)).toBeGreaterThanOrEqual(2);

  const apple = await request.get("/apple-touch-icon.png");
  expect(apple.status()).toBe(200);
  const meta = await sharp(await apple.body()).metadata();
  expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(["png", 180, 180, false]);

  for (const route of routes) {
    const html = htmlFor(route.path);
    expect(html, route.path).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
    expect(html, route.path).toMatch(/<link rel="apple-touch-icon" href="\/apple-touch-icon\.png"/);
    expect(html, route.path).toContain(`<meta name="theme-color" content="${themeColor()}"`);
  }
  const manifest = (await (await request.get("/manifest.webmanifest")).json()) as {
    name: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest.name).toContain(site.name);
  expect(manifest.theme_color).toBe(themeColor());
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    const size = await sharp(await response.body()).metadata();
    expect(`${size.width}x${size.height}`).toBe(icon.sizes);
  }
});
