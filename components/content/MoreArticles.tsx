import { ContentImage } from "@/components/media/ContentImage";
import type { Article } from "@/lib/content";
import { formatDate } from "@/lib/format";
import { LinkCard } from "@/components/ui/LinkCard";
import styles from "./MoreArticles.module.css";
import { articlePath } from "@/lib/routes";
import { Section } from "@/components/ui/Section";

/**
 * The end of an article: the other articles, newest first, each a card whose
 * title links to it, so a reader (and a crawler) can go from any article to every other.
 */
export function MoreArticles({ heading, articles }: { heading: string; articles: Article[] }) {
  if (articles.length === 0) return null;
  return (
    <Section name="more-articles" heading={heading} alt>
      <ul className={`plain-list ${styles.list}`}>
        {articles.map((article) => (
          <LinkCard
            key={article.slug}
            as="li"
            image={
              <ContentImage
                image={article.image}
                alt=""
                sizes="(min-width: 900px) 380px, 100vw"
                className={styles.image}
              />
            }
            kicker={
              <p className={styles.date}>
                <time dateTime={article.date}>{formatDate(article.date)}</time>
              </p>
            }
            headingLevel={3}
            href={articlePath(article.slug)}
            title={article.title}
            summary={article.description}
          />
        ))}
      </ul>
    </Section>
  );
}
