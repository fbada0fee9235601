import { Icon } from "@/components/ui/Icon";
import styles from "./Stars.module.css";

/** Star rating read out as text ("5 av 5 stjerner"). */
export function Stars({ points, label }: { points: number; label: string }) {
  return (
    <span role="img" aria-label={label} className={styles.stars}>
      {Array.from({ length: 5 }, (_, i) => (
        <span key={i} data-on={i < points}>
          <Icon name="star" size={18} filled />
        </span>
      ))}
    </span>
  );
}
