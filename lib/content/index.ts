/**
 * The content API the pages use. Each getter reads one file from `content/`,
 * validates it (see ./schemas.ts) and checks that every image it names exists
 * in `content/images/`. Results are cached for the life of the build process.
 */
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { fill, placeholderNames } from "../format";
import { ContentError, formatFieldPath, readJson, readMarkdown } from "./load";
import {
  aboutFrontMatter,
  articleFrontMatter,
  casesSchema,
  detailingPageSchema,
  homePageSchema,
  privacyFrontMatter,
  projectsSchema,
  reviewsSchema,
  servicesSchema,
  siteSchema,
  type ArticleFrontMatter,
  type Site,
} from "./schemas";
import { emailsSchema } from "./emails-schema";
import { siteFields } from "./site-fields";
import { stringsSchema } from "./strings-schema";

const CONTENT_DIR = path.join(process.cwd(), "content");
export const IMAGE_SOURCE_DIR = path.join(CONTENT_DIR, "images");
export const IMAGE_EXTENSIONS = [".svg", ".jpg", ".jpeg", ".png", ".webp", ".avif"];

const contentFile = (...parts: string[]) => path.join(CONTENT_DIR, ...parts);

/**
 * The files in an image folder the image build turns into variants, by file name: a file of
 * another kind there (`.heic`, `.gif`) makes no image.
 */
export function sourceImages(imageDir = IMAGE_SOURCE_DIR): string[] {
  if (!fs.existsSync(imageDir)) return [];
  return fs.readdirSync(imageDir).filter((name) => IMAGE_EXTENSIONS.includes(path.extname(name).toLowerCase()));
}

/** Every `{ image, alt }` in a content value must name a file in content/images. */
export function checkImageRefs(file: string, value: unknown, imageDir = IMAGE_SOURCE_DIR): void {
  const available = new Set(sourceImages(imageDir).map((name) => name.replace(/\.[^.]+$/, "")));
  const problems: string[] = [];
  const walk = (node: unknown, at: PropertyKey[]) => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...at, i]));
    else if (node && typeof node === "object") {
      const record = node as Record<string, unknown>;
      if (typeof record.image === "string" && typeof record.alt === "string" && !available.has(record.image)) {
        problems.push(
          `${formatFieldPath([...at, "image"])}: finner ikke bildet «${record.image}» i content/images (${IMAGE_EXTENSIONS.join(", ")})`,
        );
      }
      for (const [key, child] of Object.entries(record)) walk(child, [...at, key]);
    }
  };
  walk(value, []);
  if (problems.length) throw new ContentError(path.relative(process.cwd(), file), problems);
}

export { siteFields };

/** A Markdown body with its `{field}`s filled in; a field site.json does not have is an error naming the file. */
export function fillSiteFields(file: string, body: string, site: Site): string {
  const fields = siteFields(site);
  const unknown = [...new Set(placeholderNames(body))].filter((key) => !(key in fields));
  if (unknown.length) {
    const known = Object.keys(fields)
      .map((key) => `{${key}}`)
      .join(", ");
    throw new ContentError(
      path.relative(process.cwd(), file),
      unknown.map((key) => `{${key}} er ikke en opplysning fra site.json; teksten kan bruke ${known}`),
    );
  }
  return fill(body, fields);
}

function cached<T>(load: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: load() }).v;
}

/** Every JSON file in content/ and its schema (`npm run check:content` checks the same list). */
export const JSON_FILES = {
  site: ["site.json", siteSchema],
  strings: ["strings.json", stringsSchema],
  home: ["pages/home.json", homePageSchema],
  detailing: ["pages/auto-detailing.json", detailingPageSchema],
  reviews: ["reviews.json", reviewsSchema],
  cases: ["cases.json", casesSchema],
  projects: ["projects.json", projectsSchema],
  services: ["services.json", servicesSchema],
  emails: ["emails.json", emailsSchema],
} as const;

/** The Markdown pages and their front matter; articles are every file in content/articles. */
export const MARKDOWN_FILES = {
  about: ["pages/about.md", aboutFrontMatter],
  privacy: ["pages/privacy.md", privacyFrontMatter],
} as const;

