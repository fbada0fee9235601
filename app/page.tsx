import type { Metadata } from "next";
import { Benefits } from "@/components/home/Benefits";
import { CaseStudies } from "@/components/home/CaseStudies";
import { Hero } from "@/components/home/Hero";
import { PdrBlock } from "@/components/home/PdrBlock";
import { QuoteSection } from "@/components/home/QuoteSection";
import { ReviewsSection } from "@/components/reviews/ReviewsSection";
import { getCases, getHomePage, getReviews, getSite, getStrings } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";

export function generateMetadata(): Metadata {
  const { meta, hero } = getHomePage();
  return {
    ...pageMetadata(getSite(), { ...meta, path: "/", image: hero.image.image }),
    title: { absolute: meta.title },
  };
}

export default function HomePage() {
  const home = getHomePage();
  const strings = getStrings();
  const site = getSite();
  const cta = { label: strings.cta.quote, href: strings.cta.quoteHref };
  return (
    <>
      <Hero hero={home.hero} cta={cta} />
      <PdrBlock pdr={home.pdr} href="/lakkeringsfri-bulkoppretting" />
      <Benefits benefits={home.benefits} />
      <CaseStudies
        section={home.cases}
        cases={getCases()}
        labels={{ before: strings.home.beforeLabel, after: strings.home.afterLabel }}
      />
      <QuoteSection section={home.quote} steps={strings.home.quoteSteps} cta={cta} />
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
