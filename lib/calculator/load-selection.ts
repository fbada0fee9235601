/**
 * Reads the calculator's hand-over back on /kontakt. Whatever is in storage is
 * parsed safely: anything malformed reads as "nothing chosen".
 */
import { categoryIds, serviceIds, type ServiceId } from "./ids";
import { STORAGE_KEYS, type KeyValueStorage, type StoredSelection, type StoredServices } from "./storage";

// Checked by hand, not with zod: this runs in /kontakt's first load, where zod's
// core, even in its small build, would weigh more than the three keys it checks.

/** A trimmed text of 1 to `max` characters, or undefined. */
function shortText(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  return text.length >= 1 && text.length <= max ? text : undefined;
}

const isServiceId = (value: unknown): value is ServiceId => serviceIds.includes(value as ServiceId);

/**
 * Every category with at most 20 `{ id, title, chosen }` items (titles
 * trimmed; an id that is not a service's is left out), or undefined.
 */
function parseServices(json: unknown): StoredServices | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const services: Partial<StoredServices> = {};
  for (const id of categoryIds) {
    const items: unknown = (json as Record<string, unknown>)[id];
    if (!Array.isArray(items) || items.length > 20) return undefined;
    const parsed = items.map((item: unknown) => {
      const { id, title, chosen } = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
      const text = shortText(title, 200);
      if (text === undefined || typeof chosen !== "boolean") return undefined;
      return isServiceId(id) ? { id, title: text, chosen } : { title: text, chosen };
    });
    if (parsed.some((item) => item === undefined)) return undefined;
    services[id] = parsed as StoredServices[typeof id];
  }
  return services as StoredServices;
}

/** One key's value; null when missing or when the browser refuses storage. */
export function readItem(storage: KeyValueStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Reads the stored selection, or null when there is none or it is malformed. */
export function loadSelection(storage: KeyValueStorage): StoredSelection | null {
  const rawServices = readItem(storage, STORAGE_KEYS.services);
  const rawPrice = readItem(storage, STORAGE_KEYS.price);
  if (rawServices === null || rawPrice === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(rawServices);
  } catch {
    return null;
  }
  const services = parseServices(json);
  if (!services || !/^\d{1,9}$/.test(rawPrice)) return null;
  return { services, price: Number(rawPrice), size: shortText(readItem(storage, STORAGE_KEYS.size), 60) ?? null };
}
