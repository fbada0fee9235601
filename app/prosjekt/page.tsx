import type { Metadata } from "next";
import { ProjectView } from "@/components/projects/ProjectView";
import { getProjects, getSite } from "@/lib/content";
import { projectMetadata } from "@/lib/seo";

/**
 * `/prosjekt` (the original site's single project page) shows the first
 * project; its canonical URL is that project's own page, so crawlers index it once.
 */
function firstProject() {
  const [project] = getProjects();
  if (!project) throw new Error("content/projects.json har ingen prosjekter");
  return project;
}

export function generateMetadata(): Metadata {
  return projectMetadata(getSite(), firstProject());
}

export default function FeaturedProjectPage() {
  return <ProjectView project={firstProject()} />;
}
