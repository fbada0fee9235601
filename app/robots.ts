import type { MetadataRoute } from "next";
import { getSite } from "@/lib/content";
import { absoluteUrl } from "@/lib/seo";

export const dynamic = "force-static";

export default function robots(): MetadataRoute.Robots {
  const site = getSite();
  return {
    rules: { userAgent: "*", allow: "/" },
    sitemap: absoluteUrl(site, "/sitemap.xml"),
  };
}
