"use client";

import { createContext, createElement, type ReactNode, useContext, useSyncExternalStore } from "react";
import { type Consent, readConsent, subscribeConsent } from "@/lib/consent";

/** The third parties this build can load, each only after consent: empty means not configured. */
export interface ThirdParties {
  gtmId: string;
  mapsApiKey: string;
}

const ThirdPartiesContext = createContext<ThirdParties>({ gtmId: "", mapsApiKey: "" });

/**
 * Tells every consent-dependent part of the page what the build configured. Set
 * once, in the root layout, from NEXT_PUBLIC_GTM_ID and NEXT_PUBLIC_GOOGLE_MAPS_API_KEY.
 */
export function ConsentProvider({ gtmId, mapsApiKey, children }: ThirdParties & { children: ReactNode }) {
  return createElement(ThirdPartiesContext.Provider, { value: { gtmId, mapsApiKey } }, children);
}

export interface ConsentState extends ThirdParties {
  /**
   * The visitor's choice, kept in step with the banner, the privacy page and other
   * tabs. `null` while the page is prerendered and hydrating: nobody knows the
   * choice then, so nothing that depends on it is shown or loaded.
   */
  choice: Consent | null;
  /** Whether there is anything to ask about: a tag manager or a map in this build. */
  needed: boolean;
}

/** The one way the site reads consent: the choice, and what it would allow. */
export function useConsent(): ConsentState {
  const thirdParties = useContext(ThirdPartiesContext);
  const choice = useSyncExternalStore<Consent | null>(subscribeConsent, readConsent, () => null);
  return { ...thirdParties, choice, needed: thirdParties.gtmId !== "" || thirdParties.mapsApiKey !== "" };
}
