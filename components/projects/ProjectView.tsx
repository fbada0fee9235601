import Link from "next/link";
import { PageIntro } from "@/components/content/PageIntro";
import { ContactStrip } from "@/components/layout/ContactStrip";
import { BeforeAfterSlider } from "@/components/media/BeforeAfterSlider";
import { JsonLd } from "@/components/seo/JsonLd";
import { getSite, getStrings } from "@/lib/content";
import type { Project } from "@/lib/content/schemas";
import { resolveImage } from "@/lib/images";
import { breadcrumbJsonLd, projectJsonLd } from "@/lib/seo";
import styles from "./ProjectView.module.css";
import { HOME_PATH, PROJECTS_PATH, projectPath } from "@/lib/routes";
import { Paragraphs } from "@/components/ui/Paragraphs";

/** One project: before and after, the car, the job and the story. */
export function ProjectView({ project }: { project: Project }) {
  const strings = getStrings();
  const site = getSite();
  const labels = strings.projectPage;
  return (
    <>
      <PageIntro
        eyebrow={
          <Link href={PROJECTS_PATH} className={styles.back}>
            ← {labels.backLink}
          </Link>
        }
        title={project.title}
        lead={project.summary}
      />
      <div className={`container page-body ${styles.layout}`}>
        <div className={styles.comparison}>
          <BeforeAfterSlider
            before={{ image: resolveImage(project.before.image), alt: project.before.alt }}
            after={{ image: resolveImage(project.after.image), alt: project.after.alt }}
            labels={{ before: labels.beforeLabel, after: labels.afterLabel }}
            strings={strings.beforeAfter}
            name={project.title}
            sizes="(min-width: 960px) 896px, 100vw"
            priority
          />
        </div>
        <div className={styles.details}>
          <dl className={styles.facts}>
            <div>
              <dt className="eyebrow">{labels.carLabel}</dt>
              <dd>{project.car}</dd>
            </div>
            <div>
              <dt className="eyebrow">{labels.serviceLabel}</dt>
              <dd>{project.service}</dd>
            </div>
          </dl>
          <div className={styles.story}>
            <Paragraphs texts={project.paragraphs} />
          </div>
        </div>
      </div>
      <ContactStrip strings={strings} />
      <JsonLd data={projectJsonLd(site, project)} />
      <JsonLd
        data={breadcrumbJsonLd(site, [
          [strings.breadcrumbHome, HOME_PATH],
          [strings.projectsPage.heading, PROJECTS_PATH],
          [project.title, projectPath(project.slug)],
        ])}
      />
    </>
  );
}
