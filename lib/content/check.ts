/**
 * `npm run check:content`: every file in content/ checked the way the build
 * checks it, without building. Each file is checked on its own, so one run lists
 * every broken file, each message naming the file and the field (ContentError). On
 * top of the schemas and image references: internal links in Markdown must lead to
 * a page of the site (or a file in public/), and no two pages may share an address.
 */
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { markdownImages, markdownLinks } from "../markdown";
import { articlePath, projectPath } from "../routes";
import { type Article, checkImageRefs, fillSiteFields, JSON_FILES, MARKDOWN_FILES, readArticles } from "./index";
import { ContentError, readJson, readMarkdown } from "./load";
import type { Project } from "./schemas";
import type { Strings } from "./strings-schema";

export interface CheckOptions {
  /** the content folder (default: content/) */
  contentDir?: string;
  /** the app folder, whose route folders are the site's fixed pages (default: app/) */
  appDir?: string;
  /** files served as they are (default: public/) */
  publicDir?: string;
}

export interface CheckResult {
  /** files checked */
  files: string[];
  errors: ContentError[];
}

const rel = (file: string) => path.relative(process.cwd(), file) || file;

/** The fixed pages: every folder under app/ with a page file, `[param]` folders left out. */
function staticRoutes(appDir: string): string[] {
  const routes: string[] = [];
  const walk = (dir: string, route: string) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && /^page\.tsx?$/.test(e.name))) routes.push(route || "/");
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith("[") || entry.name.startsWith("_")) continue;
      // (group) folders organise files without adding to the address
      const segment = /^\(.*\)$/.test(entry.name) ? "" : `/${entry.name}`;
      walk(path.join(dir, entry.name), route + segment);
    }
  };
  walk(appDir, "");
  return routes;
}

export function checkContent(options: CheckOptions = {}): CheckResult {
  const root = process.cwd();
  const contentDir = options.contentDir ?? path.join(root, "content");
  const appDir = options.appDir ?? path.join(root, "app");
  const publicDir = options.publicDir ?? path.join(root, "public");
  const imageDir = path.join(contentDir, "images");
  const files: string[] = [];
  const errors: ContentError[] = [];

  /** Runs one file's check; a ContentError is collected, anything else is a bug and thrown. */
  function attempt<T>(file: string, check: () => T): T | undefined {
    files.push(rel(file));
    try {
      return check();
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      errors.push(error);
      return undefined;
    }
  }

  const json = <T extends z.ZodType>(name: string, schema: T) => {
    const file = path.join(contentDir, name);
    return attempt(file, () => {
      const data = readJson(file, schema);
      checkImageRefs(file, data, imageDir);
      return data;
    });
  };
  const loaded = Object.fromEntries(
    Object.entries(JSON_FILES).map(([key, [name, schema]]) => [key, json(name, schema)]),
  ) as { [K in keyof typeof JSON_FILES]: z.output<(typeof JSON_FILES)[K][1]> | undefined };

  const markdownBodies: { file: string; body: string }[] = [];
  for (const [name, schema] of Object.values(MARKDOWN_FILES)) {
    const file = path.join(contentDir, name);
    const result = attempt(file, () => {
      const page = readMarkdown(file, schema);
      checkImageRefs(file, page.data, imageDir);
      // the build fills the body's {field}s from site.json; a field it lacks is this file's error
      return loaded.site ? fillSiteFields(file, page.body, loaded.site) : page.body;
    });
    if (result !== undefined) markdownBodies.push({ file, body: result });
  }

  const articlesDir = path.join(contentDir, "articles");
  const articleFiles = fs.readdirSync(articlesDir).filter((n) => n.endsWith(".md"));
  files.push(...articleFiles.map((n) => rel(path.join(articlesDir, n))));
  // a file the build would pass over without a word (`.MD`, `.markdown`, `.md.txt`)
  for (const name of fs.readdirSync(articlesDir).filter((n) => !n.endsWith(".md") && !n.startsWith("."))) {
    errors.push(
      new ContentError(rel(path.join(articlesDir, name)), [
        "(filnavnet): bare filer som slutter på .md blir artikler; gi filen navnet <adresse>.md",
      ]),
    );
  }
  const articles: Article[] = readArticles(articlesDir, {
    imageDir,
    site: () => loaded.site,
    onError: (error) => errors.push(error),
  });
  for (const article of articles)
    markdownBodies.push({ file: path.join(articlesDir, `${article.slug}.md`), body: article.body });

  const routes = checkAddresses(staticRoutes(appDir), articles, loaded, contentDir, articlesDir, errors);
  const leadsSomewhere = pageOrFile(routes, publicDir);
  checkLinks(markdownBodies, leadsSomewhere, errors);
  checkMenus(loaded.strings, leadsSomewhere, path.join(contentDir, JSON_FILES.strings[0]), errors);
  return { files: [...new Set(files)], errors };
}

