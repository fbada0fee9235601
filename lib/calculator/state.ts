/**
 * The detailing price calculator as one pure state module (no React, no DOM):
 * the catalog built from content, the state, a reducer that applies the
 * service rules (`rules`, in their order), the total, and the `Bestill time`
 * check (`validateBooking`). Components only render this and dispatch actions to it.
 */
import {
  BASIC_CLEANING,
  EXTERIOR_WASH,
  INTERIOR_WASH,
  ONE_STEP_POLISH,
  PAINT_SEALING,
  POLISHING_SERVICES,
  TWO_STEP_POLISH,
  type CategoryId,
  type ServiceId,
} from "./ids";

// ------------------------------------------------------------ catalog

export interface CatalogService {
  id: ServiceId;
  title: string;
  /** whole kroner */
  price: number;
}

export interface CatalogSize {
  type: string;
  /** the price factor in hundredths (1.2 → 120), so every total is integer arithmetic */
  factor: number;
}

export interface Catalog {
  categories: { id: CategoryId; title: string; services: CatalogService[] }[];
  sizes: CatalogSize[];
  defaultSize: string | null;
}

/** The shape of content/services.json the calculator needs (a subset of `ServicesContent`). */
export interface ServicesInput {
  categories: { id: CategoryId; title: string; services: { id: ServiceId; title: string; price: number }[] }[];
  sizes: { type: string; multiplier: number; default?: boolean }[];
}

/** Builds the calculator's catalog from the services content (prices, sizes and their factors). */
export function buildCatalog(content: ServicesInput): Catalog {
  return {
    categories: content.categories.map((c) => ({
      id: c.id,
      title: c.title,
      services: c.services.map(({ id, title, price }) => ({ id, title, price })),
    })),
    sizes: content.sizes.map((s) => ({ type: s.type, factor: Math.round(s.multiplier * 100) })),
    defaultSize: content.sizes.find((s) => s.default)?.type ?? null,
  };
}

export function allServices(catalog: Catalog): CatalogService[] {
  return catalog.categories.flatMap((c) => c.services);
}

/** The titles of the chosen services, in catalog order. */
export function chosenServiceTitles(catalog: Catalog, state: Pick<CalculatorState, "chosen">): string[] {
  return allServices(catalog)
    .filter((s) => state.chosen.includes(s.id))
    .map((s) => s.title);
}

// ------------------------------------------------------------ state and actions

export interface CalculatorState {
  /** the chosen services, in no particular order */
  chosen: readonly ServiceId[];
  /** the chosen size's type, or null when none is chosen (then the factor is 1) */
  size: string | null;
  /** the floating price badge: true after a service was switched on, false once closed */
  badgeOpen: boolean;
  /** the `Bestill time` error shown in the toast, until closed or a valid booking */
  error: BookingError | null;
}

export type BookingError = "exteriorRequired" | "sealingNeedsPolish";

export type CalculatorAction =
  | { type: "toggleService"; id: ServiceId }
  | { type: "selectSize"; size: string }
  | { type: "setSize"; size: string | null }
  | { type: "closeBadge" }
  | { type: "restore"; chosen: readonly ServiceId[]; size: string | null }
  | { type: "showError"; error: BookingError }
  | { type: "clearError" };

export function initialState(catalog: Pick<Catalog, "defaultSize">): CalculatorState {
  return { chosen: [], size: catalog.defaultSize, badgeOpen: false, error: null };
}

// ------------------------------------------------------------ the service rules

type Chosen = Set<ServiceId>;

/**
 * A rule looks at the service that was just toggled (and whether it is now on)
 * and adjusts the set of chosen services. They run in this order, each on what
 * the one before left: the polish steps and the two basic interior services
 * exclude each other, a polish brings the exterior wash, sealing brings a
 * polish, and dropping the exterior wash drops every polish.
 */
export interface Rule {
  name: string;
  apply(chosen: Chosen, toggled: ServiceId, on: boolean): void;
}

