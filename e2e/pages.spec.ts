import { expect, test } from "./fixtures";
import { getSite, getStrings } from "../lib/content";
import { articlePaths, routes } from "../lib/hosting/route-table";

const site = getSite();

test.describe("every route", () => {
  for (const route of routes) {
    test(`${route.path} answers with its heading, metadata and no console error`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        // a failed resource is reported with its URL by the response listener below
        if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) errors.push(msg.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("response", (response) => {
        if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
      });

      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.h1);
      await expect(page.locator("h1:visible")).toHaveCount(1);

      await expect(page.locator("html")).toHaveAttribute("lang", "nb");
      expect(await page.title()).not.toBe("");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\//);
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\.jpg$/);

      for (const landmark of ["banner", "navigation", "main", "contentinfo"] as const) {
        await expect(page.getByRole(landmark).first()).toBeVisible();
      }
      await page.waitForLoadState("networkidle");
      expect(errors).toEqual([]);
    });
  }

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

test("every page carries the business as JSON-LD, with the address shown on the page", async ({ page }) => {
  for (const path of ["/", "/kontakt", "/lakkrens"]) {
    await page.goto(path);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const business = blocks.map((b) => JSON.parse(b)).find((d) => d["@type"] === "AutoBodyShop");
    expect(business).toBeTruthy();
    expect(business.telephone).toBe(site.phone);
    expect(business.openingHoursSpecification[0]).toMatchObject({ opens: "07:00", closes: "17:00" });
    await expect(page.getByText(business.address.streetAddress, { exact: true }).first()).toBeVisible();
  }
});

test("articles carry Article JSON-LD with their publishing date, shown in Norwegian", async ({ page }) => {
  const expected: Record<string, [string, string]> = {
    "/lakkeringsfri-bulkoppretting": ["2023-10-13", "13. oktober 2023"],
    "/lakkrens": ["2024-08-17", "17. august 2024"],
    "/invendig-rens": ["2024-08-17", "17. august 2024"],
  };
  for (const path of articlePaths) {
    await page.goto(path);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const article = blocks.map((b) => JSON.parse(b)).find((d) => d["@type"] === "Article");
    expect(article, path).toBeTruthy();
    const want = expected[path];
    if (want) {
      expect(article.datePublished).toBe(want[0]);
      await expect(page.locator("main time").first()).toHaveText(want[1]);
    }
  }
});

test("the home page's Les mer says what it is about and leads to the article on paintless dent repair", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Les mer om lakkeringsfri bulkoppretting" }).click();
  await expect(page).toHaveURL("/lakkeringsfri-bulkoppretting");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the detailing article lists the three packages and their work", async ({ page }) => {
  await page.goto("/detailing");
  for (const name of ["Basic", "Premium", "Ultimate"]) {
    const pkg = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
    await expect(pkg.getByRole("listitem").first()).toBeVisible();
  }
});

test("the thank-you page says we answer as soon as we can and is kept out of search", async ({ page }) => {
  await page.goto("/takk-for-henvendelsen");
  await expect(page.getByText("Vi svarer på forespørselet ditt så fort som mulig")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("the customer's case page is kept out of search and tells no other site where the visitor came from", async ({
  page,
}) => {
  await page.goto("/sak");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
  await expect(page.getByText(/Lenken virker ikke lenger\./)).toBeVisible();
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

test("unknown paths get the real 404 page", async ({ page }) => {
  const response = await page.goto("/finnes-ikke");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unexpected Application Error!");
  await expect(page.getByText("404 Not Found")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Til forsiden" }).click();
  await expect(page).toHaveURL("/");
});

test("the accent colour marks the calls to action and nothing else", async ({ page }) => {
  test.setTimeout(120_000);
  const strings = getStrings();
  const callsToAction = [
    strings.cta.quote,
    strings.calculator.book,
    strings.booking.submit,
    strings.quoteForm.labels.submit,
  ];
  for (const path of [...routes.map((r) => r.path), "/finnes-ikke"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // the names of the visible elements painted in the accent colour
    const accented = await page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement("div"));
      probe.style.backgroundColor = "var(--color-accent)";
      const accent = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return [...document.querySelectorAll<HTMLElement>("body *")]
        .filter((el) => el.checkVisibility() && getComputedStyle(el).backgroundColor === accent)
        .map((el) => (el.getAttribute("aria-label") ?? el.innerText).trim());
    });
    expect(
      accented.filter((name) => !callsToAction.includes(name)),
      path,
    ).toEqual([]);
  }
});
