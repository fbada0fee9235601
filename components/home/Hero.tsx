import { Picture } from "@/components/media/Picture";
import { ButtonLink } from "@/components/ui/ButtonLink";
import type { HomePage } from "@/lib/content/schemas";
import { resolveImage } from "@/lib/images";
import styles from "./Hero.module.css";

/**
 * The dark hero: the poster is the page's largest paint (eager, high priority);
 * the muted looping video plays over it once it has loaded.
 */
export function Hero({ hero, cta }: { hero: HomePage["hero"]; cta: { label: string; href: string } }) {
  const poster = resolveImage(hero.image.image);
  return (
    <section className={styles.hero} aria-labelledby="hero-heading">
      <div className={styles.media}>
        <Picture image={poster} alt={hero.image.alt} sizes="100vw" priority className={styles.poster} />
        <video
          className={styles.video}
          autoPlay
          muted
          loop
          playsInline
          preload="metadata"
          poster={poster.src}
          aria-hidden="true"
        >
          <source src="/video/hero.webm" type="video/webm" />
          <source src="/video/hero.mp4" type="video/mp4" />
        </video>
        <div className={styles.shade} />
      </div>
      <div className={`container ${styles.content}`}>
        <h1 id="hero-heading" className={styles.headline}>
          {hero.headline}
        </h1>
        <p className={styles.lead}>{hero.lead}</p>
        <ButtonLink href={cta.href} size="lg">
          {cta.label}
        </ButtonLink>
      </div>
    </section>
  );
}
