/**
 * What holds across the pages: unique titles and descriptions, the sitemap and robots.txt, a link between them.
 * What each page must show on its own load is checked in ./routes.spec.ts.
 */
import { expect, test } from "./fixtures";
import { getSite } from "../lib/content";
import { routes } from "../lib/hosting/route-table";

const site = getSite();

test.describe("every route", () => {
  test("titles and descriptions are unique", async ({ request }) => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    // /prosjekt is the featured project again (its canonical is that project's page), so it may repeat it.
    for (const route of routes.filter((r) => r.path !== "/prosjekt")) {
      const html = await (await request.get(route.path)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
      expect(titles.get(title), `${route.path} shares its title with`).toBeUndefined();
      expect(descriptions.get(description), `${route.path} shares its description with`).toBeUndefined();
      titles.set(title, route.path);
      descriptions.set(description, route.path);
    }
  });
});

test("the home page's Les mer says what it is about and leads to the article on paintless dent repair", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Les mer om lakkeringsfri bulkoppretting" }).click();
  await expect(page).toHaveURL("/lakkeringsfri-bulkoppretting");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("sitemap.xml lists every indexable page and robots.txt points to it", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const route of routes.filter((r) => !["/prosjekt", "/takk-for-henvendelsen", "/sak"].includes(r.path))) {
    expect(sitemap).toContain(`${site.siteUrl}${route.path === "/" ? "/" : route.path}<`);
  }
  expect(sitemap).not.toContain("takk-for-henvendelsen");
  expect(sitemap).not.toContain(`${site.siteUrl}/sak<`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${site.siteUrl}/sitemap.xml`);
});
