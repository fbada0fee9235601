import type { Metadata } from "next";
import { PageIntro } from "@/components/content/PageIntro";
import { ContactStrip } from "@/components/layout/ContactStrip";
import { ProjectTile } from "@/components/projects/ProjectTile";
import { getProjects, getSite, getStrings } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import styles from "./page.module.css";
import { PROJECTS_PATH } from "@/lib/routes";

export function generateMetadata(): Metadata {
  const { meta } = getStrings().projectsPage;
  return pageMetadata(getSite(), { ...meta, path: PROJECTS_PATH });
}

export default function ProjectsPage() {
  const strings = getStrings();
  const page = strings.projectsPage;
  return (
    <>
      <PageIntro title={page.heading} lead={page.lead} />
      <div className="container page-body">
        <ul className={`plain-list ${styles.grid}`}>
          {getProjects().map((project, i) => (
            <li key={project.slug}>
              <ProjectTile project={project} linkLabel={page.tileLink} priority={i === 0} />
            </li>
          ))}
        </ul>
      </div>
      <ContactStrip strings={strings} />
    </>
  );
}
