/**
 * The calculator's hand-over to /kontakt through `sessionStorage` (spec §3):
 *   services  the category object, each category a list of { title, chosen }
 *   price     the total as a string of whole kroner, e.g. "5750"
 *   size      the chosen car size's type (ours: so the workshop knows the car size)
 * Whatever is in storage is parsed safely: anything malformed reads as "nothing chosen".
 */
import { z } from "zod";
import { categoryIds } from "./ids";
import { totalPrice, type Catalog, type CalculatorState } from "./state";

export const STORAGE_KEYS = { services: "services", price: "price", size: "size" } as const;

/** The part of the Web Storage API used here (sessionStorage, or a fake in tests). */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const itemSchema = z.object({ title: z.string().trim().min(1).max(200), chosen: z.boolean() });
const servicesSchema = z.object(
  Object.fromEntries(categoryIds.map((id) => [id, z.array(itemSchema).max(20)])) as Record<
    (typeof categoryIds)[number],
    z.ZodArray<typeof itemSchema>
  >,
);
const priceSchema = z.string().regex(/^\d{1,9}$/);
const sizeSchema = z.string().trim().min(1).max(60);

export type StoredServices = z.infer<typeof servicesSchema>;

export interface StoredSelection {
  services: StoredServices;
  /** whole kroner */
  price: number;
  size: string | null;
}

/** The value of the `services` key for a state: every service of the catalog with its chosen flag. */
export function servicesForStorage(catalog: Catalog, state: Pick<CalculatorState, "chosen">): StoredServices {
  return Object.fromEntries(
    catalog.categories.map((c) => [
      c.id,
      c.services.map((s) => ({ title: s.title, chosen: state.chosen.includes(s.id) })),
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

function read(storage: KeyValueStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Reads the stored selection, or null when there is none or it is malformed. */
export function loadSelection(storage: KeyValueStorage): StoredSelection | null {
  const rawServices = read(storage, STORAGE_KEYS.services);
  const rawPrice = read(storage, STORAGE_KEYS.price);
  if (rawServices === null || rawPrice === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(rawServices);
  } catch {
    return null;
  }
  const services = servicesSchema.safeParse(json);
  const price = priceSchema.safeParse(rawPrice);
  if (!services.success || !price.success) return null;
  const size = sizeSchema.safeParse(read(storage, STORAGE_KEYS.size));
  return { services: services.data, price: Number(price.data), size: size.success ? size.data : null };
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

/** The browser's sessionStorage, or null on the server or when the browser refuses it. */
export function sessionStore(): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
