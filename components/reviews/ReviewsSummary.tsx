import type { ReviewsContent } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { fill } from "@/lib/format";
import styles from "./ReviewsSummary.module.css";
import { Stars } from "./Stars";

const oneDecimal = new Intl.NumberFormat("nb-NO", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The Google rating in plain HTML (no third-party widget): score, stars, count and a link to the reviews. */
export function ReviewsSummary({
  summary,
  strings,
  reviewsUrl,
}: {
  summary: ReviewsContent["summary"];
  strings: Strings["reviews"];
  reviewsUrl: string;
}) {
  // in running text a Norwegian decimal comma (5,0); the large score is shown as Google shows it (5.0)
  const rating = oneDecimal.format(summary.rating);
  return (
    <div className={styles.summary}>
      <span className={styles.score}>{rating.replace(",", ".")}</span>
      <div>
        <Stars points={Math.round(summary.rating)} label={fill(strings.stars, { n: rating })} />
        <p className={styles.caption}>{fill(strings.ratingSummary, { rating, count: summary.count })}</p>
        <a href={reviewsUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
          {strings.readMore}
          <span className="visually-hidden"> {strings.newTab}</span>
        </a>
      </div>
    </div>
  );
}
