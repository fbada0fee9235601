/**
 * Every route of the site and the heading it must show. Some headings are the
 * workshop's fixed wording, written out here; the others come from the content files.
 */
import { getArticles, getProjects, getStrings, getDetailingPage } from "../content";
import {
  ABOUT_PATH,
  articlePath,
  BOOKING_PATH,
  CASE_PATH,
  DETAILING_PATH,
  FEATURED_PROJECT_PATH,
  HOME_PATH,
  PRIVACY_PATH,
  projectPath,
  PROJECTS_PATH,
  QUOTE_PATH,
  THANKS_PATH,
} from "../routes";

const strings = getStrings();
const [firstProject] = getProjects();

export interface Route {
  path: string;
  h1: string;
  /** a content page (articles, about, privacy, projects): held to the JavaScript budget */
  contentPage?: boolean;
}

export const routes: Route[] = [
  { path: HOME_PATH, h1: "Vi tar vare på bilen din" },
  { path: QUOTE_PATH, h1: "Få et pristilbud" },
  { path: BOOKING_PATH, h1: "Ønsker du å avtale en time?" },
  { path: ABOUT_PATH, h1: "Vi tar vare på bilen din!", contentPage: true },
  { path: PROJECTS_PATH, h1: strings.projectsPage.heading, contentPage: true },
  { path: FEATURED_PROJECT_PATH, h1: firstProject!.title, contentPage: true },
  ...getProjects().map((p) => ({ path: projectPath(p.slug), h1: p.title, contentPage: true })),
  { path: PRIVACY_PATH, h1: "Personvernerklæring", contentPage: true },
  { path: THANKS_PATH, h1: "Takk for henvendelsen!" },
  // without a link's key, as a visitor who types the address sees it
  { path: CASE_PATH, h1: strings.casePage.heading },
  ...getArticles().map((a) => ({ path: articlePath(a.slug), h1: a.title, contentPage: true })),
  { path: DETAILING_PATH, h1: getDetailingPage().hero.headline },
];

export const articlePaths = ["/lakkeringsfri-bulkoppretting", "/lakkrens", "/invendig-rens", "/detailing"];
