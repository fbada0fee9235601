import type { Metadata } from "next";
import { ArticleView } from "@/components/content/ArticleView";
import { getArticle, getArticles, getSite } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import { articlePath } from "@/lib/routes";

/** One page per Markdown file in content/articles: the file name is the path. */
export const dynamicParams = false;

export function generateStaticParams() {
  return getArticles().map((article) => ({ slug: article.slug }));
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const article = getArticle((await params).slug);
  return pageMetadata(getSite(), {
    title: article.title,
    description: article.description,
    path: articlePath(article.slug),
    image: article.image.image,
    type: "article",
    publishedTime: article.date,
  });
}

export default async function ArticlePage({ params }: Props) {
  return <ArticleView article={getArticle((await params).slug)} />;
}
