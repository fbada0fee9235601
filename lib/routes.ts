/**
 * Every internal address of the site, once. Pages set their canonical path
 * from here; links, the sitemap, the hand-offs (calculator → booking, both
 * forms → thank-you) and the browser tests' route table read it too. The
 * folders under app/ must match (Next routes by folder name).
 *
 * What stays in content/strings.json: the menu and the footer's links, which
 * a marketer arranges (which pages, in which order, under which words).
 */
export const HOME_PATH = "/";
export const QUOTE_PATH = "/pristilbud";
export const BOOKING_PATH = "/kontakt";
export const ABOUT_PATH = "/om-oss";
export const PROJECTS_PATH = "/prosjekter";
/** the featured project (the first in content/projects.json) */
export const FEATURED_PROJECT_PATH = "/prosjekt";
export const PRIVACY_PATH = "/personvern";
export const THANKS_PATH = "/takk-for-henvendelsen";
export const DETAILING_PATH = "/auto-detailing";
/** The customer's own case (an offer to answer, photos to send), opened only from the workshop's e-mail: never listed or indexed. */
export const CASE_PATH = "/sak";
/** the price calculator's section on the detailing page */
export const CALCULATOR_ID = "priskalkulator";
export const CALCULATOR_PATH = `${DETAILING_PATH}#${CALCULATOR_ID}`;

/** An article: its file name in content/articles/ is its address. */
export const articlePath = (slug: string) => `/${slug}`;
export const projectPath = (slug: string) => `${FEATURED_PROJECT_PATH}/${slug}`;
