"use client";

import { useEffect } from "react";
import { useRouteChange } from "./useRouteChange";

/**
 * Where the window is scrolled when the visitor moves between pages:
 *   - a link to another page starts at its top (a new page is read from its start; Next alone
 *     only scrolls the changed segment into view), or at its anchor when the link has one;
 *   - back and forward return to where the visitor was on that page when they left it.
 * The page the visitor arrived on is left where they are: they may have scrolled (or the browser
 * restored their place on a reload) before the script ran.
 *
 * Back and forward are not left to the browser: it restores the place when the history moves,
 * while the page being left is still shown, so a long page returned to from a short one would
 * open no lower than the short one's end. Each page's place is kept here as the visitor scrolls,
 * and put back once the page they return to is rendered.
 */
export function ScrollPosition() {
  useEffect(() => {
    const onScroll = () => {
      if (!traversing) places.set(location.pathname, window.scrollY);
    };
    // Fired for back and forward, before the page they lead to is rendered (and before the
    // browser's own restoring, whose scroll must not count as the visitor's place on that page).
    const onPopState = () => (traversing = true);
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("popstate", onPopState);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("popstate", onPopState);
    };
  }, []);
  useRouteChange(placeWindow);
  return null;
}

/** The last place of each page this visit, by path. */
const places = new Map<string, number>();
let traversing = false;

function placeWindow() {
  const top = traversing ? (places.get(location.pathname) ?? 0) : 0;
  traversing = false;
  if (!top && window.location.hash) return;
  window.scrollTo({ top, left: 0, behavior: "instant" });
}
