import type { Metadata } from "next";
import { ProjectView } from "@/components/projects/ProjectView";
import { getProject, getProjects, getSite } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import { projectPath } from "@/lib/routes";

export const dynamicParams = false;

export function generateStaticParams() {
  return getProjects().map((project) => ({ slug: project.slug }));
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const project = getProject((await params).slug);
  return pageMetadata(getSite(), {
    title: project.title,
    description: project.summary,
    path: projectPath(project.slug),
    image: project.after.image,
  });
}

export default async function ProjectPage({ params }: Props) {
  return <ProjectView project={getProject((await params).slug)} />;
}
