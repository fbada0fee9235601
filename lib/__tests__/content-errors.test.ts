/**
 * A marketer who breaks a content file must get an error that names the file
 * and the field at fault. These are the same loaders `next build` runs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkImageRefs, fillSiteFields, getSite } from "../content";
import { ContentError, readJson, readMarkdown } from "../content/load";
import { articleFrontMatter, casesSchema, reviewsSchema, servicesSchema } from "../content/schemas";
import { stringsSchema } from "../content/strings-schema";

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
  const readReviews = (file: string) => readJson(file, reviewsSchema);
  const readArticle = (file: string) => readMarkdown(file, articleFrontMatter);

  // each file is read the way the build reads it; the message must say `says`, and name the file where `namesFile`
  test.each([
    {
      what: "a date written the wrong way",
      read: readReviews,
      file: "reviews-bad-date.json",
      namesFile: true,
      says: /reviews\[1\]\.date: må være en dato skrevet ÅÅÅÅ-MM-DD/,
    },
    {
      what: "an unknown key",
      read: readReviews,
      file: "reviews-unknown-key.json",
      namesFile: true,
      says: "reviews[0]: ukjent felt: stars",
    },
    {
      what: "a file that is not JSON",
      read: readReviews,
      file: "broken.json",
      namesFile: true,
      says: "er ikke gyldig JSON",
    },
    { what: "a file that does not exist", read: readReviews, file: "nowhere.json", says: "filen finnes ikke" },
    {
      what: "a date that does not exist in a Markdown front matter",
      read: readArticle,
      file: "article-bad-date.md",
      namesFile: true,
      says: "date: må være en dato",
    },
    {
      what: "an unknown key in front matter",
      read: readArticle,
      file: "article-unknown-key.md",
      says: "ukjent felt: author",
    },
    { what: "a level-1 heading in the body", read: readArticle, file: "article-h1.md", says: "overskrift på nivå 1" },
    {
      what: "front matter that is not valid YAML",
      read: readArticle,
      file: "article-bad-yaml.md",
      namesFile: true,
      says: "ikke gyldig YAML",
    },
  ])("$what", ({ read, file, namesFile, says }) => {
    const error = errorOf(() => read(fixture(file)));
    if (namesFile) expect(error.message).toContain(shown(file));
    expect(error.message).toMatch(says);
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

test.each(["{telefon}", "{e-post}", "{telefon nummer}", "{åpningstider}"])(
  "a business detail site.json does not have, in a Markdown text: %s",
  (misspelt) => {
    const error = errorOf(() =>
      fillSiteFields(
        path.join(process.cwd(), "content/pages/about.md"),
        `Ring ${misspelt} eller skriv til {email}.`,
        getSite(),
      ),
    );
    expect(error.message).toContain("content/pages/about.md");
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]!.startsWith(`${misspelt} er ikke en opplysning fra site.json;`)).toBe(true);
    expect(error.problems[0]).toContain("{phone}");
  },
);

/** strings.json as it is, with one text changed. */
function stringsWith(change: (strings: Record<string, Record<string, unknown>>) => void) {
  const strings = JSON.parse(fs.readFileSync(path.join(process.cwd(), "content/strings.json"), "utf8"));
  change(strings);
  return stringsSchema.safeParse(strings);
}

describe("strings.json: a text uses only the {placeholders} its field fills in", () => {
  test.each([
    // filled only in the visitor's browser: without the check, the page would break there
    ["calculator", "chosenCount", "{antall} valgt", "{antall} finnes ikke her; teksten kan bruke {n}"],
    ["booking", "priceLine", "Totalpris: {pris}", "{pris} finnes ikke her; teksten kan bruke {price}"],
    ["booking", "failed", "Ring oss på {telefon}.", "{telefon} finnes ikke her; teksten kan bruke {phone}, {email}"],
    ["footer", "copyright", "© {år} {name}", "{år} finnes ikke her; teksten kan bruke {year}, {name}"],
    // a text that fills nothing: a placeholder there would be shown as it is
    ["footer", "text", "Ring {phone}", "{phone} finnes ikke her; teksten kan ikke bruke noen {…} her"],
  ])("%s.%s = %j is refused, naming the field", (group, field, value, message) => {
    const result = stringsWith((strings) => (strings[group]![field] = value));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      [`${group}.${field}`, message],
    ]);
  });

  test("the texts as they are pass", () => {
    expect(stringsWith(() => {}).success).toBe(true);
  });
});

test("a service's work hours that are not whole or half hours, or missing, name the service", () => {
  const file = path.join(__dirname, "../../content/services.json");
  const services = JSON.parse(fs.readFileSync(file, "utf8"));
  services.categories[0].services[0].hours = 1.25;
  delete services.categories[2].services[1].hours;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "services-"));
  const broken = path.join(dir, "services.json");
  fs.writeFileSync(broken, JSON.stringify(services));
  const error = errorOf(() => readJson(broken, servicesSchema));
  expect(error.problems).toContain(
    "categories[0].services[0].hours: arbeidstiden skrives i hele eller halve timer, f.eks. 1.5",
  );
  expect(error.problems.some((p) => p.startsWith("categories[2].services[1].hours:"))).toBe(true);
  fs.rmSync(dir, { recursive: true, force: true });
});
