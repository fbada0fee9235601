/**
 * The build the tests run against (`npm run build:test`, used by `npm test`) is the
 * real build with two additions, both for tests and neither in a normal build:
 * - E2E_TEST_ROUTES=1 turns on the `page.e2e.tsx` files (next.config.ts's
 *   pageExtensions): /testfeil, a page that throws while rendering in the browser;
 * - a made-up secret in a non-public variable, which must appear nowhere in out/.
 */
export const TEST_BUILD_ENV = {
  E2E_TEST_ROUTES: "1",
  BULK_E2E_SECRET_TOKEN: "hemmelig-e2e-verdi-7f3a9c2e51d84b06",
} as const;

/** The throwing page's path and the message it throws. */
export const RENDER_ERROR_ROUTE = "/testfeil";
export const RENDER_ERROR_MESSAGE = "Testfeil: siden kastet en feil under visning";
