import { ProjectView } from "@/components/projects/ProjectView";
import { getProject, getProjects } from "@/lib/content";
import { projectMetadata } from "@/lib/seo";
import { slugPages } from "../../slug-pages";

/** One page per project in content/projects.json, at /prosjekt/ and its slug. */
const pages = slugPages(getProjects, getProject, projectMetadata, (project) => <ProjectView project={project} />);

export const dynamicParams = false;
export const generateStaticParams = pages.generateStaticParams;
export const generateMetadata = pages.generateMetadata;
export default pages.Page;
