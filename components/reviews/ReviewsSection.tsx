import type { ReviewsContent } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { ReviewCard } from "./ReviewCard";
import styles from "./ReviewsSection.module.css";
import { ReviewsSummary } from "./ReviewsSummary";

/**
 * The home page's reviews: the Google rating and every review as static HTML
 * (what crawlers read). The review slider (its own issue) enhances this list.
 */
export function ReviewsSection({
  heading,
  lead,
  reviews,
  strings,
  reviewsUrl,
}: {
  heading: string;
  lead: string;
  reviews: ReviewsContent;
  strings: Strings["reviews"];
  reviewsUrl: string;
}) {
  return (
    <section className="section section-alt" aria-labelledby="reviews-heading">
      <div className="container">
        <div className={styles.head}>
          <div>
            <h2 id="reviews-heading">{heading}</h2>
            <p className="lead">{lead}</p>
          </div>
          <ReviewsSummary summary={reviews.summary} strings={strings} reviewsUrl={reviewsUrl} />
        </div>
        <ul className={`plain-list ${styles.list}`}>
          {reviews.reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} strings={strings} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