export const rules: readonly Rule[] = [
  {
    name: "one-step and two-step polish exclude each other",
    apply(chosen, toggled, on) {
      if (on && toggled === ONE_STEP_POLISH) chosen.delete(TWO_STEP_POLISH);
      if (on && toggled === TWO_STEP_POLISH) chosen.delete(ONE_STEP_POLISH);
    },
  },
  {
    name: "basic interior wash and basic cleaning exclude each other",
    apply(chosen, toggled, on) {
      if (on && toggled === INTERIOR_WASH) chosen.delete(BASIC_CLEANING);
      if (on && toggled === BASIC_CLEANING) chosen.delete(INTERIOR_WASH);
    },
  },
  {
    name: "choosing any polish selects the exterior wash",
    apply(chosen, toggled, on) {
      if (on && POLISHING_SERVICES.includes(toggled)) chosen.add(EXTERIOR_WASH);
    },
  },
  {
    name: "choosing paint sealing without a polish step also selects one-step polish",
    apply(chosen, toggled, on) {
      if (on && toggled === PAINT_SEALING && !chosen.has(ONE_STEP_POLISH) && !chosen.has(TWO_STEP_POLISH)) {
        chosen.add(ONE_STEP_POLISH);
      }
    },
  },
  {
    name: "deselecting the exterior wash clears every polishing service",
    apply(chosen, toggled, on) {
      if (!on && toggled === EXTERIOR_WASH) for (const id of POLISHING_SERVICES) chosen.delete(id);
    },
  },
];

/** Toggles one service and applies every rule; answers the new list of chosen services. */
export function toggleService(chosen: readonly ServiceId[], id: ServiceId): ServiceId[] {
  const next = new Set(chosen);
  const on = !next.has(id);
  if (on) next.add(id);
  else next.delete(id);
  for (const rule of rules) rule.apply(next, id, on);
  return [...next];
}

export function calculatorReducer(state: CalculatorState, action: CalculatorAction): CalculatorState {
  switch (action.type) {
    case "toggleService": {
      const chosen = toggleService(state.chosen, action.id);
      const switchedOn = chosen.includes(action.id);
      return { ...state, chosen, badgeOpen: switchedOn || state.badgeOpen };
    }
    case "selectSize":
      // exactly one size at a time; clicking the chosen size deselects all
      return { ...state, size: state.size === action.size ? null : action.size };
    case "setSize":
      return { ...state, size: action.size };
    case "closeBadge":
      return { ...state, badgeOpen: false };
    case "restore":
      // choices kept from an earlier visit (lib/calculator/draft.ts), as they were left
      return { ...state, chosen: action.chosen, size: action.size };
    case "showError":
      return { ...state, error: action.error };
    case "clearError":
      return { ...state, error: null };
  }
}

// ------------------------------------------------------------ prices

/** The factor in hundredths for a size (100 when no size is chosen or the size is unknown). */
export function sizeFactor(catalog: Catalog, size: string | null): number {
  return catalog.sizes.find((s) => s.type === size)?.factor ?? 100;
}

/** `kroner × factor / 100`, rounded half up to whole kroner, in integer arithmetic. */
export function applyFactor(kroner: number, factor: number): number {
  return Math.floor((kroner * factor + 50) / 100);
}

/** One service's price for the chosen size. */
export function servicePrice(catalog: Catalog, service: CatalogService, size: string | null): number {
  return applyFactor(service.price, sizeFactor(catalog, size));
}

/** Total = sum of the chosen prices × the chosen size's factor, rounded to whole kroner. */
export function totalPrice(catalog: Catalog, state: Pick<CalculatorState, "chosen" | "size">): number {
  const sum = allServices(catalog)
    .filter((s) => state.chosen.includes(s.id))
    .reduce((acc, s) => acc + s.price, 0);
  return applyFactor(sum, sizeFactor(catalog, state.size));
}

/** The floating badge shows once a service was switched on, until closed, and only when the total is not zero. */
export function badgeVisible(catalog: Catalog, state: CalculatorState): boolean {
  return state.badgeOpen && totalPrice(catalog, state) !== 0;
}

// ------------------------------------------------------------ `Bestill time`

/**
 * The first rule a booking breaks, or null when it may be booked: a polish
 * needs the exterior wash (checked first), and paint sealing needs a polish.
 */
export function validateBooking(state: Pick<CalculatorState, "chosen">): BookingError | null {
  const has = (id: ServiceId) => state.chosen.includes(id);
  if (POLISHING_SERVICES.some(has) && !has(EXTERIOR_WASH)) return "exteriorRequired";
  if (has(PAINT_SEALING) && !has(ONE_STEP_POLISH) && !has(TWO_STEP_POLISH)) return "sealingNeedsPolish";
  return null;
}
