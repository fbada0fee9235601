import { ContentImage } from "@/components/media/ContentImage";
import { LinkCard } from "@/components/ui/LinkCard";
import type { Project } from "@/lib/content/schemas";
import styles from "./ProjectTile.module.css";
import { projectPath } from "@/lib/routes";

/**
 * A project in the grid: the after photo, the car and the job; the whole tile links to the project page.
 * `priority` for the first tile, whose photo is the page's largest paint; the others load lazily.
 */
export function ProjectTile({
  project,
  linkLabel,
  priority = false,
}: {
  project: Project;
  linkLabel: string;
  priority?: boolean;
}) {
  return (
    <LinkCard
      as="article"
      image={
        <ContentImage
          image={project.after}
          sizes="(min-width: 1100px) 580px, (min-width: 700px) 50vw, 100vw"
          className={styles.image}
          priority={priority}
        />
      }
      kicker={<p className="eyebrow">{project.service}</p>}
      headingLevel={2}
      href={projectPath(project.slug)}
      title={project.title}
      summary={project.summary}
    >
      <span className={styles.more} aria-hidden="true">
        {linkLabel} →
      </span>
    </LinkCard>
  );
}
