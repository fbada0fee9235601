import type { Metadata } from "next";
import { BookingForm } from "@/components/booking/BookingForm";
import { BookingSummary } from "@/components/booking/BookingSummary";
import { ContactDetails } from "@/components/contact/ContactDetails";
import { PageIntro } from "@/components/content/PageIntro";
import { getSite, getStrings } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import styles from "./page.module.css";

export function generateMetadata(): Metadata {
  return pageMetadata(getSite(), { ...getStrings().contactPage.meta, path: "/kontakt" });
}

/**
 * Booking and contact: the calculator's selection (read in the browser), the
 * contact block and the booking form. The map (the maps issue) comes in the contact block.
 */
export default function ContactPage() {
  const strings = getStrings();
  const site = getSite();
  const page = strings.contactPage;
  return (
    <>
      <PageIntro title={page.heading} lead={page.lead} />
      <div className={`container page-body ${styles.layout}`}>
        <div className={styles.summary}>
          <BookingSummary
            strings={strings.booking}
            calculatorHref="/auto-detailing#priskalkulator"
            calculatorLink={page.calculatorLink}
          />
        </div>
        <section className={`${styles.card} ${styles.contact}`} aria-labelledby="find-us-heading">
          <h2 id="find-us-heading">{page.contactHeading}</h2>
          <ContactDetails site={site} labels={strings.labels} />
          <p className={styles.map}>
            <a href={site.mapsUrl} target="_blank" rel="noopener noreferrer">
              {page.mapLink}
              <span className="visually-hidden"> (åpnes i ny fane)</span>
            </a>
          </p>
        </section>
        <section className={styles.form} aria-labelledby="booking-form-heading">
          <h2 id="booking-form-heading">{strings.booking.formHeading}</h2>
          <p className={styles.formLead}>{strings.booking.formLead}</p>
          <BookingForm strings={strings.booking} contact={{ phone: site.phone, email: site.email }} />
        </section>
      </div>
    </>
  );
}
