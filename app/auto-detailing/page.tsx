import type { Metadata } from "next";
import { Calculator } from "@/components/calculator/Calculator";
import { DetailingReviews } from "@/components/detailing/DetailingReviews";
import { LocationMap } from "@/components/map/LocationMap";
import { ServiceSections } from "@/components/detailing/ServiceSections";
import { ContentImage } from "@/components/media/ContentImage";
import { HeroBanner } from "@/components/media/HeroBanner";
import { JsonLd } from "@/components/seo/JsonLd";
import { getDetailingPage, getReviews, getServices, getSite, getStrings } from "@/lib/content";
import { offerCatalogJsonLd, pageMetadata } from "@/lib/seo";
import styles from "./page.module.css";
import { DETAILING_PATH, articlePath } from "@/lib/routes";
import { Paragraphs } from "@/components/ui/Paragraphs";

export function generateMetadata(): Metadata {
  const page = getDetailingPage();
  return pageMetadata(getSite(), { ...page.meta, path: DETAILING_PATH, image: page.hero.image.image });
}

/** The detailing landing page: hero, intro, premises, the price calculator, the six services, reviews. */
export default function AutoDetailingPage() {
  const page = getDetailingPage();
  const strings = getStrings();
  const site = getSite();
  const services = getServices();
  return (
    <>
      <HeroBanner hero={page.hero} size="medium" />
      <section className="section" aria-labelledby="intro-heading">
        <div className={`container ${styles.intro}`}>
          <h2 id="intro-heading">{page.intro.heading}</h2>
          <div className={styles.introText}>
            <Paragraphs texts={page.intro.paragraphs} />
          </div>
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="premises-heading">
        <div className={`container ${styles.premises}`}>
          <ContentImage
            image={page.premises.image}
            sizes="(min-width: 761px) 600px, 100vw"
            className={styles.premisesImage}
          />
          <div>
            <h2 id="premises-heading">{page.premises.heading}</h2>
            <Paragraphs texts={page.premises.paragraphs} />
            <div className={styles.map}>
              <LocationMap site={site} strings={strings.map} labels={strings.labels} />
            </div>
          </div>
        </div>
      </section>
      <Calculator section={page.calculator} services={services} strings={strings.calculator} />
      <ServiceSections
        section={page.services}
        services={services}
        strings={strings.detailingPage}
        packagesHref={articlePath("detailing")}
      />
      <DetailingReviews
        heading={page.reviews.heading}
        reviews={getReviews()}
        strings={strings.reviews}
        reviewsUrl={site.googleReviewsUrl}
      />
      <JsonLd data={offerCatalogJsonLd(site, services, { name: page.services.heading, path: DETAILING_PATH })} />
    </>
  );
}
