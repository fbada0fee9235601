import Link from "next/link";
import { ContentImage } from "@/components/media/ContentImage";
import { CheckList } from "@/components/ui/CheckList";
import type { DetailingPage, ServicesContent } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { fill, formatPrice } from "@/lib/format";
import styles from "./ServiceSections.module.css";
import { Section } from "@/components/ui/Section";
import { Paragraphs } from "@/components/ui/Paragraphs";

const multiplier = new Intl.NumberFormat("nb-NO", { maximumFractionDigits: 2 });

/**
 * The six detailing services, each with its price (a small car's: `fra 1 250 kr`), description
 * and what is included, the way to the ready-made packages, and the size factors.
 */
export function ServiceSections({
  section,
  services,
  strings,
  packagesHref,
}: {
  section: DetailingPage["services"];
  services: ServicesContent;
  strings: Strings["detailingPage"];
  /** the article with the Basic, Premium and Ultimate packages */
  packagesHref: string;
}) {
  return (
    <Section name="services" heading={section.heading} lead={section.lead}>
      <p className={styles.packages}>
        {strings.packagesText} <Link href={packagesHref}>{strings.packagesLink}</Link>
      </p>
      <div className={styles.list}>
        {services.categories.flatMap((category) =>
          category.services.map((service) => (
            <article
              key={service.id}
              id={service.id}
              className={styles.service}
              aria-labelledby={`${service.id}-title`}
            >
              <header className={styles.head}>
                <p className="eyebrow">{category.title}</p>
                <h3 id={`${service.id}-title`}>{service.title}</h3>
                <p className={styles.price}>{fill(strings.priceFrom, { price: formatPrice(service.price) })}</p>
              </header>
              <div className={styles.body}>
                <p className={styles.summary}>{service.summary}</p>
                <Paragraphs texts={service.paragraphs} />
                <h4 className={`eyebrow ${styles.includesLabel}`}>{strings.includesLabel}</h4>
                <CheckList items={service.includes} columns={2} />
              </div>
            </article>
          )),
        )}
      </div>
      <div className={styles.sizes}>
        <h3>{strings.sizesHeading}</h3>
        <p>{strings.sizesText}</p>
        <ul className={`plain-list ${styles.sizeList}`}>
          {services.sizes.map((size) => (
            <li key={size.type}>
              <ContentImage image={size.image} sizes="160px" className={styles.sizeImage} />
              <span className={styles.sizeName}>{size.type}</span>
              <span className={styles.sizeFactor}>× {multiplier.format(size.multiplier)}</span>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
