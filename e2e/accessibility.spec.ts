import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { routes } from "../lib/hosting/route-table";

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const route of [...routes, { path: "/finnes-ikke" }]) {
      test(`${route.path} has no serious or critical violation`, async ({ page }) => {
        // axe checks every element's contrast and names: on the longest pages, on two shared cores, that
        // takes longer than an ordinary test's time
        test.slow();
        await page.goto(route.path);
        await page.waitForLoadState("networkidle");
        const { violations } = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
          .analyze();
        const serious = violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
        expect(serious).toEqual([]);
      });
    }
  });
}
