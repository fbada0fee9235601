"use client";

import { useRouter } from "next/navigation";
import { useReducer, useRef, useState } from "react";
import type { ServiceId } from "@/lib/calculator/ids";
import {
  badgeVisible,
  calculatorReducer,
  initialState,
  servicePrice,
  toggleService,
  totalPrice,
  validateBooking,
  allServices,
  type Catalog,
} from "@/lib/calculator/state";
import { saveSelection, sessionStore } from "@/lib/calculator/storage";
import type { Strings } from "@/lib/content/strings-schema";
import { fill, formatPrice } from "@/lib/format";
import type { ResolvedImage } from "@/lib/images";
import { useHydrated } from "@/components/ui/useHydrated";
import { PriceBadge } from "./PriceBadge";
import { ServicePanels } from "./ServicePanels";
import { SizePicker } from "./SizePicker";
import { Button } from "@/components/ui/Button";
import styles from "./Calculator.module.css";
import { BOOKING_PATH } from "@/lib/routes";

export interface SizeOption {
  type: string;
  multiplier: number;
  image: ResolvedImage;
}

/** A short description per service, shown under its title. */
export type ServiceDetails = Partial<Record<ServiceId, string>>;

interface Props {
  catalog: Catalog;
  sizes: SizeOption[];
  details: ServiceDetails;
  strings: Strings["calculator"];
}

/** The interactive calculator: sizes, services per category, the summary with `Totalpris` and `Bestill time`. */
export function CalculatorClient({ catalog, sizes, details, strings }: Props) {
  const router = useRouter();
  // every button needs the script: disabled in the prerendered HTML until it runs
  const ready = useHydrated();
  const [state, dispatch] = useReducer(calculatorReducer, catalog, initialState);
  // what the rules changed besides the clicked service, said out loud and shown in the summary
  const [note, setNote] = useState("");
  const bookButton = useRef<HTMLButtonElement>(null);

  const total = totalPrice(catalog, state);
  const byId = new Map(allServices(catalog).map((s) => [s.id, s]));

  function toggle(id: ServiceId) {
    const after = toggleService(state.chosen, id);
    const titles = (ids: ServiceId[]) => ids.map((x) => byId.get(x)?.title ?? x).join(", ");
    const added = after.filter((x) => x !== id && !state.chosen.includes(x));
    const removed = state.chosen.filter((x) => x !== id && !after.includes(x));
    setNote(
      [
        added.length ? fill(strings.autoAdded, { services: titles(added) }) : "",
        removed.length ? fill(strings.autoRemoved, { services: titles(removed) }) : "",
      ]
        .filter(Boolean)
        .join(". "),
    );
    dispatch({ type: "toggleService", id });
  }

  function book() {
    const error = validateBooking(state);
    if (error) {
      dispatch({ type: "showError", error });
      return;
    }
    dispatch({ type: "clearError" });
    const storage = sessionStore();
    if (storage) saveSelection(storage, catalog, state);
    router.push(BOOKING_PATH);
  }

  function closeToast() {
    dispatch({ type: "clearError" });
    bookButton.current?.focus();
  }

  function closeBadge() {
    dispatch({ type: "closeBadge" });
    bookButton.current?.focus({ preventScroll: true });
  }

  const chosen = allServices(catalog).filter((s) => state.chosen.includes(s.id));

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
          <Button ref={bookButton} disabled={!ready} size="lg" className={styles.book} onClick={book}>
            {strings.book}
          </Button>
        </div>
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
