/**
 * The calculator's choices (services and car size) kept as a draft on the
 * device (`lib/drafts/store.ts`: IndexedDB, dropped after 30 days, silent when
 * storage fails), so a visitor who goes back from /kontakt, or comes back
 * later, finds them as they left them. The draft is cleared once the booking
 * has been sent (`clearCalculatorDraft`, called from the booking form's success path).
 *
 * What is read back is checked against the catalog by hand (no zod: the
 * calculator's page does not load it): unknown services and sizes are dropped.
 */
import { draftStore } from "../drafts/store";
import { serviceIds, type ServiceId } from "./ids";
import type { Catalog, CalculatorState } from "./state";

export type CalculatorDraft = Pick<CalculatorState, "chosen" | "size">;

const store = () => draftStore<unknown>("calculator");

/** The stored choices that the catalog still knows, or undefined when there is no usable draft. */
export function draftFromStored(stored: unknown, catalog: Catalog): CalculatorDraft | undefined {
  if (typeof stored !== "object" || stored === null) return undefined;
  const { chosen, size } = stored as Record<string, unknown>;
  if (!Array.isArray(chosen)) return undefined;
  const known = new Set(catalog.categories.flatMap((c) => c.services.map((s) => s.id)));
  const services = chosen.filter(
    (id): id is ServiceId => serviceIds.includes(id as ServiceId) && known.has(id as ServiceId),
  );
  const sizeKnown = size === null || catalog.sizes.some((s) => s.type === size);
  return { chosen: [...new Set(services)], size: sizeKnown ? (size as string | null) : catalog.defaultSize };
}

export async function loadCalculatorDraft(catalog: Catalog): Promise<CalculatorDraft | undefined> {
  return draftFromStored(await store().load(), catalog);
}

/** Answers whether the choices were kept. */
export function saveCalculatorDraft({ chosen, size }: CalculatorDraft): Promise<boolean> {
  return store().save({ chosen: [...chosen], size });
}

/** Forgets the calculator's choices: call it once a booking has been sent successfully. */
export function clearCalculatorDraft(): Promise<void> {
  return store().clear();
}
