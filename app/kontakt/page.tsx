import type { Metadata } from "next";
import { BookingFormIsland } from "@/components/booking/BookingFormIsland";
import { BookingSummary } from "@/components/booking/BookingSummary";
import { ContactDetails } from "@/components/contact/ContactDetails";
import { PageIntro } from "@/components/content/PageIntro";
import { LocationMap } from "@/components/map/LocationMap";
import { getSite, getStrings } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import styles from "./page.module.css";
import { BOOKING_PATH, CALCULATOR_PATH } from "@/lib/routes";

export function generateMetadata(): Metadata {
  return pageMetadata(getSite(), { ...getStrings().contactPage.meta, path: BOOKING_PATH });
}

/**
 * Booking and contact: the calculator's selection (read in the browser), the
 * contact block with the map, and the booking form.
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
            calculatorHref={CALCULATOR_PATH}
            calculatorLink={page.calculatorLink}
          />
        </div>
        <section className={`${styles.card} ${styles.contact}`} aria-labelledby="find-us-heading">
          <h2 id="find-us-heading">{page.contactHeading}</h2>
          <ContactDetails site={site} labels={strings.labels} />
          <div className={styles.map}>
            <LocationMap site={site} strings={strings.map} labels={strings.labels} showHours={false} />
          </div>
        </section>
        <section className={styles.form} aria-labelledby="booking-form-heading">
          <h2 id="booking-form-heading">{strings.booking.formHeading}</h2>
          <p className={styles.formLead}>{strings.booking.formLead}</p>
          <BookingFormIsland
            strings={strings.booking}
            fieldErrors={strings.fieldErrors}
            drafts={strings.drafts}
            earlyStart={{
              text: strings.casePage.offer.earlyStart,
              required: strings.casePage.offer.earlyStartRequired,
            }}
            contact={{ phone: site.phone, email: site.email }}
          />
        </section>
      </div>
    </>
  );
}
