import type { ResolvedImage } from "@/lib/images";
import styles from "./BeforeAfterPair.module.css";
import { Picture } from "./Picture";

interface Side {
  image: ResolvedImage;
  alt: string;
}

/**
 * The before and after photos next to each other, each labelled (Før / Etter).
 * The interactive comparison slider (its own issue) is built on the same props.
 */
export function BeforeAfterPair({
  before,
  after,
  labels,
  sizes,
  priority = false,
}: {
  before: Side;
  after: Side;
  labels: { before: string; after: string };
  /** `sizes` for each of the two images */
  sizes: string;
  /** above the fold: load both eagerly */
  priority?: boolean;
}) {
  return (
    <div className={styles.pair}>
      {(
        [
          [before, labels.before],
          [after, labels.after],
        ] as const
      ).map(([side, label]) => (
        <figure key={label} className={styles.figure}>
          <Picture image={side.image} alt={side.alt} sizes={sizes} priority={priority} />
          <figcaption className={styles.label}>{label}</figcaption>
        </figure>
      ))}
    </div>
  );
}
