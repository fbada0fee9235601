import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * Runs `changed` after each move to another page (a link, back or forward),
 * never for the page the visitor arrived on: hydrating it is not a move, and the
 * visitor may already have scrolled it or opened its menu before the script ran.
 * `changed` should be stable (a module function, or one that reads only refs).
 */
export function useRouteChange(changed: () => void): void {
  const pathname = usePathname();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    changed();
  }, [pathname, changed]);
}
