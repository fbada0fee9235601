/** The real content/ folder: it loads, and it holds the workshop's fixed wording, dates and prices. */
import { fillSiteFields, getArticle, getArticles, loadAllContent } from "../content";
import type { Site } from "../content/schemas";
import { businessJsonLd, articleJsonLd } from "../seo";

const content = loadAllContent();

test("every content file is valid and every image it names exists", () => {
  expect(content.site.name).toBeTruthy();
});

test("opening hours are Monday to Friday 07:00–17:00", () => {
  expect(content.site.openingHours).toEqual([
    expect.objectContaining({ days: ["Mo", "Tu", "We", "Th", "Fr"], opens: "07:00", closes: "17:00" }),
  ]);
});

test("four articles with their publication dates; detailing has Basic, Premium and Ultimate", () => {
  const dates = Object.fromEntries(getArticles().map((a) => [a.slug, a.date]));
  expect(dates).toMatchObject({
    "lakkeringsfri-bulkoppretting": "2023-10-13",
    lakkrens: "2024-08-17",
    "invendig-rens": "2024-08-17",
  });
  expect(Object.keys(dates).sort()).toEqual(["detailing", "invendig-rens", "lakkeringsfri-bulkoppretting", "lakkrens"]);
  const packages = getArticle("detailing").packages ?? [];
  expect(packages.map((p) => p.name)).toEqual(["Basic", "Premium", "Ultimate"]);
  packages.forEach((p) => expect(p.includes.length).toBeGreaterThan(0));
});

test("eight five-star reviews dot1–dot8, several without text", () => {
  const { reviews, summary } = content.reviews;
  expect(reviews.map((r) => r.id)).toEqual(["dot1", "dot2", "dot3", "dot4", "dot5", "dot6", "dot7", "dot8"]);
  expect(reviews.every((r) => r.points === 5)).toBe(true);
  expect(reviews.filter((r) => !r.text).length).toBeGreaterThanOrEqual(2);
  expect(summary).toMatchObject({ rating: 5, count: 14 });
});

test("three case studies, four projects", () => {
  expect(new Set(content.cases.map((c) => c.car)).size).toBe(3);
  expect(content.projects).toHaveLength(4);
});

test("detailing prices, work hours and size multipliers are the workshop's own", () => {
  const priceAndHours = Object.fromEntries(
    content.services.categories.flatMap((c) => c.services.map((s) => [s.title, [s.price, s.hours]])),
  );
  expect(priceAndHours).toEqual({
    "Grundig Utvendig Bilvask": [1250, 1.5],
    "Lett Innvendig Bilvask": [2500, 2],
    "Grunnleggende Rens": [4500, 4],
    "Enkel En-trinns Polering": [4500, 4],
    "To-trinns Polering": [6500, 7],
    Lakkforsegling: [3500, 3],
  });
  expect(content.services.sizes.map((s) => [s.type, s.multiplier, !!s.default])).toEqual([
    ["Liten", 1, true],
    ["Medium/SUV", 1.2, false],
    ["Stor", 1.3, false],
  ]);
});

test("the wording that stays as it is written", () => {
  expect(content.home.hero.headline).toBe("Vi tar vare på bilen din");
  expect(content.about.data.title).toBe("Vi tar vare på bilen din!");
  expect(content.strings.thanksPage.heading).toBe("Takk for henvendelsen!");
  expect(content.strings.thanksPage.text).toBe("Vi svarer på forespørselet ditt så fort som mulig");
  expect(content.strings.nav.items.map((i) => [i.label, i.href])).toEqual([
    ["Kontakt", "/kontakt"],
    ["Blog", "/lakkeringsfri-bulkoppretting"],
    ["Auto Detailing", "/auto-detailing"],
    ["Bulkoppretting", "/"],
  ]);
  expect(content.privacy.body).toMatch(/30 dager/);
});

test("the Markdown pages take the business details from site.json, so one change there reaches them all", () => {
  const { site } = content;
  expect(content.privacy.body).toContain(`[${site.email}](mailto:${site.email})`);
  expect(content.privacy.body).toContain(`**Organisasjonsnummer:** ${site.organisationNumber}`);
  expect(content.about.body).toContain("åpent mandag–fredag 07.00–17.00");
  expect(content.about.body).toContain("Industriveien 12, 1337 Sandvika");
  expect(content.privacy.body + content.about.body).not.toMatch(/\{\w+\}/);

  const moved: Site = {
    ...site,
    email: "verksted@example.no",
    address: { ...site.address, streetAddress: "Nyveien 1" },
    openingHours: [{ label: "Mandag–lørdag", days: ["Mo"], opens: "08:00", closes: "16:30" }],
  };
  expect(fillSiteFields("x.md", "Skriv til {email}, {address}, {openingHours}.", moved)).toBe(
    "Skriv til verksted@example.no, Nyveien 1, 1337 Sandvika, mandag–lørdag 08.00–16.30.",
  );
});

test("JSON-LD describes the business and the articles", () => {
  const business = businessJsonLd(content.site);
  expect(business).toMatchObject({
    "@type": "AutoBodyShop",
    telephone: content.site.phone,
    address: { streetAddress: content.site.address.streetAddress },
  });
  expect(business).toMatchObject({
    openingHoursSpecification: [{ opens: "07:00", closes: "17:00", dayOfWeek: expect.any(Array) }],
    taxID: "999999999",
    hasMap: content.site.mapsUrl,
  });
  expect(JSON.stringify(business)).toContain('"dayOfWeek":["https://schema.org/Monday"');
  expect(articleJsonLd(content.site, getArticle("lakkrens"))).toMatchObject({
    "@type": "Article",
    datePublished: "2024-08-17",
    // no `updated` in its front matter: last changed when published
    dateModified: "2024-08-17",
  });
});
