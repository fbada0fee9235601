import sitemap from "../sitemap";
import { type Article, getArticles, getSite } from "@/lib/content";
import { articlePath, CASE_PATH, THANKS_PATH } from "@/lib/routes";
import { absoluteUrl } from "@/lib/seo";

jest.mock("@/lib/content", () => {
  const actual = jest.requireActual<typeof import("@/lib/content")>("@/lib/content");
  return { ...actual, getArticles: jest.fn(actual.getArticles) };
});

describe("sitemap", () => {
  it("gives an edited article the date it was last changed, and an unedited one its publishing date", () => {
    const [first, second] = getArticles();
    if (!first || !second) throw new Error("the sitemap test needs two articles in content/articles");
    const edited: Article = { ...first, updated: "2030-06-01" };
    const unedited: Article = { ...second, updated: second.date };
    jest.mocked(getArticles).mockReturnValue([edited, unedited]);

    const lastModified = new Map(sitemap().map((entry) => [entry.url, entry.lastModified]));
    const site = getSite();
    expect(lastModified.get(absoluteUrl(site, articlePath(edited.slug)))).toBe("2030-06-01");
    expect(lastModified.get(absoluteUrl(site, articlePath(unedited.slug)))).toBe(second.date);
  });
});

it("leaves out the pages kept out of search: the thank-you page and the customer's case", () => {
  const urls = sitemap().map((entry) => new URL(entry.url).pathname);
  expect(urls).toContain("/pristilbud");
  expect(urls).not.toContain(THANKS_PATH);
  expect(urls).not.toContain(CASE_PATH);
});
