import type { Metadata } from "next";
import { Benefits } from "@/components/home/Benefits";
import { CaseStudies } from "@/components/home/CaseStudies";
import { PdrBlock } from "@/components/home/PdrBlock";
import { QuoteSection } from "@/components/home/QuoteSection";
import { HeroBanner } from "@/components/media/HeroBanner";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { ReviewsSection } from "@/components/reviews/ReviewsSection";
import { getCases, getHomePage, getReviews, getSite, getStrings } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import { HOME_PATH, QUOTE_PATH, articlePath } from "@/lib/routes";

export function generateMetadata(): Metadata {
  const { meta, hero } = getHomePage();
  return {
    ...pageMetadata(getSite(), { ...meta, path: HOME_PATH, image: hero.image.image }),
    title: { absolute: meta.title },
  };
}

export default function HomePage() {
  const home = getHomePage();
  const strings = getStrings();
  const site = getSite();
  const cta = { label: strings.cta.quote, href: QUOTE_PATH };
  return (
    <>
      <HeroBanner
        hero={home.hero}
        video={{ webm: "/video/hero.webm", mp4: "/video/hero.mp4", strings: strings.heroVideo }}
      >
        <ButtonLink href={cta.href} size="lg">
          {cta.label}
        </ButtonLink>
      </HeroBanner>
      <PdrBlock pdr={home.pdr} href={articlePath("lakkeringsfri-bulkoppretting")} />
      <Benefits benefits={home.benefits} />
      <CaseStudies
        section={home.cases}
        cases={getCases()}
        labels={{ before: strings.home.beforeLabel, after: strings.home.afterLabel }}
        strings={strings.beforeAfter}
      />
      <QuoteSection section={home.quote} steps={strings.home.quoteSteps} />
      <ReviewsSection
        heading={home.reviews.heading}
        lead={home.reviews.lead}
        reviews={getReviews()}
        strings={strings.reviews}
        reviewsUrl={site.googleReviewsUrl}
      />
    </>
  );
}
