import Link from "next/link";
import { ContentImage } from "@/components/media/ContentImage";
import type { Project } from "@/lib/content/schemas";
import card from "@/components/ui/LinkCard.module.css";
import styles from "./ProjectTile.module.css";
import { projectPath } from "@/lib/routes";

/** A project in the grid: the after photo, the car and the job; the whole tile links to the project page. */
export function ProjectTile({ project, linkLabel }: { project: Project; linkLabel: string }) {
  return (
    <article className={card.card}>
      <ContentImage
        image={project.after}
        sizes="(min-width: 1100px) 580px, (min-width: 700px) 50vw, 100vw"
        className={styles.image}
      />
      <div className={card.text}>
        <p className="eyebrow">{project.service}</p>
        <h2 className={card.title}>
          <Link href={projectPath(project.slug)} className={card.link}>
            {project.title}
          </Link>
        </h2>
        <p className={card.summary}>{project.summary}</p>
        <span className={styles.more} aria-hidden="true">
          {linkLabel} →
        </span>
      </div>
    </article>
  );
}
