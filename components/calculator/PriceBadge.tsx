import { useId } from "react";
import type { Strings } from "@/lib/content/strings-schema";
import styles from "./Calculator.module.css";

/** The floating price: the total, a native size drop-down bound to the calculator's state, and a close button. */
export function PriceBadge({
  total,
  sizes,
  selected,
  onSize,
  onClose,
  strings,
}: {
  total: string;
  sizes: string[];
  selected: string | null;
  onSize: (size: string | null) => void;
  onClose: () => void;
  strings: Strings["calculator"]["badge"];
}) {
  const id = useId();
  return (
    <div role="group" aria-label={strings.label} className={styles.badge}>
      <p className={styles.badgeTotal}>
        <span className={styles.badgeLabel}>{strings.total}</span>
        <strong>{total}</strong>
      </p>
      <div className={styles.badgeSize}>
        <label htmlFor={`${id}-size`} className={styles.badgeLabel}>
          {strings.size}
        </label>
        <select
          id={`${id}-size`}
          value={selected ?? ""}
          onChange={(event) => onSize(event.target.value || null)}
          className={styles.select}
        >
          {selected === null && <option value="">{strings.noSize}</option>}
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className={styles.badgeClose} onClick={onClose} aria-label={strings.close}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
