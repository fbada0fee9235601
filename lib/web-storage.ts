/**
 * The browser's localStorage or sessionStorage, or null on the server or when
 * the browser refuses it: reading `window.localStorage` itself throws when
 * storage is blocked (some private modes, blocked cookies).
 */
export function webStorage(kind: "localStorage" | "sessionStorage"): Storage | null {
  try {
    return typeof window === "undefined" ? null : window[kind];
  } catch {
    return null;
  }
}
