import { ContentImage } from "@/components/media/ContentImage";
import type { DetailingPage } from "@/lib/content/schemas";
import styles from "./DetailingHero.module.css";

export function DetailingHero({ hero }: { hero: DetailingPage["hero"] }) {
  return (
    <section className={styles.hero} aria-labelledby="detailing-heading">
      <ContentImage image={hero.image.image} alt={hero.image.alt} sizes="100vw" priority className={styles.image} />
      <div className={styles.shade} />
      <div className={`container ${styles.content}`}>
        <p className={styles.eyebrow}>{hero.eyebrow}</p>
        <h1 id="detailing-heading">{hero.headline}</h1>
        <p className={styles.lead}>{hero.lead}</p>
      </div>
    </section>
  );
}
