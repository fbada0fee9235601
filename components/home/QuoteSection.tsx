import { PageQuoteForm } from "@/components/quote/PageQuoteForm";
import type { HomePage } from "@/lib/content/schemas";
import styles from "./QuoteSection.module.css";

/** The home page's quote section: heading, the three steps, and the quote form itself. */
export function QuoteSection({ section, steps }: { section: HomePage["quote"]; steps: string[] }) {
  return (
    <section className={`section ${styles.section}`} aria-labelledby="quote-heading" id="pristilbud">
      <div className={`container ${styles.inner}`}>
        <div className={styles.intro}>
          <h2 id="quote-heading">{section.heading}</h2>
          <p className={styles.lead}>{section.lead}</p>
          <ol className={styles.steps}>
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
        <PageQuoteForm labelledBy="quote-heading" headingLevel={3} />
      </div>
    </section>
  );
}
