import { BeforeAfterSlider } from "@/components/media/BeforeAfterSlider";
import type { CaseStudy, HomePage } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { resolveImage } from "@/lib/images";
import styles from "./CaseStudies.module.css";
import { Section } from "@/components/ui/Section";
import { Paragraphs } from "@/components/ui/Paragraphs";

/** Three repairs: side by side above 1100 px, stacked at 1100 px or narrower. */
export function CaseStudies({
  section,
  cases,
  labels,
  strings,
}: {
  section: HomePage["cases"];
  cases: CaseStudy[];
  labels: { before: string; after: string };
  strings: Strings["beforeAfter"];
}) {
  return (
    <Section name="cases" heading={section.heading} lead={section.lead}>
      <div className={styles.grid}>
        {cases.map((item) => (
          <article key={item.id} className={styles.case} aria-labelledby={`case-${item.id}`}>
            <BeforeAfterSlider
              before={{ image: resolveImage(item.before.image), alt: item.before.alt }}
              after={{ image: resolveImage(item.after.image), alt: item.after.alt }}
              labels={labels}
              strings={strings}
              name={`${item.title}, ${item.car}`}
              sizes="(min-width: 1101px) 360px, (min-width: 700px) 55vw, 100vw"
            />
            <div className={styles.text}>
              <p className="eyebrow">{item.car}</p>
              <h3 id={`case-${item.id}`}>{item.title}</h3>
              <Paragraphs texts={item.story} />
            </div>
          </article>
        ))}
      </div>
    </Section>
  );
}
