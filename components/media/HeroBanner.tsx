import type { ReactNode } from "react";
import type { ResolvedImage } from "@/lib/images";
import styles from "./HeroBanner.module.css";
import { Picture } from "./Picture";

interface Props {
  image: ResolvedImage;
  alt: string;
  eyebrow?: string;
  headline: string;
  lead: string;
  /** calls to action under the lead */
  children?: ReactNode;
  /** a muted, looping background video played over the image (the image stays its poster) */
  video?: { webm: string; mp4: string };
  size?: "large" | "medium";
}

/**
 * A dark hero with the page's h1 over a full-bleed image. The image is the
 * page's largest paint (eager, high priority); a video, if any, plays over it
 * once loaded, and not at all for visitors who ask for reduced motion.
 */
export function HeroBanner({ image, alt, eyebrow, headline, lead, children, video, size = "large" }: Props) {
  return (
    <section className={styles.hero} data-size={size} aria-labelledby="hero-heading">
      <div className={styles.media}>
        <Picture image={image} alt={alt} sizes="100vw" priority className={styles.cover} />
        {video && (
          <video
            className={styles.cover}
            autoPlay
            muted
            loop
            playsInline
            preload="metadata"
            poster={image.src}
            aria-hidden="true"
          >
            <source src={video.webm} type="video/webm" />
            <source src={video.mp4} type="video/mp4" />
          </video>
        )}
        <div className={styles.shade} />
      </div>
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
