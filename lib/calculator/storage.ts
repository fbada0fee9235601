/**
 * The calculator's hand-over to /kontakt through `sessionStorage` (for this tab
 * only, cleared once the booking is sent), under these keys:
 *   services  the category object, each category a list of { id, title, chosen }
 *   price     the total as a string of whole kroner, e.g. "5750"
 *   size      the chosen car size's type (ours: so the workshop knows the car size)
 * Reading it back (checked, anything malformed reads as nothing chosen) is in ./load-selection.ts.
 */
import { webStorage } from "../web-storage";
import { categoryIds, type CategoryId, type ServiceId } from "./ids";
import { totalPrice, type Catalog, type CalculatorState } from "./state";

export const STORAGE_KEYS = { services: "services", price: "price", size: "size" } as const;

/** The part of the Web Storage API used here (sessionStorage, or a fake in tests). */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * The `services` value: per category, every service with its id, title and
 * chosen flag (the id is absent in a hand-over from before it was stored).
 */
export type StoredServices = Record<CategoryId, { id?: ServiceId; title: string; chosen: boolean }[]>;

export interface StoredSelection {
  services: StoredServices;
  /** whole kroner */
  price: number;
  size: string | null;
}

/** The value of the `services` key for a state: every service of the catalog with its id and chosen flag. */
export function servicesForStorage(catalog: Catalog, state: Pick<CalculatorState, "chosen">): StoredServices {
  return Object.fromEntries(
    catalog.categories.map((c) => [
      c.id,
      c.services.map((s) => ({ id: s.id, title: s.title, chosen: state.chosen.includes(s.id) })),
    ]),
  ) as StoredServices;
}

/** Saves the selection for /kontakt. Answers false when the browser refuses storage (private mode, quota). */
export function saveSelection(
  storage: KeyValueStorage,
  catalog: Catalog,
  state: Pick<CalculatorState, "chosen" | "size">,
): boolean {
  try {
    storage.setItem(STORAGE_KEYS.services, JSON.stringify(servicesForStorage(catalog, state)));
    storage.setItem(STORAGE_KEYS.price, String(totalPrice(catalog, state)));
    if (state.size) storage.setItem(STORAGE_KEYS.size, state.size);
    else storage.removeItem(STORAGE_KEYS.size);
    return true;
  } catch {
    return false;
  }
}

/** Empties the hand-over (after the booking was sent). */
export function clearSelection(storage: KeyValueStorage): void {
  for (const key of Object.values(STORAGE_KEYS)) {
    try {
      storage.removeItem(key);
    } catch {
      // storage unavailable: nothing to clear
    }
  }
}

/** The titles of the chosen services, in catalog order. */
export function chosenTitles(selection: Pick<StoredSelection, "services">): string[] {
  return categoryIds.flatMap((id) => selection.services[id].filter((s) => s.chosen).map((s) => s.title));
}

/** The ids of the chosen services, in catalog order; undefined when one of them was stored without its id. */
export function chosenIds(selection: Pick<StoredSelection, "services">): ServiceId[] | undefined {
  const chosen = categoryIds.flatMap((id) => selection.services[id].filter((s) => s.chosen));
  return chosen.every((s) => s.id) ? chosen.map((s) => s.id!) : undefined;
}

/** The browser's sessionStorage, or null on the server or when the browser refuses it. */
export function sessionStore(): KeyValueStorage | null {
  return webStorage("sessionStorage");
}

/** Whether the calculator handed over a choice (the services key is set); false when storage is refused. */
export function hasStoredSelection(): boolean {
  try {
    return Boolean(sessionStore()?.getItem(STORAGE_KEYS.services));
  } catch {
    return false;
  }
}
