import type { CSSProperties } from "react";
import styles from "./Stars.module.css";

/**
 * Star rating read out as text ("5 av 5 stjerner"); `points` is 1–5, as the content's schema
 * allows. Drawn as one element (five stars cut out of a colour bar, the first `points` of them in
 * the star colour), not five icons: a page of reviews stays light to load and to hydrate.
 */
export function Stars({ points, label }: { points: number; label: string }) {
  return (
    <span role="img" aria-label={label} className={styles.stars} style={{ "--points": points } as CSSProperties} />
  );
}
