import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/**
 * Whether the visitor asks for reduced motion (the one place the site reads
 * it in script; stylesheets use the media query): `null` while prerendered and
 * hydrating (not known yet). The hero video does not autoplay, and the quote
 * form scrolls to a problem without animation.
 */
export function usePrefersReducedMotion(): boolean | null {
  return useSyncExternalStore<boolean | null>(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => null,
  );
}
