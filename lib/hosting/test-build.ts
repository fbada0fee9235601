/**
 * No configured host or key: a build made with these posts to the server that
 * serves it (the preview server) and loads nothing from Google, whatever the
 * machine's environment or `.env` files say. The tests and the bench build so.
 */
export const NO_HOSTS_ENV = {
  NEXT_PUBLIC_SITE_URL: "",
  NEXT_PUBLIC_API_URL: "",
  NEXT_PUBLIC_ADMIN_URL: "",
  NEXT_PUBLIC_GOOGLE_MAPS_API_KEY: "",
  NEXT_PUBLIC_GTM_ID: "",
} as const;

/**
 * The build the tests run against (`npm run build:test`, used by `npm test`) is the
 * real build with two additions, both for tests and neither in a normal build,
 * - E2E_TEST_ROUTES=1 turns on the `page.e2e.tsx` files (next.config.ts's
 *   pageExtensions): /testfeil, a page that throws while rendering in the browser,
 *   and /testbilder, the photo work (lib/photos/photo-work) on its own for the engines'
 *   tests and bench;
 * - a made-up secret in a non-public variable, which must appear nowhere in out/;
 * and no configured host or key (NO_HOSTS_ENV: Next's loader never overrides a
 * variable that is set, even to nothing), so the tests' pages post to the preview
 * server, never to a real host.
 */
export const TEST_BUILD_ENV = {
  E2E_TEST_ROUTES: "1",
  BULK_E2E_SECRET_TOKEN: "hemmelig-e2e-verdi-7f3a9c2e51d84b06",
  ...NO_HOSTS_ENV,
} as const;

/** The throwing page's path and the message it throws. */
export const RENDER_ERROR_ROUTE = "/testfeil";
export const RENDER_ERROR_MESSAGE = "Testfeil: siden kastet en feil under visning";

/** The page that runs the photo work on chosen photos and lists what came out. */
export const PHOTO_WORK_ROUTE = "/testbilder";
