import { useId } from "react";
import { Picture } from "@/components/media/Picture";
import { CheckIcon } from "@/components/ui/CheckIcon";
import type { Strings } from "@/lib/content/strings-schema";
import { fill } from "@/lib/format";
import type { ResolvedImage } from "@/lib/images";
import styles from "./Calculator.module.css";

/** A car size as the picker shows it: its name, its price factor and its picture. */
export interface SizeOption {
  type: string;
  multiplier: number;
  image: ResolvedImage;
}

const factorFormat = new Intl.NumberFormat("nb-NO", { maximumFractionDigits: 2 });

/**
 * The car sizes as toggle buttons (`aria-pressed`); pressing the chosen one deselects it.
 * Each button is named by its own content, all the text it shows (`Liten Pris × 1`: the
 * picture has no text of its own), so a voice user who says what they see reaches it.
 */
export function SizePicker({
  sizes,
  selected,
  onSelect,
  ready,
  strings,
}: {
  sizes: SizeOption[];
  selected: string | null;
  onSelect: (size: string) => void;
  /** false until the page's script runs: the buttons are disabled */
  ready: boolean;
  strings: Strings["calculator"];
}) {
  const id = useId();
  return (
    <div className={styles.block}>
      <h3 id={`${id}-heading`} className={styles.blockHeading}>
        {strings.sizesHeading}
      </h3>
      <p id={`${id}-hint`} className={styles.hint}>
        {strings.sizesHint}
      </p>
      <div role="group" aria-labelledby={`${id}-heading`} aria-describedby={`${id}-hint`} className={styles.sizes}>
        {sizes.map((size) => {
          const pressed = selected === size.type;
          return (
            <button
              key={size.type}
              type="button"
              aria-pressed={pressed}
              className={styles.size}
              disabled={!ready}
              onClick={() => onSelect(size.type)}
            >
              <span className={styles.sizeCheck} aria-hidden="true">
                {pressed && <CheckIcon size={14} />}
              </span>
              <Picture image={size.image} alt="" sizes="(min-width: 761px) 200px, 30vw" className={styles.sizeImage} />
              <span className={styles.sizeName}>{size.type}</span>
              <span className={styles.sizeFactor}>
                {fill(strings.sizeFactor, { factor: factorFormat.format(size.multiplier) })}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
