import type { Metadata } from "next";
import { PhotoWorkProbe } from "./PhotoWorkProbe";

/**
 * Only in the test build (E2E_TEST_ROUTES=1, see lib/hosting/test-build.ts): the
 * photo work (lib/photos/photo-work) on its own, for the browser tests and the engines bench
 * that drive it in each engine apart from the quote form.
 */
export const metadata: Metadata = { title: "Testbilder", robots: { index: false } };

export default function PhotoWorkTestPage() {
  return <PhotoWorkProbe />;
}
