import { ButtonLink } from "@/components/ui/ButtonLink";
import type { HomePage } from "@/lib/content/schemas";
import styles from "./QuoteSection.module.css";

/**
 * The home page's quote section. The quote form itself (its own issue) goes
 * here; until then the section explains the three steps and leads to /pristilbud.
 */
export function QuoteSection({
  section,
  steps,
  cta,
}: {
  section: HomePage["quote"];
  steps: string[];
  cta: { label: string; href: string };
}) {
  return (
    <section className={`section ${styles.section}`} aria-labelledby="quote-heading" id="pristilbud">
      <div className={`container ${styles.inner}`}>
        <div>
          <h2 id="quote-heading">{section.heading}</h2>
          <p className={styles.lead}>{section.lead}</p>
        </div>
        <div className={styles.card}>
          <ol className={styles.steps}>
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <ButtonLink href={cta.href} size="lg" className={styles.button}>
            {cta.label}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
