import type { Metadata } from "next";
import { RenderErrorProbe } from "./RenderErrorProbe";

/**
 * Only in the test build (E2E_TEST_ROUTES=1, see lib/hosting/test-build.ts): a page
 * whose content throws while rendering in the browser, to show the failure screen.
 */
export const metadata: Metadata = { title: "Testfeil", robots: { index: false } };

export default function RenderErrorTestPage() {
  return <RenderErrorProbe />;
}
