/**
 * A marketer who breaks a content file must get an error that names the file
 * and the field at fault. These are the same loaders `next build` runs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkImageRefs } from "../content";
import { ContentError, readJson, readMarkdown } from "../content/load";
import { articleFrontMatter, casesSchema, reviewsSchema } from "../content/schemas";

const fixture = (name: string) => path.join(__dirname, "fixtures", name);
const shown = (name: string) => `lib/__tests__/fixtures/${name}`;

function errorOf(load: () => unknown): ContentError {
  try {
    load();
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error("expected a ContentError, but the file loaded");
}

describe("content errors name the file and the field", () => {
  test("a date written the wrong way", () => {
    const error = errorOf(() => readJson(fixture("reviews-bad-date.json"), reviewsSchema));
    expect(error.message).toContain(shown("reviews-bad-date.json"));
    expect(error.message).toMatch(/reviews\[1\]\.date: må være en dato skrevet ÅÅÅÅ-MM-DD/);
  });

  test("an unknown key", () => {
    const error = errorOf(() => readJson(fixture("reviews-unknown-key.json"), reviewsSchema));
    expect(error.message).toContain(shown("reviews-unknown-key.json"));
    expect(error.message).toContain("reviews[0]: ukjent felt: stars");
  });

  test("a missing field, and a reference to a review that does not exist", () => {
    const error = errorOf(() => readJson(fixture("reviews-missing-name.json"), reviewsSchema));
    expect(error.problems.some((p) => p.startsWith("reviews[0].name:"))).toBe(true);
    // The cross-field rule runs only once the fields themselves are right, so fix the name and look again.
    const data = JSON.parse(fs.readFileSync(fixture("reviews-missing-name.json"), "utf8"));
    data.reviews[0].name = "Kari N.";
    const result = reviewsSchema.safeParse(data);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain("finner ingen anmeldelse med id dot9");
  });

  test("a file that is not JSON", () => {
    const error = errorOf(() => readJson(fixture("broken.json"), reviewsSchema));
    expect(error.message).toContain(shown("broken.json"));
    expect(error.message).toContain("er ikke gyldig JSON");
  });

  test("a file that does not exist", () => {
    const error = errorOf(() => readJson(fixture("nowhere.json"), reviewsSchema));
    expect(error.message).toContain("filen finnes ikke");
  });

  test("a date that does not exist in a Markdown front matter", () => {
    const error = errorOf(() => readMarkdown(fixture("article-bad-date.md"), articleFrontMatter));
    expect(error.message).toContain(shown("article-bad-date.md"));
    expect(error.message).toContain("date: må være en dato");
  });

  test("an unknown key in front matter", () => {
    const error = errorOf(() => readMarkdown(fixture("article-unknown-key.md"), articleFrontMatter));
    expect(error.message).toContain("ukjent felt: author");
  });

  test("a level-1 heading in the body", () => {
    const error = errorOf(() => readMarkdown(fixture("article-h1.md"), articleFrontMatter));
    expect(error.message).toContain("overskrift på nivå 1");
  });

  test("front matter that is not valid YAML", () => {
    const error = errorOf(() => readMarkdown(fixture("article-bad-yaml.md"), articleFrontMatter));
    expect(error.message).toContain(shown("article-bad-yaml.md"));
    expect(error.message).toContain("ikke gyldig YAML");
  });

  test("an image that is not in the image folder", () => {
    const imageDir = fs.mkdtempSync(path.join(os.tmpdir(), "images-"));
    fs.writeFileSync(path.join(imageDir, "case-1-after.svg"), "<svg/>");
    const file = fixture("cases-missing-image.json");
    const cases = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(casesSchema.safeParse(cases).success).toBe(false); // three cases are required, too
    const error = errorOf(() => checkImageRefs(file, cases, imageDir));
    expect(error.message).toContain(shown("cases-missing-image.json"));
    expect(error.message).toContain("[0].before.image: finner ikke bildet «finnes-ikke»");
    expect(error.message).not.toContain("case-1-after");
  });
});
