/**
 * What the customer's page shows for the offer being written (./OfferForm.tsx),
 * in the customer page's own words: the lines with any work or amount typed,
 * the total, the kind of price, the last day, the times that are times on
 * Oslo's clock, and the note; what is still missing is said quietly.
 */
import { useId, type ReactNode } from "react";
import { fill, formatDate, formatMoment, formatPrice } from "../../../lib/format";
import { osloToMoment } from "../../../lib/oslo-time";
import type { PriceType } from "../../../lib/api/case-link";
import page from "./CaseAnswer.module.css";
import { kroner, totalOf, type Draft } from "./offer-draft";
import styles from "./OfferPreview.module.css";

/** The customer page's words the preview shows, and each kind of price's name and sentence. */
export interface PreviewTexts {
  heading: string;
  work: string;
  price: string;
  total: string;
  vat: string;
  validUntil: string;
  noteHeading: string;
  times: string;
  priceTypes: Record<PriceType, { name: string; sentence: string }>;
}

interface PreviewProps {
  regNumber: string;
  texts: PreviewTexts;
  draft: Draft;
}

/** `13. desember 2026`, or undefined for a day that is none. */
const dayOrNothing = (day: string) => {
  try {
    return day ? formatDate(day) : undefined;
  } catch {
    return undefined;
  }
};

export function OfferPreview({ regNumber, texts, draft }: PreviewProps) {
  const id = useId();
  const { priceType, note } = draft;
  const shownLines = draft.lines.filter((line) => line.description.trim() || line.amount.trim());
  const shownTimes = draft.times.flatMap((time) => osloToMoment(time) ?? []);
  const day = dayOrNothing(draft.validUntil);
  const missing = (what: ReactNode) => <span className={page.quiet}>{what}</span>;
  return (
    <section aria-labelledby={`${id}-label`} className={styles.preview}>
      <p id={`${id}-label`} className={styles.previewLabel}>
        Forhåndsvisning: slik ser kunden tilbudet
      </p>
      <h4 className={styles.previewHeading}>{fill(texts.heading, { reg: regNumber })}</h4>
      <table className={styles.previewLines}>
        <thead>
          <tr>
            <th scope="col">{texts.work}</th>
            <th scope="col">{texts.price}</th>
          </tr>
        </thead>
        <tbody>
          {shownLines.length === 0 ? (
            <tr>
              <td colSpan={2}>{missing("Ingen linjer ennå")}</td>
            </tr>
          ) : (
            shownLines.map((line) => (
              <tr key={line.key}>
                <td>{line.description.trim() || missing("(uten beskrivelse)")}</td>
                <td>{Number.isNaN(kroner(line.amount)) ? missing("–") : formatPrice(kroner(line.amount))}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{texts.total}</th>
            <td>{formatPrice(totalOf(draft.lines))}</td>
          </tr>
        </tfoot>
      </table>
      <p>{texts.vat}</p>
      {priceType ? (
        <p>
          <strong>{texts.priceTypes[priceType].name}.</strong> {texts.priceTypes[priceType].sentence}
        </p>
      ) : (
        <p>{missing("Velg type pris.")}</p>
      )}
      <p>{day ? fill(texts.validUntil, { date: day }) : missing("Velg til hvilken dag tilbudet gjelder.")}</p>
      <p className={styles.previewTimesHeading}>{texts.times}</p>
      {shownTimes.length ? (
        <ul className={styles.previewTimes}>
          {shownTimes.map((moment) => (
            <li key={moment}>{formatMoment(moment)}</li>
          ))}
        </ul>
      ) : (
        <p>{missing("Legg inn minst én tid.")}</p>
      )}
      {note.trim() && (
        <>
          <p className={styles.previewTimesHeading}>{texts.noteHeading}</p>
          <p className={page.text}>{note.trim()}</p>
        </>
      )}
    </section>
  );
}
