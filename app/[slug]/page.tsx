import { ArticleView } from "@/components/content/ArticleView";
import { getArticle, getArticles } from "@/lib/content";
import { articleMetadata } from "@/lib/seo";
import { slugPages } from "../slug-pages";

/** One page per Markdown file in content/articles: the file name is the path. */
const pages = slugPages(getArticles, getArticle, articleMetadata, (article) => <ArticleView article={article} />);

export const dynamicParams = false;
export const generateStaticParams = pages.generateStaticParams;
export const generateMetadata = pages.generateMetadata;
export default pages.Page;
