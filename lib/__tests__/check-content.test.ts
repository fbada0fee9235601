/**
 * `npm run check:content`: a marketer's mistake is reported with its file and
 * field, without a build. Broken copies of the real content/
 * folder stand in for a marketer's edits.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkContent } from "../content/check";

const CONTENT = path.join(process.cwd(), "content");
let dir: string;

/** A copy of content/ in a temporary folder, to break. */
function copyContent(): string {
  const target = fs.mkdtempSync(path.join(os.tmpdir(), "innhold-"));
  fs.cpSync(CONTENT, target, { recursive: true });
  return target;
}

function edit(file: string, change: (text: string) => string) {
  const full = path.join(dir, file);
  const before = fs.readFileSync(full, "utf8");
  const after = change(before);
  expect(after).not.toBe(before); // the fixture really is broken
  fs.writeFileSync(full, after);
}

const messages = () => checkContent({ contentDir: dir }).errors.map((e) => e.message);
const shown = (file: string) => path.relative(process.cwd(), path.join(dir, file));

beforeEach(() => {
  dir = copyContent();
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the real content passes", () => {
  const { errors, files } = checkContent();
  expect(errors.map((e) => e.message)).toEqual([]);
  expect(files).toEqual(expect.arrayContaining(["content/site.json", "content/articles/lakkrens.md"]));
  expect(files.length).toBeGreaterThanOrEqual(14);
});

test("a misspelt key names the file and the field", () => {
  edit("reviews.json", (t) => t.replace('"name": "Anders H."', '"nmae": "Anders H."'));
  const all = messages().join("\n");
  expect(all).toContain(`Feil i innholdsfilen ${shown("reviews.json")}`);
  expect(all).toContain("reviews[1]: ukjent felt: nmae");
  expect(all).toContain("reviews[1].name:");
});

test("a missing image names the file and the field", () => {
  edit("cases.json", (t) => t.replace('"image": "case-2-after"', '"image": "case-2-etter"'));
  const all = messages().join("\n");
  expect(all).toContain(`Feil i innholdsfilen ${shown("cases.json")}`);
  expect(all).toContain("[1].after.image: finner ikke bildet «case-2-etter» i content/images");
});

test("a Markdown link to a page that does not exist", () => {
  edit("articles/lakkrens.md", (t) => t.replace("(/auto-detailing)", "(/autodetailing)"));
  const all = messages().join("\n");
  expect(all).toContain(`Feil i innholdsfilen ${shown("articles/lakkrens.md")}`);
  expect(all).toContain("lenke (/autodetailing): finner ingen side med adressen /autodetailing");
  // links to real pages, anchors, mail and other sites are fine
  expect(all).not.toContain("privacy.md");
});

test("two pages with one address: an article named like a page, a project slug used twice", () => {
  fs.copyFileSync(path.join(dir, "articles", "lakkrens.md"), path.join(dir, "articles", "kontakt.md"));
  edit("projects.json", (t) => t.replace('"slug": "bmw-x3-hagl"', '"slug": "toyota-yaris-bakdor"'));
  const all = messages().join("\n");
  expect(all).toContain(`${shown("articles/kontakt.md")}:\n  - (filnavnet): adressen /kontakt er allerede i bruk`);
  expect(all).toContain(`${shown("projects.json")}:\n  - [1].slug: adressen /prosjekt/toyota-yaris-bakdor`);
});

test("a {field} site.json does not have, in the about page: the check finds what the build would", () => {
  edit("pages/about.md", (t) => t.replace("{openingHours}", "{åpningstider}"));
  const all = messages().join("\n");
  expect(all).toContain(`Feil i innholdsfilen ${shown("pages/about.md")}`);
  expect(all).toContain("{åpningstider} er ikke en opplysning fra site.json");
});