/** Addresses: fixed pages, articles at /<slug>, projects at /prosjekt/<slug>; none taken twice, no case id twice. */
function checkAddresses(
  fixed: string[],
  articles: Article[],
  loaded: { projects?: Project[]; cases?: { id: string }[] },
  contentDir: string,
  articlesDir: string,
  errors: ContentError[],
): Set<string> {
  const routes = new Set(fixed);
  for (const article of articles) {
    const route = articlePath(article.slug);
    if (routes.has(route)) {
      errors.push(
        new ContentError(rel(path.join(articlesDir, `${article.slug}.md`)), [
          `(filnavnet): adressen ${route} er allerede i bruk av en annen side; gi filen et annet navn`,
        ]),
      );
    }
    routes.add(route);
  }
  (loaded.projects ?? []).forEach((project, i) => {
    const route = projectPath(project.slug);
    if (routes.has(route)) {
      errors.push(
        new ContentError(rel(path.join(contentDir, JSON_FILES.projects[0])), [
          `[${i}].slug: adressen ${route} er allerede brukt av et annet prosjekt`,
        ]),
      );
    }
    routes.add(route);
  });
  (loaded.cases ?? []).forEach((item, i, all) => {
    if (all.findIndex((other) => other.id === item.id) !== i) {
      errors.push(
        new ContentError(rel(path.join(contentDir, JSON_FILES.cases[0])), [
          `[${i}].id: id ${item.id} er brukt to ganger`,
        ]),
      );
    }
  });
  return routes;
}

/**
 * Links in Markdown lead to a page of the site or a file served from public/ (`/…`), a place on
 * the page (`#…`), an e-mail address, a phone number or another site (`https://…`); anything else
 * (`www.…`, a bare file name) would lead nowhere. Images have fields of their own, not the text.
 */
function checkLinks(
  markdownBodies: { file: string; body: string }[],
  leadsSomewhere: (href: string) => boolean,
  errors: ContentError[],
) {
  const problem = (href: string): string[] => {
    if (href.startsWith("/"))
      return leadsSomewhere(href) ? [] : [`lenke (${href}): finner ingen side med adressen ${href.split(/[?#]/)[0]}`];
    if (/^(#|mailto:|tel:|https?:\/\/)/i.test(href)) return [];
    return [
      `lenke (${href}): en side på nettstedet skrives /adresse, en annen nettside https://…, e-post mailto:…, telefon tel:…`,
    ];
  };
  for (const { file, body } of markdownBodies) {
    const problems = [
      ...markdownLinks(body).flatMap(problem),
      ...markdownImages(body).map(
        (src) => `bilde (${src}): bilder kan ikke stå i teksten; bruk feltet image øverst i filen`,
      ),
    ];
    if (problems.length) errors.push(new ContentError(rel(file), problems));
  }
}

/** Whether a site address (`/kontakt`, `/kontakt/#skjema`) leads to a page or to a file served from public/. */
function pageOrFile(routes: Set<string>, publicDir: string) {
  return (href: string) => {
    const target = href.split(/[?#]/)[0]!.replace(/\/+$/, "") || "/";
    return routes.has(target) || fs.existsSync(path.join(publicDir, target));
  };
}

/** The menu's and the footer's links (strings.json) lead to a page of the site. */
function checkMenus(
  strings: Strings | undefined,
  leadsSomewhere: (href: string) => boolean,
  file: string,
  errors: ContentError[],
) {
  if (!strings) return;
  const lists = { "nav.items": strings.nav.items, "footer.links": strings.footer.links };
  const broken = Object.entries(lists).flatMap(([field, links]) =>
    links.flatMap(({ href }, i) =>
      leadsSomewhere(href) ? [] : [`${field}[${i}].href: finner ingen side med adressen ${href}`],
    ),
  );
  if (broken.length) errors.push(new ContentError(rel(file), broken));
}
