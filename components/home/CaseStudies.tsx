import { BeforeAfterPair } from "@/components/media/BeforeAfterPair";
import type { CaseStudy, HomePage } from "@/lib/content/schemas";
import { resolveImage } from "@/lib/images";
import styles from "./CaseStudies.module.css";

/** Three repairs: side by side above 1100 px, stacked at 1100 px or narrower. */
export function CaseStudies({
  section,
  cases,
  labels,
}: {
  section: HomePage["cases"];
  cases: CaseStudy[];
  labels: { before: string; after: string };
}) {
  return (
    <section className="section" aria-labelledby="cases-heading">
      <div className="container">
        <h2 id="cases-heading">{section.heading}</h2>
        <p className="lead">{section.lead}</p>
        <div className={styles.grid}>
          {cases.map((item) => (
            <article key={item.id} className={styles.case} aria-labelledby={`case-${item.id}`}>
              <BeforeAfterPair
                before={{ image: resolveImage(item.before.image), alt: item.before.alt }}
                after={{ image: resolveImage(item.after.image), alt: item.after.alt }}
                labels={labels}
                sizes="(min-width: 1101px) 190px, 50vw"
              />
              <div className={styles.text}>
                <p className="eyebrow">{item.car}</p>
                <h3 id={`case-${item.id}`}>{item.title}</h3>
                {item.story.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
