/**
 * What crawlers read: per-page metadata (title, description, canonical, Open
 * Graph) and the JSON-LD: the business and the website on every page, articles
 * and projects with their breadcrumbs, and the detailing prices as offers.
 * Typed with schema-dts, so a misspelt property or a wrong type fails the type check.
 */
import type { Metadata } from "next";
import type {
  Article as ArticleLd,
  AutoBodyShop,
  BreadcrumbList,
  DayOfWeek,
  OfferCatalog,
  WebPage,
  Thing,
  WebSite,
  WithContext,
} from "schema-dts";
import { config } from "./config";
import type { Article } from "./content";
import type { Project, ServicesContent, Site } from "./content/schemas";
import { schemaDay } from "./format";
import { ogImageUrl } from "./image-manifest";
import { articlePath, projectPath } from "./routes";

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

/** An article's page: its own title, description and image, published as an article on its date. */
export function articleMetadata(site: Site, article: Article): Metadata {
  return pageMetadata(site, {
    title: article.title,
    description: article.description,
    path: articlePath(article.slug),
    image: article.image.image,
    type: "article",
    publishedTime: article.date,
  });
}

/** A project's page: its title, its summary as the description, and its after photo. */
export function projectMetadata(site: Site, project: Project): Metadata {
  return pageMetadata(site, {
    title: project.title,
    description: project.summary,
    path: projectPath(project.slug),
    image: project.after.image,
  });
}

/** A schema.org node with its context (schema-dts's types also allow a bare string reference). */
type Ld<T extends Thing> = WithContext<Exclude<T, string>>;

const businessId = (site: Site) => `${siteOrigin(site)}/#verksted`;
const websiteId = (site: Site) => `${siteOrigin(site)}/#nettsted`;

export function businessJsonLd(site: Site): Ld<AutoBodyShop> {
  const origin = siteOrigin(site);
  return {
    "@context": "https://schema.org",
    "@type": "AutoBodyShop",
    "@id": businessId(site),
    name: site.name,
    legalName: site.legalName,
    description: site.description,
    url: `${origin}/`,
    logo: `${origin}/logo.svg`,
    image: absoluteUrl(site, ogImageUrl("hero-poster")),
    telephone: site.phone,
    email: site.email,
    taxID: site.organisationNumber.replace(/\s/g, ""),
    priceRange: site.priceRange,
    sameAs: site.sameAs,
    hasMap: site.mapsUrl,
    address: { "@type": "PostalAddress", ...site.address },
    geo: { "@type": "GeoCoordinates", ...site.geo },
    areaServed: site.areaServed.map((name) => ({ "@type": "City", name })),
    openingHoursSpecification: site.openingHours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: h.days.map(schemaDay) as DayOfWeek[],
      opens: h.opens,
      closes: h.closes,
    })),
  };
}

export function websiteJsonLd(site: Site): Ld<WebSite> {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": websiteId(site),
    name: site.name,
    url: `${siteOrigin(site)}/`,
    inLanguage: "nb-NO",
    publisher: { "@id": businessId(site) },
  };
}

/** The trail from the home page to a page: `[name, path]` pairs, the home page first. */
export function breadcrumbJsonLd(site: Site, trail: [name: string, path: string][]): Ld<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map(([name, path], i) => ({
      "@type": "ListItem",
      position: i + 1,
      name,
      item: absoluteUrl(site, path),
    })),
  };
}

export function articleJsonLd(site: Site, article: Article): Ld<ArticleLd> {
  const origin = siteOrigin(site);
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.description,
    datePublished: article.date,
    dateModified: article.updated,
    inLanguage: "nb-NO",
    mainEntityOfPage: absoluteUrl(site, articlePath(article.slug)),
    image: absoluteUrl(site, ogImageUrl(article.image.image)),
    author: { "@type": "Organization", name: site.name, url: `${origin}/` },
    publisher: { "@id": businessId(site) },
    isPartOf: { "@id": websiteId(site) },
  };
}

export function projectJsonLd(site: Site, project: Project): Ld<WebPage> {
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    name: project.title,
    description: project.summary,
    url: absoluteUrl(site, projectPath(project.slug)),
    inLanguage: "nb-NO",
    image: absoluteUrl(site, ogImageUrl(project.after.image)),
    isPartOf: { "@id": websiteId(site) },
    about: { "@id": businessId(site) },
  };
}

/**
 * The detailing services as a catalogue of offers, one per category, each price
 * in whole kroner for the smallest car (the other sizes multiply it).
 */
export function offerCatalogJsonLd(
  site: Site,
  services: ServicesContent,
  catalog: { name: string; path: string },
): Ld<OfferCatalog> {
  return {
    "@context": "https://schema.org",
    "@type": "OfferCatalog",
    name: catalog.name,
    url: absoluteUrl(site, catalog.path),
    itemListElement: services.categories.map((category) => ({
      "@type": "OfferCatalog",
      name: category.title,
      itemListElement: category.services.map((service) => ({
        "@type": "Offer",
        price: service.price,
        priceCurrency: "NOK",
        url: absoluteUrl(site, `${catalog.path}#${service.id}`),
        offeredBy: { "@id": businessId(site) },
        itemOffered: { "@type": "Service", name: service.title, description: service.summary },
      })),
    })),
  };
}
