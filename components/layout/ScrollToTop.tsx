"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";

/**
 * Every route change starts at the top of the window (a new page is read from its start; Next
 * alone only scrolls the changed segment into view). Links to an anchor on
 * the new page keep their target.
 */
export function ScrollToTop() {
  const pathname = usePathname();
  useEffect(() => {
    if (window.location.hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);
  return null;
}
