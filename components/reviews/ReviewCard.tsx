import type { Review } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { fill, formatDate } from "@/lib/format";
import styles from "./ReviewCard.module.css";
import { Stars } from "./Stars";

const avatarColours = ["#1d4ed8", "#047857", "#7c3aed", "#b45309", "#be123c", "#0e7490", "#4d7c0f", "#9333ea"];

/**
 * One review: stars, text (or a line saying there was none), the initial on a
 * coloured circle, name and date; with `readMoreUrl`, a `Les mer` link to the
 * reviews on Google (new tab).
 */
export function ReviewCard({
  review,
  strings,
  readMoreUrl,
}: {
  review: Review;
  strings: Strings["reviews"];
  readMoreUrl?: string;
}) {
  const index = Number(review.id.replace("dot", "")) || 0;
  return (
    <figure className={styles.card}>
      <Stars points={review.points} label={fill(strings.stars, { n: review.points })} />
      <blockquote className={styles.text}>
        <p>{review.text || fill(strings.noText, { n: review.points })}</p>
      </blockquote>
      {readMoreUrl && (
        <a href={readMoreUrl} target="_blank" rel="noopener noreferrer" className={styles.readMore}>
          {strings.readMore}
          <span className="visually-hidden"> {strings.newTab}</span>
        </a>
      )}
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
