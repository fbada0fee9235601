import type { ReviewsContent } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { pick } from "@/lib/pick";
import { ReviewCard } from "./ReviewCard";
import styles from "./ReviewsSection.module.css";
import { ReviewSlider } from "./ReviewSlider";
import { ReviewsSummary } from "./ReviewsSummary";

/**
 * The home page's reviews: the Google rating (static HTML, no widget) beside a
 * slider of every review. All eight reviews are rendered into the HTML, so
 * crawlers and visitors without JavaScript have their text.
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
      <div className={`container ${styles.layout}`}>
        <div className={styles.intro}>
          <h2 id="reviews-heading">{heading}</h2>
          <p className="lead">{lead}</p>
          <ReviewsSummary summary={reviews.summary} strings={strings} reviewsUrl={reviewsUrl} />
        </div>
        <ReviewSlider
          slides={reviews.reviews.map((review) => (
            <ReviewCard key={review.id} review={review} strings={strings} />
          ))}
          strings={pick(strings, ["sliderLabel", "carousel", "slide", "slideLabel", "previous", "next", "dot"])}
        />
      </div>
    </section>
  );
}
