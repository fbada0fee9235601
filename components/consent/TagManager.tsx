"use client";

import { useReportWebVitals } from "next/web-vitals";
import { useEffect } from "react";
import { loadTagManager, reportWebVital } from "@/lib/analytics";

/** Loads Google Tag Manager and reports the page's web vitals to it (rendered only with consent). */
export function TagManager({ gtmId }: { gtmId: string }) {
  useReportWebVitals(reportWebVital);
  useEffect(() => {
    loadTagManager(gtmId);
  }, [gtmId]);
  return null;
}
