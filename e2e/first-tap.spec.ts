/**
 * The first tap is safe: on a slow phone (CPU 4× slower, slow 4G), `Meny` tapped
 * in the first frame that shows it opens the menu, whatever the page's scripts
 * are doing at that moment (not yet loaded, starting, hydrating) and however far
 * the HTML has been read, and the menu is still open and announced as open once
 * the page has hydrated.
 */
import { expect, test } from "./fixtures";
import { phoneContext, tapBox, throttle, whenPainted } from "../testing/slow-phone";

const LOADS = 10;

test("on a slow phone, a tap on Meny as soon as it is painted opens the menu, on every load of /", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000); // ten fresh loads on slow 4G
  const opened: boolean[] = [];
  for (let load = 0; load < LOADS; load++) {
    const context = await phoneContext(browser, { baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await throttle(page);
    const painted = await whenPainted(page, "button[popovertarget]");
    await page.goto("/", { waitUntil: "commit" });
    await tapBox(page, await painted());

    const toggle = page.getByRole("button", { name: "Meny" });
    const contact = page.getByRole("navigation", { name: "Hovedmeny" }).getByRole("link", { name: "Kontakt" });
    opened.push(
      await contact.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      ),
    );
    if (load === LOADS - 1) {
      // once hydrated, the button says what the browser shows
      await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 30_000 });
      await expect(contact).toBeVisible();
    }
    await context.close();
  }
  expect(opened).toEqual(Array(LOADS).fill(true));
});

/*
 * A link tapped while the page starts and hydrates is followed: the header, the content and the
 * footer hydrate each on its own, and a tap on one makes React hydrate it at once. The CPU alone is
 * slowed, so the scripts are there at once and the tap lands while they run.
 */
const EARLY_LINKS = [
  { where: "the footer", selector: 'footer a[href="/om-oss"]', to: "/om-oss" },
  { where: "the page's content", selector: 'main a[href="/pristilbud"]', to: "/pristilbud" },
];
const LINK_LOADS = 3;

for (const { where, selector, to } of EARLY_LINKS) {
  test(`on a slow phone, a link in ${where} tapped as soon as it is painted is followed, on every load of /`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const arrived: string[] = [];
    for (let load = 0; load < LINK_LOADS; load++) {
      const context = await phoneContext(browser, { baseURL: testInfo.project.use.baseURL });
      const page = await context.newPage();
      await throttle(page, { network: false });
      const painted = await whenPainted(page, selector, { scroll: true });
      await page.goto("/", { waitUntil: "commit" });
      await tapBox(page, await painted());
      await page.waitForURL(`**${to}`, { timeout: 10_000 }).catch(() => undefined);
      arrived.push(new URL(page.url()).pathname);
      await context.close();
    }
    expect(arrived).toEqual(Array(LINK_LOADS).fill(to));
  });
}
