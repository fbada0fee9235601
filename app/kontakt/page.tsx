import type { Metadata } from "next";
import Link from "next/link";
import { ContactDetails } from "@/components/contact/ContactDetails";
import { PageIntro } from "@/components/content/PageIntro";
import { getSite, getStrings } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import styles from "./page.module.css";

export function generateMetadata(): Metadata {
  return pageMetadata(getSite(), { ...getStrings().contactPage.meta, path: "/kontakt" });
}

/** Booking and contact. The booking summary and form (the calculator issue) and the map (the maps issue) come here. */
export default function ContactPage() {
  const strings = getStrings();
  const site = getSite();
  const page = strings.contactPage;
  return (
    <>
      <PageIntro title={page.heading} lead={page.lead}>
        <p>
          <Link href="/auto-detailing">{page.calculatorLink}</Link>
        </p>
      </PageIntro>
      <div className={`container page-body ${styles.layout}`}>
        <section className={styles.card} aria-labelledby="find-us-heading">
          <h2 id="find-us-heading">{page.contactHeading}</h2>
          <ContactDetails site={site} labels={strings.labels} />
          <p className={styles.map}>
            <a href={site.mapsUrl} target="_blank" rel="noopener noreferrer">
              {page.mapLink}
              <span className="visually-hidden"> (åpnes i ny fane)</span>
            </a>
          </p>
        </section>
      </div>
    </>
  );
}
