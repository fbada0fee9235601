import type { Metadata } from "next";
import { ContactDetails } from "@/components/contact/ContactDetails";
import { PageIntro } from "@/components/content/PageIntro";
import { getSite, getStrings } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import styles from "./page.module.css";

export function generateMetadata(): Metadata {
  return pageMetadata(getSite(), { ...getStrings().quotePage.meta, path: "/pristilbud" });
}

/** The quote page. The quote form (its own issue) takes its place in the first column. */
export default function QuotePage() {
  const strings = getStrings();
  const page = strings.quotePage;
  return (
    <>
      <PageIntro title={page.heading} lead={page.lead} />
      <div className={`container page-body ${styles.layout}`}>
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
        <aside className={styles.direct} aria-labelledby="direct-heading">
          <h2 id="direct-heading">{page.directHeading}</h2>
          <p>{page.directText}</p>
          <ContactDetails site={getSite()} labels={strings.labels} />
        </aside>
      </div>
    </>
  );
}