function json<T extends z.ZodType>(name: string, schema: T) {
  return cached(() => {
    const file = contentFile(name);
    const data = readJson(file, schema);
    checkImageRefs(file, data);
    return data;
  });
}

function markdown<T extends z.ZodType>(name: string, schema: T) {
  return cached(() => {
    const file = contentFile(name);
    const result = readMarkdown(file, schema);
    checkImageRefs(file, result.data);
    return { ...result, body: fillSiteFields(file, result.body, getSite()) };
  });
}

export const getSite = json(...JSON_FILES.site);
export const getStrings = json(...JSON_FILES.strings);
export const getHomePage = json(...JSON_FILES.home);
export const getDetailingPage = json(...JSON_FILES.detailing);
export const getReviews = json(...JSON_FILES.reviews);
export const getCases = json(...JSON_FILES.cases);
export const getProjects = json(...JSON_FILES.projects);
export const getServices = json(...JSON_FILES.services);
export const getEmails = json(...JSON_FILES.emails);
export const getAboutPage = markdown(...MARKDOWN_FILES.about);
export const getPrivacyPage = markdown(...MARKDOWN_FILES.privacy);

export interface Article extends ArticleFrontMatter {
  slug: string;
  /** the last change: the front matter's `updated`, or the publishing date */
  updated: string;
  body: string;
}

/**
 * Reads every article in `dir`, newest first, its `{field}`s filled from `site`; the first
 * broken one throws. Or, with `onError`, reports each broken one and goes on with the rest.
 */
export function readArticles(
  dir: string,
  { imageDir = IMAGE_SOURCE_DIR, site = getSite, onError }: ArticleReading = {},
): Article[] {
  const articles: Article[] = [];
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".md"))) {
    try {
      articles.push(readArticle(path.join(dir, name), imageDir, site));
    } catch (error) {
      if (!(error instanceof ContentError) || !onError) throw error;
      onError(error);
    }
  }
  return articles.sort((a, b) => b.date.localeCompare(a.date));
}

interface ArticleReading {
  imageDir?: string;
  /** the business details the bodies' `{field}`s are filled from; undefined when site.json is broken */
  site?: () => Site | undefined;
  onError?: (error: ContentError) => void;
}

function readArticle(file: string, imageDir: string, site: () => Site | undefined): Article {
  const slug = path.basename(file).replace(/\.md$/, "");
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) {
    throw new ContentError(path.relative(process.cwd(), file), [
      "filnavnet blir adressen til artikkelen og kan bare ha små bokstaver, tall og bindestrek",
    ]);
  }
  const { data, body } = readMarkdown(file, articleFrontMatter);
  checkImageRefs(file, data, imageDir);
  const details = site();
  // without site.json's details (its own error is reported) the body is checked as it is
  const filled = details ? fillSiteFields(file, body, details) : body;
  return { ...data, updated: data.updated ?? data.date, slug, body: filled };
}

/** Articles are `content/articles/<slug>.md`; the file name is the URL. */
export const getArticles = cached((): Article[] => readArticles(contentFile("articles")));

export function getArticle(slug: string): Article {
  const article = getArticles().find((a) => a.slug === slug);
  if (!article) throw new Error(`Ingen artikkel med adressen /${slug} i content/articles`);
  return article;
}

export function getProject(slug: string) {
  const project = getProjects().find((p) => p.slug === slug);
  if (!project) throw new Error(`Intet prosjekt med adressen /prosjekt/${slug} i content/projects.json`);
  return project;
}

/** Loads every content file once; the first broken file throws its ContentError. */
export function loadAllContent() {
  return {
    site: getSite(),
    strings: getStrings(),
    home: getHomePage(),
    detailing: getDetailingPage(),
    reviews: getReviews(),
    cases: getCases(),
    projects: getProjects(),
    services: getServices(),
    about: getAboutPage(),
    privacy: getPrivacyPage(),
    articles: getArticles(),
  };
}
