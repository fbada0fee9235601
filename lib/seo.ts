/**
 * What crawlers read: per-page metadata (title, description, canonical, Open
 * Graph) and the JSON-LD for the business and for articles.
 */
import type { Metadata } from "next";
import { config } from "./config";
import type { Article } from "./content";
import type { Site } from "./content/schemas";
import { schemaDay } from "./format";
import { ogImageUrl } from "./image-manifest";

export function siteOrigin(site: Site): string {
  return config.siteUrl || site.siteUrl.replace(/\/+$/, "");
}

export function absoluteUrl(site: Site, pathname: string): string {
  return new URL(pathname, `${siteOrigin(site)}/`).toString();
}

interface PageSeo {
  title: string;
  description: string;
  /** path of the page, e.g. `/om-oss`; the canonical URL is built from it */
  path: string;
  /** image name in content/images used for Open Graph */
  image?: string;
  type?: "website" | "article";
  publishedTime?: string;
}

export function pageMetadata(site: Site, page: PageSeo): Metadata {
  const url = absoluteUrl(site, page.path);
  const image = absoluteUrl(site, ogImageUrl(page.image ?? "hero-poster"));
  return {
    title: page.title,
    description: page.description,
    alternates: { canonical: url },
    openGraph: {
      type: page.type ?? "website",
      locale: "nb_NO",
      siteName: site.name,
      url,
      title: page.title,
      description: page.description,
      images: [{ url: image, width: 1200, height: 630 }],
      ...(page.publishedTime ? { publishedTime: page.publishedTime } : {}),
    },
    twitter: { card: "summary_large_image" },
  };
}

export function businessJsonLd(site: Site) {
  const origin = siteOrigin(site);
  return {
    "@context": "https://schema.org",
    "@type": "AutoBodyShop",
    "@id": `${origin}/#verksted`,
    name: site.name,
    legalName: site.legalName,
    description: site.description,
    url: `${origin}/`,
    logo: `${origin}/logo.svg`,
    image: absoluteUrl(site, ogImageUrl("hero-poster")),
    telephone: site.phone,
    email: site.email,
    address: { "@type": "PostalAddress", ...site.address },
    geo: { "@type": "GeoCoordinates", ...site.geo },
    areaServed: site.areaServed.map((name) => ({ "@type": "City", name })),
    openingHoursSpecification: site.openingHours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: h.days.map(schemaDay),
      opens: h.opens,
      closes: h.closes,
    })),
  };
}

export function articleJsonLd(site: Site, article: Article) {
  const origin = siteOrigin(site);
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.description,
    datePublished: article.date,
    inLanguage: "nb-NO",
    mainEntityOfPage: absoluteUrl(site, `/${article.slug}`),
    image: absoluteUrl(site, ogImageUrl(article.image.image)),
    author: { "@type": "Organization", name: site.name, url: `${origin}/` },
    publisher: { "@id": `${origin}/#verksted` },
  };
}
