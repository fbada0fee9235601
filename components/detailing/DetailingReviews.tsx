import { ReviewCard } from "@/components/reviews/ReviewCard";
import { ReviewsSummary } from "@/components/reviews/ReviewsSummary";
import type { ReviewsContent } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import styles from "./DetailingReviews.module.css";

/** The Google-reviews block on /auto-detailing: the rating, the count and three review cards. */
export function DetailingReviews({
  heading,
  reviews,
  strings,
  reviewsUrl,
}: {
  heading: string;
  reviews: ReviewsContent;
  strings: Strings["reviews"];
  reviewsUrl: string;
}) {
  const cards = reviews.summary.detailingCards.map((id) => reviews.reviews.find((r) => r.id === id)!);
  return (
    <section className="section section-alt" aria-labelledby="detailing-reviews-heading">
      <div className="container">
        <div className={styles.head}>
          <h2 id="detailing-reviews-heading">{heading}</h2>
          <ReviewsSummary summary={reviews.summary} strings={strings} reviewsUrl={reviewsUrl} />
        </div>
        <ul className={`plain-list ${styles.cards}`}>
          {cards.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} strings={strings} readMoreUrl={reviewsUrl} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
