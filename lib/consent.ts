/**
 * The visitor's consent to non-necessary cookies and third-party scripts (the
 * map, analytics). The consent banner and the privacy page's control
 * (components/consent/) write it; the map and
 * the tag manager read it and listen for changes.
 *
 * Kept in localStorage under `samtykke` as "granted" or "denied"; anything else,
 * or storage that cannot be read (private mode, blocked cookies), is "unset".
 */
import { webStorage } from "./web-storage";

export type Consent = "granted" | "denied" | "unset";

export const CONSENT_STORAGE_KEY = "samtykke";
/** Fired on `window` when this tab changes the consent (the `storage` event covers other tabs). */
export const CONSENT_EVENT = "samtykke-endret";

export function readConsent(): Consent {
  try {
    const value = webStorage("localStorage")?.getItem(CONSENT_STORAGE_KEY);
    return value === "granted" || value === "denied" ? value : "unset";
  } catch {
    return "unset";
  }
}

/** Stores the choice ("unset" forgets it) and tells this tab's listeners. */
export function writeConsent(value: Consent): void {
  try {
    const store = webStorage("localStorage");
    if (value === "unset") store?.removeItem(CONSENT_STORAGE_KEY);
    else store?.setItem(CONSENT_STORAGE_KEY, value);
  } catch {
    // storage full or blocked: the choice holds for this page view only, through the event
  }
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent<Consent>(CONSENT_EVENT, { detail: value }));
}

/**
 * Calls `callback` with the new consent whenever it changes, in this tab or another.
 * Returns the function that stops listening.
 */
export function subscribeConsent(callback: (consent: Consent) => void): () => void {
  if (typeof window === "undefined") return () => {};
  const onChange = (event: Event) => {
    if (event instanceof CustomEvent) {
      const detail: unknown = event.detail;
      if (detail === "granted" || detail === "denied" || detail === "unset") return callback(detail);
    }
    callback(readConsent());
  };
  const onStorage = (event: StorageEvent) => {
    // key null: the whole storage was cleared
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) callback(readConsent());
  };
  window.addEventListener(CONSENT_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CONSENT_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}
