import type { Ref } from "react";
import { Button } from "@/components/ui/Button";
import { servicePrice, type Catalog, type CalculatorState } from "@/lib/calculator/state";
import type { Strings } from "@/lib/content/strings-schema";
import { formatPrice } from "@/lib/format";
import styles from "./Calculator.module.css";

export type SummaryStrings = Pick<
  Strings["calculator"],
  "summaryHeading" | "nothingChosen" | "total" | "totalNote" | "book"
>;

/** The order so far: each chosen service with its price, what the rules changed, `Totalpris` and `Bestill time`. */
export function CalculatorSummary({
  catalog,
  state,
  total,
  note,
  ready,
  bookButton,
  onBook,
  strings,
}: {
  catalog: Catalog;
  state: Pick<CalculatorState, "chosen" | "size">;
  total: number;
  note: string;
  /** false until the page's script runs: `Bestill time` is disabled */
  ready: boolean;
  bookButton: Ref<HTMLButtonElement>;
  onBook: () => void;
  strings: SummaryStrings;
}) {
  const chosen = catalog.categories.flatMap((c) => c.services).filter((s) => state.chosen.includes(s.id));
  return (
    <div className={styles.summary}>
      <h3 className={styles.summaryHeading}>{strings.summaryHeading}</h3>
      {chosen.length === 0 ? (
        <p className={styles.empty}>{strings.nothingChosen}</p>
      ) : (
        <ul className={styles.lines}>
          {chosen.map((service) => (
            <li key={service.id}>
              <span>{service.title}</span>
              <span className={styles.linePrice}>{formatPrice(servicePrice(catalog, service, state.size))}</span>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.note} role="status">
        {note}
      </p>
      <div className={styles.totalRow}>
        <span id="calculator-total-label" className={styles.totalLabel}>
          {strings.total}
        </span>
        <output aria-labelledby="calculator-total-label" className={styles.total}>
          {formatPrice(total)}
        </output>
      </div>
      <p className={styles.totalNote}>{strings.totalNote}</p>
      <Button ref={bookButton} disabled={!ready} size="lg" className={styles.book} onClick={onBook}>
        {strings.book}
      </Button>
    </div>
  );
}
