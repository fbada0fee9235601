import type { Metadata } from "next";
import { ProjectView } from "@/components/projects/ProjectView";
import { getProject, getProjects, getSite } from "@/lib/content";
import { projectMetadata } from "@/lib/seo";

export const dynamicParams = false;

export function generateStaticParams() {
  return getProjects().map((project) => ({ slug: project.slug }));
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return projectMetadata(getSite(), getProject((await params).slug));
}

export default async function ProjectPage({ params }: Props) {
  return <ProjectView project={getProject((await params).slug)} />;
}
