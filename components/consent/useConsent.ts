"use client";

import { useSyncExternalStore } from "react";
import { type Consent, readConsent, subscribeConsent } from "@/lib/consent";

/**
 * The visitor's consent, kept in step with the banner, the privacy page and other
 * tabs. `null` while the page is prerendered and hydrating: nobody knows the choice
 * then, so nothing that depends on it is shown or loaded.
 */
export function useConsent(): Consent | null {
  return useSyncExternalStore<Consent | null>(subscribeConsent, readConsent, () => null);
}
