import type { Review } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { fill, formatDate } from "@/lib/format";
import styles from "./ReviewCard.module.css";
import { Stars } from "./Stars";

const avatarColours = ["#1d4ed8", "#047857", "#7c3aed", "#b45309", "#be123c", "#0e7490", "#4d7c0f", "#9333ea"];

/** One review: stars, text (or a line saying there was none), the initial on a coloured circle, name and date. */
export function ReviewCard({ review, strings }: { review: Review; strings: Strings["reviews"] }) {
  const index = Number(review.id.replace("dot", "")) || 0;
  return (
    <figure className={styles.card}>
      <Stars points={review.points} label={fill(strings.stars, { n: review.points })} />
      <blockquote className={styles.text}>
        <p>{review.text || fill(strings.noText, { n: review.points })}</p>
      </blockquote>
      <figcaption className={styles.author}>
        <span
          className={styles.avatar}
          style={{ backgroundColor: avatarColours[index % avatarColours.length] }}
          aria-hidden="true"
        >
          {review.name.charAt(0)}
        </span>
        <span>
          <span className={styles.name}>{review.name}</span>
          <time dateTime={review.date} className={styles.date}>
            {formatDate(review.date)}
          </time>
        </span>
      </figcaption>
    </figure>
  );
}
