"use client";

import { useRouteChange } from "./useRouteChange";

/**
 * Every route change starts at the top of the window (a new page is read from its start; Next
 * alone only scrolls the changed segment into view). Links to an anchor on the new page keep their
 * target. The page the visitor arrived on is left where they are: they may have scrolled (or the
 * browser restored their place on a reload) before the script ran.
 */
export function ScrollToTop() {
  useRouteChange(scrollToTop);
  return null;
}

function scrollToTop() {
  if (window.location.hash) return;
  window.scrollTo({ top: 0, left: 0, behavior: "instant" });
}
