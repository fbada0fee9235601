import { QuoteFormIsland } from "@/components/quote/QuoteFormIsland";
import type { HomePage, Site } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import styles from "./QuoteSection.module.css";

/** The home page's quote section: heading, the three steps, and the quote form itself. */
export function QuoteSection({
  section,
  steps,
  strings,
  fieldErrors,
  drafts,
  site,
  thanksHref,
}: {
  section: HomePage["quote"];
  steps: string[];
  strings: Strings["quoteForm"];
  fieldErrors: Strings["fieldErrors"];
  drafts: Strings["drafts"];
  site: Site;
  thanksHref: string;
}) {
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
        <QuoteFormIsland
          strings={strings}
          fieldErrors={fieldErrors}
          drafts={drafts}
          contact={{ phone: site.phone, email: site.email }}
          userId={site.inquiryUserId}
          labelledBy="quote-heading"
          headingLevel={3}
          thanksHref={thanksHref}
        />
      </div>
    </section>
  );
}
