/**
 * Every route of the site and the heading it must show. Some headings are the
 * workshop's fixed wording, written out here; the others come from the content files.
 */
import { getArticles, getProjects, getStrings, getDetailingPage } from "../lib/content";

const strings = getStrings();
const [firstProject] = getProjects();

export interface Route {
  path: string;
  h1: string;
  /** a content page (articles, about, privacy, projects): held to the JavaScript budget */
  contentPage?: boolean;
}

export const routes: Route[] = [
  { path: "/", h1: "Vi tar vare på bilen din" },
  { path: "/pristilbud", h1: "Få et pristilbud" },
  { path: "/kontakt", h1: "Ønsker du å avtale en time?" },
  { path: "/om-oss", h1: "Vi tar vare på bilen din!", contentPage: true },
  { path: "/prosjekter", h1: strings.projectsPage.heading, contentPage: true },
  { path: "/prosjekt", h1: firstProject!.title, contentPage: true },
  ...getProjects().map((p) => ({ path: `/prosjekt/${p.slug}`, h1: p.title, contentPage: true })),
  { path: "/personvern", h1: "Personvernerklæring", contentPage: true },
  { path: "/takk-for-henvendelsen", h1: "Takk for henvendelsen!" },
  ...getArticles().map((a) => ({ path: `/${a.slug}`, h1: a.title, contentPage: true })),
  { path: "/auto-detailing", h1: getDetailingPage().hero.headline },
];

export const articlePaths = ["/lakkeringsfri-bulkoppretting", "/lakkrens", "/invendig-rens", "/detailing"];
