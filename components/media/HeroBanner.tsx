import type { ReactNode } from "react";
import type { Strings } from "@/lib/content/strings-schema";
import { resolveImage } from "@/lib/images";
import styles from "./HeroBanner.module.css";
import { HeroVideo } from "./HeroVideo";
import { Picture } from "./Picture";

interface Props {
  /** the page's hero as its content file has it */
  hero: { eyebrow?: string; headline: string; lead: string; image: { image: string; alt: string } };
  /** calls to action under the lead */
  children?: ReactNode;
  /** a muted, looping background video played over the image (the image shows until it plays), with its button's labels */
  video?: { webm: string; mp4: string; strings: Strings["heroVideo"] };
  size?: "large" | "medium";
}

/**
 * A dark hero with the page's h1 over a full-bleed image. The image is the
 * page's largest paint (eager, high priority); a video, if any, plays over it
 * after the page has loaded, and only on request for visitors who ask for
 * reduced motion (see HeroVideo). Server only: it looks the image up.
 */
export function HeroBanner({ hero, children, video, size = "large" }: Props) {
  const { eyebrow, headline, lead } = hero;
  const image = resolveImage(hero.image.image);
  return (
    <section className={styles.hero} data-size={size} aria-labelledby="hero-heading">
      <div className={styles.media}>
        <Picture image={image} alt={hero.image.alt} sizes="100vw" priority className={styles.cover} />
        <div className={styles.shade} />
      </div>
      {video && <HeroVideo webm={video.webm} mp4={video.mp4} strings={video.strings} />}
      <div className={`container ${styles.content}`}>
        {eyebrow && <p className={`eyebrow ${styles.eyebrow}`}>{eyebrow}</p>}
        <h1 id="hero-heading" className={styles.headline}>
          {headline}
        </h1>
        <p className={styles.lead}>{lead}</p>
        {children}
      </div>
    </section>
  );
}
