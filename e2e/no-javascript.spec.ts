/** Crawlers and visitors without JavaScript get the whole text in the prerendered HTML. */
import { expect, test } from "./fixtures";
import { getAboutPage, getArticle, getHomePage, getPrivacyPage } from "../lib/content";
import { routes } from "../lib/hosting/route-table";

test.use({ javaScriptEnabled: false });

for (const route of routes) {
  test(`${route.path} shows its heading with JavaScript off`, async ({ page }) => {
    await page.goto(route.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.h1);
    await expect(page.getByRole("contentinfo")).toContainText("Skade på bilen?");
  });
}

test("the body text is in the HTML, not added by scripts", async ({ page }) => {
  const samples: [string, string][] = [
    ["/", getHomePage().pdr.paragraphs[0]!],
    ["/", getHomePage().benefits.items[2]!.text],
    ["/om-oss", getAboutPage().body.split("\n\n")[0]!.replace(/\*\*/g, "")],
    ["/personvern", "30 dager"],
    ["/lakkrens", getArticle("lakkrens").lead],
  ];
  for (const [path, text] of samples) {
    await page.goto(path);
    await expect(page.getByRole("main")).toContainText(text.slice(0, 80));
  }
  expect(getPrivacyPage().body.length).toBeGreaterThan(500);
});
