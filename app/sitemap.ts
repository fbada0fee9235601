import type { MetadataRoute } from "next";
import { getArticles, getProjects, getSite } from "@/lib/content";
import {
  ABOUT_PATH,
  articlePath,
  BOOKING_PATH,
  DETAILING_PATH,
  HOME_PATH,
  PRIVACY_PATH,
  projectPath,
  PROJECTS_PATH,
  QUOTE_PATH,
} from "@/lib/routes";
import { absoluteUrl } from "@/lib/seo";

export const dynamic = "force-static";

/** Every indexable page (not the thank-you page, not /prosjekt, which repeats a project), built from the content so a new article or project appears by itself. */
export default function sitemap(): MetadataRoute.Sitemap {
  const site = getSite();
  const entry = (path: string, lastModified?: string, priority = 0.7) => ({
    url: absoluteUrl(site, path),
    ...(lastModified ? { lastModified } : {}),
    priority,
  });
  return [
    entry(HOME_PATH, undefined, 1),
    entry(QUOTE_PATH, undefined, 0.9),
    entry(DETAILING_PATH, undefined, 0.9),
    entry(BOOKING_PATH, undefined, 0.8),
    entry(ABOUT_PATH),
    entry(PROJECTS_PATH),
    ...getProjects().map((p) => entry(projectPath(p.slug), undefined, 0.6)),
    ...getArticles().map((a) => entry(articlePath(a.slug), a.updated)),
    entry(PRIVACY_PATH, undefined, 0.3),
  ];
}
