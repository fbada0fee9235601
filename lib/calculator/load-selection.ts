/**
 * Reads the calculator's hand-over back on /kontakt. Whatever is in storage is
 * parsed safely: anything malformed reads as "nothing chosen".
 */
import { z } from "zod";
import "../zod"; // parse without eval (CSP)
import { categoryIds } from "./ids";
import { STORAGE_KEYS, type KeyValueStorage, type StoredSelection, type StoredServices } from "./storage";

const itemSchema = z.object({ title: z.string().trim().min(1).max(200), chosen: z.boolean() });
const servicesSchema: z.ZodType<StoredServices> = z.object(
  Object.fromEntries(categoryIds.map((id) => [id, z.array(itemSchema).max(20)])) as Record<
    (typeof categoryIds)[number],
    z.ZodArray<typeof itemSchema>
  >,
);
const priceSchema = z.string().regex(/^\d{1,9}$/);
const sizeSchema = z.string().trim().min(1).max(60);

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
  const services = servicesSchema.safeParse(json);
  const price = priceSchema.safeParse(rawPrice);
  if (!services.success || !price.success) return null;
  const size = sizeSchema.safeParse(readItem(storage, STORAGE_KEYS.size));
  return { services: services.data, price: Number(price.data), size: size.success ? size.data : null };
}
