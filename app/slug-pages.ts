import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getSite } from "@/lib/content";
import type { Site } from "@/lib/content/schemas";

/** What Next.js gives a page whose path ends in `[slug]`. */
interface SlugProps {
  params: Promise<{ slug: string }>;
}

/**
 * A page per content item, at a path that ends in the item's slug: one page per
 * item in the static export (`generateStaticParams`), its metadata, and the page
 * itself. `one` finds the item by its slug and throws when there is none; `view`
 * shows it. The page's file still says `dynamicParams = false` itself, as
 * Next.js reads that setting from the file.
 */
export function slugPages<T extends { slug: string }>(
  all: () => T[],
  one: (slug: string) => T,
  metadata: (site: Site, item: T) => Metadata,
  view: (item: T) => ReactNode,
) {
  const item = async ({ params }: SlugProps) => one((await params).slug);
  return {
    generateStaticParams: () => all().map(({ slug }) => ({ slug })),
    generateMetadata: async (props: SlugProps) => metadata(getSite(), await item(props)),
    Page: async (props: SlugProps) => view(await item(props)),
  };
}
