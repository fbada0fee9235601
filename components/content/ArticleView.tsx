import { ContentImage } from "@/components/media/ContentImage";
import { ContactStrip } from "@/components/layout/ContactStrip";
import { JsonLd } from "@/components/seo/JsonLd";
import { CheckList } from "@/components/ui/CheckList";
import { type Article, getArticles, getSite, getStrings } from "@/lib/content";
import { formatDate } from "@/lib/format";
import { articleJsonLd, breadcrumbJsonLd } from "@/lib/seo";
import styles from "./ArticleView.module.css";
import { MoreArticles } from "./MoreArticles";
import { Prose } from "./Prose";
import { HOME_PATH, articlePath } from "@/lib/routes";

/**
 * An article: date, title, lead, the lead image (the page's largest paint), the body and any
 * packages, then the other articles.
 */
export function ArticleView({ article }: { article: Article }) {
  const strings = getStrings();
  const site = getSite();
  return (
    <>
      <article className={styles.article}>
        <header className={`container ${styles.header}`}>
          <p className={styles.date}>
            {strings.articlePage.publishedLabel} <time dateTime={article.date}>{formatDate(article.date)}</time>
          </p>
          <h1 className={styles.title}>{article.title}</h1>
          <p className="lead">{article.lead}</p>
        </header>
        <div className={`container ${styles.figure}`}>
          <ContentImage
            image={article.image}
            sizes="(min-width: 1264px) 1200px, 100vw"
            priority
            className={styles.image}
          />
        </div>
        <div className={`container ${styles.body}`}>
          <Prose markdown={article.body} />
        </div>
        {article.packages && (
          <section className={`container ${styles.packages}`} aria-labelledby="packages-heading">
            <h2 id="packages-heading">{strings.articlePage.packagesHeading}</h2>
            <ul className={`plain-list ${styles.packageList}`}>
              {article.packages.map((pkg) => (
                <li key={pkg.name} className={styles.package}>
                  <h3>{pkg.name}</h3>
                  <p>{pkg.summary}</p>
                  <p className="eyebrow">{strings.articlePage.includesLabel}</p>
                  <CheckList items={pkg.includes} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </article>
      <MoreArticles
        heading={strings.articlePage.moreHeading}
        articles={getArticles().filter((other) => other.slug !== article.slug)}
      />
      <ContactStrip strings={strings} />
      <JsonLd data={articleJsonLd(site, article)} />
      <JsonLd
        data={breadcrumbJsonLd(site, [
          [strings.breadcrumbHome, HOME_PATH],
          [article.title, articlePath(article.slug)],
        ])}
      />
    </>
  );
}
