import { useSyncExternalStore } from "react";
import { loadSelection, readItem } from "@/lib/calculator/load-selection";
import { STORAGE_KEYS, sessionStore, type StoredSelection } from "@/lib/calculator/storage";

let cached: { raw: string; value: StoredSelection | null } | undefined;

/** The stored selection; the same object as long as storage holds the same text (useSyncExternalStore needs that). */
function snapshot(): StoredSelection | null {
  const storage = sessionStore();
  if (!storage) return null;
  const raw = Object.values(STORAGE_KEYS)
    .map((key) => readItem(storage, key) ?? "")
    .join("\u0000");
  if (cached?.raw !== raw) cached = { raw, value: loadSelection(storage) };
  return cached.value;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/**
 * The calculator's selection from sessionStorage: `undefined` while prerendered
 * and during hydration (not known yet), then the selection or null.
 */
export function useStoredSelection(): StoredSelection | null | undefined {
  return useSyncExternalStore<StoredSelection | null | undefined>(subscribe, snapshot, () => undefined);
}
