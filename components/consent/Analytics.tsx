"use client";

import { useReportWebVitals } from "next/web-vitals";
import { useEffect } from "react";
import { clearAnalyticsCookies, loadTagManager, reportWebVital, tagManagerLoaded } from "@/lib/analytics";
import { useConsent } from "./useConsent";

/**
 * Google Tag Manager and web vitals, only with a GTM id from the build
 * (NEXT_PUBLIC_GTM_ID, through ConsentProvider) and the visitor's consent.
 * Withdrawing consent on a page that has loaded the tag manager deletes
 * Analytics' cookies and reloads the page, so that nothing more leaves it.
 */
export function Analytics() {
  const { choice: consent, gtmId } = useConsent();
  const enabled = gtmId !== "" && consent === "granted";

  useEffect(() => {
    if (gtmId === "" || consent === null || consent === "granted" || !tagManagerLoaded()) return;
    clearAnalyticsCookies();
    window.location.reload();
  }, [gtmId, consent]);

  return enabled ? <TagManager gtmId={gtmId} /> : null;
}

function TagManager({ gtmId }: { gtmId: string }) {
  useReportWebVitals(reportWebVital);
  useEffect(() => {
    loadTagManager(gtmId);
  }, [gtmId]);
  return null;
}
