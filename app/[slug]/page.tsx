import type { Metadata } from "next";
import { ArticleView } from "@/components/content/ArticleView";
import { getArticle, getArticles, getSite } from "@/lib/content";
import { articleMetadata } from "@/lib/seo";

/** One page per Markdown file in content/articles: the file name is the path. */
export const dynamicParams = false;

export function generateStaticParams() {
  return getArticles().map((article) => ({ slug: article.slug }));
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return articleMetadata(getSite(), getArticle((await params).slug));
}

export default async function ArticlePage({ params }: Props) {
  return <ArticleView article={getArticle((await params).slug)} />;
}