test("a broken site.json is reported once, in Norwegian, not again for each text that uses its details", () => {
  edit("site.json", (t) => t.replace(/"phone": "[^"]*"/, '"phone": 67102030'));
  const all = messages();
  expect(all).toEqual([
    `Feil i innholdsfilen ${shown("site.json")}:\n  - phone: Ugyldig input: forventet string, fikk tall`,
  ]);
});

test("a menu or footer link to a page that does not exist", () => {
  edit("strings.json", (t) =>
    t.replace('"href": "/kontakt"', '"href": "/kontak"').replace('"href": "/personvern"', '"href": "/personver"'),
  );
  const all = messages().join("\n");
  expect(all).toContain(`Feil i innholdsfilen ${shown("strings.json")}`);
  expect(all).toContain("nav.items[0].href: finner ingen side med adressen /kontak");
  expect(all).toContain("footer.links[2].href: finner ingen side med adressen /personver");
});

test("an image in a format the image build does not take counts as missing, naming the formats it takes", () => {
  fs.writeFileSync(path.join(dir, "images/case-2-etter.heic"), "x");
  edit("cases.json", (t) => t.replace('"image": "case-2-after"', '"image": "case-2-etter"'));
  expect(messages().join("\n")).toMatch(
    /\[1\]\.after\.image: finner ikke bildet «case-2-etter» i content\/images \(\.svg, /,
  );
});

test("a Markdown link that leads nowhere, and an image in the text", () => {
  edit("articles/lakkrens.md", (t) => `${t}\n[nettsiden](www.bulkeklinikken.no)\n\n![Bil](/img/bil.jpg)\n`);
  const all = messages().join("\n");
  expect(all).toContain(`Feil i innholdsfilen ${shown("articles/lakkrens.md")}`);
  expect(all).toContain("lenke (www.bulkeklinikken.no): en side på nettstedet skrives /adresse");
  expect(all).toContain("bilde (/img/bil.jpg): bilder kan ikke stå i teksten");
});

test("an article file the build would pass over without a word", () => {
  fs.copyFileSync(path.join(dir, "articles/lakkrens.md"), path.join(dir, "articles/polering.MD"));
  expect(messages().join("\n")).toContain(
    `${shown("articles/polering.MD")}:\n  - (filnavnet): bare filer som slutter på .md blir artikler`,
  );
});

test("opening hours that close before they open, or name a day twice", () => {
  edit("site.json", (t) =>
    t.replace(
      '"opens": "07:00", "closes": "17:00" }',
      '"opens": "17:00", "closes": "07:00" }, { "label": "Fredag", "days": ["Fr"], "opens": "08:00", "closes": "12:00" }',
    ),
  );
  const all = messages().join("\n");
  expect(all).toContain("openingHours[0].closes: closes må være senere enn opens");
  expect(all).toContain("openingHours[1].days: Fr står to ganger");
});

test("every broken file is listed in one run, not just the first", () => {
  edit("site.json", (t) => t.replace('"latitude": 59.89123', '"latitude": 59.891'));
  edit("articles/detailing.md", (t) => t.replace("date: 2024-08-17", "date: 17.08.2024"));
  const all = messages();
  expect(
    all.some((m) => m.includes(shown("site.json")) && m.includes("geo.latitude: trenger minst fem desimaler")),
  ).toBe(true);
  expect(all.some((m) => m.includes(shown("articles/detailing.md")) && m.includes("date: må være en dato"))).toBe(true);
});

// how long it takes is not tested on a shared machine; the time limit only ends a run that hangs
test("npm run check:content: the file and the field, and exit code 1", () => {
  edit("reviews.json", (t) => t.replace('"name": "Anders H."', '"nmae": "Anders H."'));
  const run = spawnSync("npx", ["tsx", "scripts/check-content.ts", dir], { encoding: "utf8" });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(`Feil i innholdsfilen ${shown("reviews.json")}`);
  expect(run.stderr).toContain("reviews[1]: ukjent felt: nmae");
}, 60_000);
