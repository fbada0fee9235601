import type { MetadataRoute } from "next";
import { getArticles, getProjects, getSite } from "@/lib/content";
import { absoluteUrl } from "@/lib/seo";

export const dynamic = "force-static";

/** Every indexable page, built from the content so a new article or project appears by itself. */
export default function sitemap(): MetadataRoute.Sitemap {
  const site = getSite();
  const entry = (path: string, lastModified?: string, priority = 0.7) => ({
    url: absoluteUrl(site, path),
    ...(lastModified ? { lastModified } : {}),
    priority,
  });
  return [
    entry("/", undefined, 1),
    entry("/pristilbud", undefined, 0.9),
    entry("/auto-detailing", undefined, 0.9),
    entry("/kontakt", undefined, 0.8),
    entry("/om-oss"),
    entry("/prosjekter"),
    ...getProjects().map((p) => entry(`/prosjekt/${p.slug}`, undefined, 0.6)),
    ...getArticles().map((a) => entry(`/${a.slug}`, a.date)),
    entry("/personvern", undefined, 0.3),
  ];
}
