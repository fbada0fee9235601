/**
 * The fixed ids of the detailing services and their categories. The calculator's
 * rules refer to them, and content/services.json must use exactly these
 * (checked by `servicesSchema`). Kept apart from the content schemas so the
 * browser bundle does not pull them in.
 */
export const serviceIds = [
  "grundig-utvendig-bilvask",
  "lett-innvendig-bilvask",
  "grunnleggende-rens",
  "en-trinns-polering",
  "to-trinns-polering",
  "lakkforsegling",
] as const;
export type ServiceId = (typeof serviceIds)[number];

export const categoryIds = ["utvendigVask", "invendigVask", "polering"] as const;
export type CategoryId = (typeof categoryIds)[number];

/** The services the calculator's rules name (lib/calculator/state.ts, `rules`). */
export const EXTERIOR_WASH: ServiceId = "grundig-utvendig-bilvask";
export const INTERIOR_WASH: ServiceId = "lett-innvendig-bilvask";
export const BASIC_CLEANING: ServiceId = "grunnleggende-rens";
export const ONE_STEP_POLISH: ServiceId = "en-trinns-polering";
export const TWO_STEP_POLISH: ServiceId = "to-trinns-polering";
export const PAINT_SEALING: ServiceId = "lakkforsegling";
/** "Polishing services": the whole polering category, sealing included. */
export const POLISHING_SERVICES: readonly ServiceId[] = [ONE_STEP_POLISH, TWO_STEP_POLISH, PAINT_SEALING];
