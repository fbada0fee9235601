"use client";

import { usePathname } from "next/navigation";
import { lazy, Suspense, useEffect } from "react";
import { clearAnalyticsCookies, tagManagerLoaded } from "@/lib/analytics";
import { useConsent } from "./useConsent";

/**
 * The tag manager's loader and the web-vitals library, fetched only once they
 * are to run (a GTM id and consent), so no page's first load carries them. If
 * their code cannot be fetched (offline), the page goes on without analytics.
 */
const TagManager = lazy(() =>
  import("./TagManager").then(
    (m) => ({ default: m.TagManager }),
    () => ({ default: () => null }),
  ),
);

/**
 * Google Tag Manager and web vitals, only with a GTM id from the build
 * (NEXT_PUBLIC_GTM_ID, through ConsentProvider) and the visitor's consent.
 * Withdrawing consent on a page that has loaded the tag manager deletes
 * Analytics' cookies and reloads the page, so that nothing more leaves it.
 * Never on the pages in `offOn` (the customer's case, whose address holds the
 * key to it), whatever the consent.
 */
export function Analytics({ offOn = [] }: { offOn?: readonly string[] }) {
  const { choice: consent, gtmId } = useConsent();
  const pathname = usePathname();
  const enabled = gtmId !== "" && consent === "granted" && !offOn.includes(pathname);

  useEffect(() => {
    if (gtmId === "" || consent === null || consent === "granted" || !tagManagerLoaded()) return;
    clearAnalyticsCookies();
    window.location.reload();
  }, [gtmId, consent]);

  return enabled ? (
    <Suspense fallback={null}>
      <TagManager gtmId={gtmId} />
    </Suspense>
  ) : null;
}
