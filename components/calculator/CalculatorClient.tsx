"use client";

import { badgeVisible, totalPrice, type Catalog } from "@/lib/calculator/state";
import type { Strings } from "@/lib/content/strings-schema";
import { formatPrice } from "@/lib/format";
import { useHydrated } from "@/components/ui/useHydrated";
import { CalculatorSummary } from "./CalculatorSummary";
import { PriceBadge } from "./PriceBadge";
import { ServicePanels, type ServiceDetails } from "./ServicePanels";
import { SizePicker, type SizeOption } from "./SizePicker";
import { useCalculator } from "./useCalculator";
import styles from "./Calculator.module.css";

interface Props {
  catalog: Catalog;
  sizes: SizeOption[];
  details: ServiceDetails;
  strings: Strings["calculator"];
}

/** The interactive calculator: sizes, services per category, the summary with `Totalpris` and `Bestill time`. */
export function CalculatorClient({ catalog, sizes, details, strings }: Props) {
  // every button needs the script: disabled in the prerendered HTML until it runs
  const ready = useHydrated();
  const { state, dispatch, note, bookButton, toggle, book, closeToast, closeBadge } = useCalculator(catalog, strings);
  const total = totalPrice(catalog, state);

  return (
    <>
      <div className={styles.layout}>
        <div className={styles.choices}>
          <SizePicker
            sizes={sizes}
            selected={state.size}
            onSelect={(size) => dispatch({ type: "selectSize", size })}
            ready={ready}
            strings={strings}
          />
          <ServicePanels
            catalog={catalog}
            details={details}
            chosen={state.chosen}
            size={state.size}
            onToggle={toggle}
            ready={ready}
            strings={strings}
          />
        </div>
        <CalculatorSummary
          catalog={catalog}
          state={state}
          total={total}
          note={note}
          ready={ready}
          bookButton={bookButton}
          onBook={book}
          strings={strings}
        />
      </div>

      <div className={styles.floating}>
        {state.error && (
          <div role="alert" className={styles.toast}>
            <p>{strings.errors[state.error]}</p>
            <button type="button" className={styles.toastClose} onClick={closeToast}>
              {strings.close}
            </button>
          </div>
        )}
        {badgeVisible(catalog, state) && (
          <PriceBadge
            total={formatPrice(total)}
            sizes={sizes.map((s) => s.type)}
            selected={state.size}
            onSize={(size) => dispatch({ type: "setSize", size })}
            onClose={closeBadge}
            strings={strings.badge}
          />
        )}
      </div>
    </>
  );
}
