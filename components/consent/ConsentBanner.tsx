"use client";

import { usePathname } from "next/navigation";
import { type ComponentType, lazy, Suspense } from "react";
// the banner's look: with the layout's styles, so the banner never shows unstyled when its code comes
import "./Consent.module.css";
// a type only: the banner's code still comes when there is something to ask
import type { ConsentBannerProps } from "./Banner";
import { useConsent } from "./useConsent";

/**
 * The banner's code is fetched only when there is something to ask: most visits have chosen
 * already, and a build with neither a tag manager nor a map key never asks. If it cannot be
 * fetched (offline), nothing is asked and nothing loads.
 */
const Banner = lazy<ComponentType<ConsentBannerProps>>(() =>
  import("./Banner").then(
    (m) => ({ default: m.Banner }),
    () => ({ default: () => null }),
  ),
);

/**
 * First visit: asks for consent to analytics and the Google map, with `Godta` and
 * `Avslå` side by side and alike. Nothing is ticked in advance and nothing loads
 * until the visitor chooses. It is a region, not a modal: the page stays usable,
 * and on a phone it sits above the action bar, so the quote and call buttons stay
 * in reach. Early in the tab order (after the skip link). The choice is kept in
 * localStorage (`lib/consent.ts`) and changed on /personvern. A build with neither
 * a tag manager nor a map key has nothing to ask about, and shows no banner;
 * nor does a page in `hiddenOn`, which loads no third party whatever the choice.
 */
export function ConsentBanner({
  strings,
  privacyHref,
  hiddenOn = [],
}: ConsentBannerProps & { hiddenOn?: readonly string[] }) {
  const { choice, needed } = useConsent();
  const pathname = usePathname();
  if (!needed || choice !== "unset" || hiddenOn.includes(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <Banner strings={strings} privacyHref={privacyHref} />
    </Suspense>
  );
}
