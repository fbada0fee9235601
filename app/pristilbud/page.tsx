import type { Metadata } from "next";
import { ContactDetails } from "@/components/contact/ContactDetails";
import { PageIntro } from "@/components/content/PageIntro";
import { PageQuoteForm } from "@/components/quote/PageQuoteForm";
import { getSite, getStrings } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import styles from "./page.module.css";
import { QUOTE_PATH } from "@/lib/routes";

export function generateMetadata(): Metadata {
  return pageMetadata(getSite(), { ...getStrings().quotePage.meta, path: QUOTE_PATH });
}

/** The quote page: the quote form, and beside it how it works and how to reach us directly. */
export default function QuotePage() {
  const strings = getStrings();
  const page = strings.quotePage;
  return (
    <>
      <PageIntro title={page.heading} titleId="quote-page-heading" lead={page.lead} />
      <div className={`container page-body ${styles.layout}`}>
        <PageQuoteForm labelledBy="quote-page-heading" headingLevel={2} />
        <aside className={styles.aside}>
          <section aria-labelledby="steps-heading">
            <h2 id="steps-heading">{page.stepsHeading}</h2>
            <ol className={styles.steps}>
              {page.steps.map((step) => (
                <li key={step.title}>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </li>
              ))}
            </ol>
          </section>
          <section className={styles.direct} aria-labelledby="direct-heading">
            <h2 id="direct-heading">{page.directHeading}</h2>
            <p>{page.directText}</p>
            <ContactDetails site={getSite()} labels={strings.labels} />
          </section>
        </aside>
      </div>
    </>
  );
}
