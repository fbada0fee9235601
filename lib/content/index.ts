/**
 * The content API the pages use. Each getter reads one file from `content/`,
 * validates it (see ./schemas.ts) and checks that every image it names exists
 * in `content/images/`. Results are cached for the life of the build process.
 */
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
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
} from "./schemas";
import { stringsSchema } from "./strings-schema";

export const CONTENT_DIR = path.join(process.cwd(), "content");
export const IMAGE_SOURCE_DIR = path.join(CONTENT_DIR, "images");
export const IMAGE_EXTENSIONS = [".svg", ".jpg", ".jpeg", ".png", ".webp", ".avif"];

const contentFile = (...parts: string[]) => path.join(CONTENT_DIR, ...parts);

/** Every `{ image, alt }` in a content value must name a file in content/images. */
export function checkImageRefs(file: string, value: unknown, imageDir = IMAGE_SOURCE_DIR): void {
  const available = new Set(
    fs.existsSync(imageDir) ? fs.readdirSync(imageDir).map((name) => name.replace(/\.[^.]+$/, "")) : [],
  );
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

function cached<T>(load: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: load() }).v;
}

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
    return result;
  });
}

export const getSite = json("site.json", siteSchema);
export const getStrings = json("strings.json", stringsSchema);
export const getHomePage = json("pages/home.json", homePageSchema);
export const getDetailingPage = json("pages/auto-detailing.json", detailingPageSchema);
export const getReviews = json("reviews.json", reviewsSchema);
export const getCases = json("cases.json", casesSchema);
export const getProjects = json("projects.json", projectsSchema);
export const getServices = json("services.json", servicesSchema);
export const getAboutPage = markdown("pages/about.md", aboutFrontMatter);
export const getPrivacyPage = markdown("pages/privacy.md", privacyFrontMatter);

export interface Article extends ArticleFrontMatter {
  slug: string;
  body: string;
}

/** Articles are `content/articles/<slug>.md`; the file name is the URL. */
export const getArticles = cached((): Article[] => {
  const dir = contentFile("articles");
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => {
      const file = path.join(dir, name);
      const slug = name.replace(/\.md$/, "");
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) {
        throw new ContentError(path.relative(process.cwd(), file), [
          "filnavnet blir adressen til artikkelen og kan bare ha små bokstaver, tall og bindestrek",
        ]);
      }
      const { data, body } = readMarkdown(file, articleFrontMatter);
      checkImageRefs(file, data);
      return { ...data, slug, body };
    })
    .sort((a, b) => b.date.localeCompare(a.date));
});

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
