import { ButtonLink } from "@/components/ui/ButtonLink";
import type { Strings } from "@/lib/content/strings-schema";
import styles from "./ContactStrip.module.css";
import { QUOTE_PATH } from "@/lib/routes";

/** "Skade på bilen?" and the quote button: closes every reading page. */
export function ContactStrip({ strings }: { strings: Strings }) {
  return (
    <section className={styles.strip} aria-labelledby="contact-strip-heading">
      <div className={`container ${styles.inner}`}>
        <div>
          <h2 id="contact-strip-heading" className={styles.heading}>
            {strings.contactStrip.heading}
          </h2>
          <p className={styles.text}>{strings.contactStrip.text}</p>
        </div>
        <ButtonLink href={QUOTE_PATH} size="lg">
          {strings.cta.quote}
        </ButtonLink>
      </div>
    </section>
  );
}
