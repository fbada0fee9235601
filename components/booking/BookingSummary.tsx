"use client";

import Link from "next/link";
import { CheckList } from "@/components/ui/CheckList";
import { chosenTitles, STORAGE_KEYS } from "@/lib/calculator/storage";
import type { Strings } from "@/lib/content/strings-schema";
import { formatPrice } from "@/lib/format";
import { useStoredSelection } from "./useStoredSelection";
import styles from "./Booking.module.css";

/**
 * Runs as the page is parsed, before its first paint and long before the
 * framework starts: when the calculator handed nothing over (no services key
 * in sessionStorage, or no storage at all: the usual first visit), the
 * "nothing chosen" line above it is shown at once. When something is stored,
 * the line stays unseen until the component has read the choice.
 */
const SHOW_WHEN_NOTHING_STORED = `(function(line){try{if(sessionStorage.getItem(${JSON.stringify(
  STORAGE_KEYS.services,
)})!==null)return}catch(e){}line.removeAttribute("data-pending")})(document.currentScript.previousElementSibling)`;

/**
 * What was chosen in the calculator (services, size, price), read from
 * sessionStorage after hydration; or a line saying nothing was chosen, with a
 * link to the calculator. The prerendered HTML holds that line unseen, so the
 * box does not grow when the script finds nothing stored (the usual first
 * visit), and shows it before the first paint when nothing is stored (the
 * small inline script above). Coming from the calculator is a client
 * navigation, rendered at once with the choice.
 */
export function BookingSummary({
  strings,
  calculatorHref,
  calculatorLink,
}: {
  strings: Strings["booking"];
  calculatorHref: string;
  calculatorLink: string;
}) {
  const selection = useStoredSelection();
  const titles = selection ? chosenTitles(selection) : [];
  return (
    <section className={styles.summary} aria-labelledby="booking-summary-heading" aria-busy={selection === undefined}>
      <h2 id="booking-summary-heading" className={styles.cardHeading}>
        {strings.summaryHeading}
      </h2>
      {!selection || titles.length === 0 ? (
        // Until the stored choice is read (prerendered HTML, hydration) this takes its place
        // unseen, so the box already has the height it keeps when nothing was chosen; the
        // inline script after it shows it at once when nothing is stored.
        <>
          <div className={styles.nothingChosen} data-pending={selection === undefined || undefined}>
            <p className={styles.muted}>{strings.nothingChosen}</p>
            <p className={styles.link}>
              <Link href={calculatorHref}>{calculatorLink}</Link>
            </p>
          </div>
          {selection === undefined && <script dangerouslySetInnerHTML={{ __html: SHOW_WHEN_NOTHING_STORED }} />}
        </>
      ) : (
        <>
          <CheckList items={titles} />
          <dl className={styles.facts}>
            {selection.size && (
              <div>
                <dt>{strings.sizeLabel}</dt>
                <dd>{selection.size}</dd>
              </div>
            )}
            <div className={styles.totalFact}>
              <dt>{strings.totalLabel}</dt>
              <dd>{formatPrice(selection.price)}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
