/**
 * The headers every answer of the workshop's admin carries, its pages and
 * its API alike: no page of another site may frame it (a click there must
 * never press `Send tilbud` here), no answer is read as another type than
 * it says, the address of a case's page goes to no other site, and on an
 * https:// SERVER_URL the browser keeps to https for HSTS_MAX_AGE_SECONDS.
 */

/** How long a browser that saw the admin over https keeps to https for it: two years. */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

/** The headers for an admin served at `serverURL`. */
export function adminHeaders(serverURL: string): Record<string, string> {
  return {
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    ...(URL.canParse(serverURL) && new URL(serverURL).protocol === "https:"
      ? { "Strict-Transport-Security": `max-age=${HSTS_MAX_AGE_SECONDS}` }
      : {}),
  };
}
