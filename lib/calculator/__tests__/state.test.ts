/** The calculator's service rules, its prices per car size and the `Bestill time` check, on the real content. */
import fc from "fast-check";
import { getServices, getStrings } from "../../content";
import { formatPrice } from "../../format";
import { serviceIds, type ServiceId } from "../ids";
import {
  applyFactor,
  badgeVisible,
  buildCatalog,
  calculatorReducer,
  chosenServiceTitles,
  initialState,
  rules,
  toggleService,
  totalPrice,
  validateBooking,
  type CalculatorAction,
  type CalculatorState,
} from "../state";

const catalog = buildCatalog(getServices());
const start = initialState(catalog);
const nbsp = "\u00a0";

const EXTERIOR: ServiceId = "grundig-utvendig-bilvask";
const INTERIOR: ServiceId = "lett-innvendig-bilvask";
const CLEANING: ServiceId = "grunnleggende-rens";
const ONE_STEP: ServiceId = "en-trinns-polering";
const TWO_STEP: ServiceId = "to-trinns-polering";
const SEALING: ServiceId = "lakkforsegling";

/** Clicks the given services' buttons one after another, from nothing chosen. */
function click(...ids: ServiceId[]): CalculatorState {
  return ids.reduce((s, id) => calculatorReducer(s, { type: "toggleService", id }), start);
}
const sorted = (state: CalculatorState) => [...state.chosen].sort();

describe("catalog from content", () => {
  // the prices themselves are checked against the price list in lib/__tests__/content.test.ts
  test("six services in three categories, prices carried over", () => {
    expect(catalog.categories.flatMap((c) => c.services.map((s) => s.price))).toEqual([
      1250, 2500, 4500, 4500, 6500, 3500,
    ]);
    expect(catalog.categories.map((c) => [c.id, c.services.length])).toEqual([
      ["utvendigVask", 1],
      ["invendigVask", 2],
      ["polering", 3],
    ]);
  });

  test("sizes Liten ×1 (the default), Medium/SUV ×1.2, Stor ×1.3, as hundredths", () => {
    expect(catalog.sizes).toEqual([
      { type: "Liten", factor: 100 },
      { type: "Medium/SUV", factor: 120 },
      { type: "Stor", factor: 130 },
    ]);
    expect(start).toEqual({ chosen: [], size: "Liten", badgeOpen: false, error: null });
  });
});

describe("the service rules", () => {
  test("the rules run in their fixed order", () => {
    expect(rules.map((r) => r.name)).toEqual([
      "one-step and two-step polish exclude each other",
      "basic interior wash and basic cleaning exclude each other",
      "choosing any polish selects the exterior wash",
      "choosing paint sealing without a polish step also selects one-step polish",
      "deselecting the exterior wash clears every polishing service",
    ]);
  });

  test("a service toggles on and off with its button", () => {
    expect(click(INTERIOR).chosen).toEqual([INTERIOR]);
    expect(click(INTERIOR, INTERIOR).chosen).toEqual([]);
    expect(click(EXTERIOR, EXTERIOR).chosen).toEqual([]);
  });

  test("one-step and two-step polish exclude each other, both ways", () => {
    expect(sorted(click(ONE_STEP, TWO_STEP))).toEqual([EXTERIOR, TWO_STEP].sort());
    expect(sorted(click(TWO_STEP, ONE_STEP))).toEqual([EXTERIOR, ONE_STEP].sort());
  });

  test("basic interior wash and basic cleaning exclude each other, both ways", () => {
    expect(click(INTERIOR, CLEANING).chosen).toEqual([CLEANING]);
    expect(click(CLEANING, INTERIOR).chosen).toEqual([INTERIOR]);
  });

  test("choosing any polish selects the exterior wash", () => {
    for (const id of [ONE_STEP, TWO_STEP, SEALING]) expect(click(id).chosen).toContain(EXTERIOR);
  });

  test("removing a polish leaves the exterior wash chosen", () => {
    expect(click(ONE_STEP, ONE_STEP).chosen).toEqual([EXTERIOR]);
  });

  test("choosing paint sealing without a polish step also selects one-step polish", () => {
    expect(sorted(click(SEALING))).toEqual([EXTERIOR, ONE_STEP, SEALING].sort());
  });

  test("paint sealing keeps a two-step polish that is already chosen (no one-step added)", () => {
    expect(sorted(click(TWO_STEP, SEALING))).toEqual([EXTERIOR, SEALING, TWO_STEP].sort());
  });

  test("order: exclusion runs before sealing's one-step, so sealing never brings back a removed polish", () => {
    // two-step chosen, then one-step replaces it, then sealing: one-step stays, two-step stays gone
    expect(sorted(click(TWO_STEP, ONE_STEP, SEALING))).toEqual([EXTERIOR, ONE_STEP, SEALING].sort());
  });

  test("deselecting the exterior wash clears every polishing service, and nothing else", () => {
    const state = click(CLEANING, SEALING, TWO_STEP);
    expect(sorted(state)).toEqual([EXTERIOR, CLEANING, SEALING, TWO_STEP].sort());
    expect(calculatorReducer(state, { type: "toggleService", id: EXTERIOR }).chosen).toEqual([CLEANING]);
  });

  test("removing one-step after sealing leaves sealing without a polish step (the booking check catches it)", () => {
    const state = click(SEALING, ONE_STEP);
    expect(sorted(state)).toEqual([EXTERIOR, SEALING].sort());
    expect(validateBooking(state)).toBe("sealingNeedsPolish");
  });

  test("toggleService does not change the list it was given", () => {
    const before: ServiceId[] = [INTERIOR];
    toggleService(before, CLEANING);
    expect(before).toEqual([INTERIOR]);
  });
});

describe("sizes", () => {
  test("exactly one size at a time", () => {
    const medium = calculatorReducer(start, { type: "selectSize", size: "Medium/SUV" });
    expect(medium.size).toBe("Medium/SUV");
    expect(calculatorReducer(medium, { type: "selectSize", size: "Stor" }).size).toBe("Stor");
  });

  test("clicking the chosen size deselects all, and then the factor is 1", () => {
    const none = calculatorReducer(start, { type: "selectSize", size: "Liten" });
    expect(none.size).toBeNull();
    const stor = calculatorReducer(calculatorReducer(none, { type: "selectSize", size: "Stor" }), {
      type: "selectSize",
      size: "Stor",
    });
    expect(stor.size).toBeNull();
    expect(totalPrice(catalog, { ...click(EXTERIOR), size: null })).toBe(1250);
  });

  test("the badge's drop-down sets the size directly", () => {
    expect(calculatorReducer(start, { type: "setSize", size: "Stor" }).size).toBe("Stor");
    expect(calculatorReducer(start, { type: "setSize", size: "Liten" }).size).toBe("Liten");
  });
});

describe("prices", () => {
  // every service alone, and two whole orders, for every size, in whole kroner
  const table: [ServiceId[], number, number, number][] = [
    [[EXTERIOR], 1250, 1500, 1625],
    [[INTERIOR], 2500, 3000, 3250],
    [[CLEANING], 4500, 5400, 5850],
    [[ONE_STEP], 5750, 6900, 7475], // + exterior wash
    [[TWO_STEP], 7750, 9300, 10075], // + exterior wash
    [[SEALING], 9250, 11100, 12025], // + exterior wash + one-step
    [[CLEANING, TWO_STEP, SEALING], 15750, 18900, 20475],
    [[], 0, 0, 0],
  ];
  test.each(table)("%j costs %d / %d / %d kr for Liten / Medium/SUV / Stor", (ids, liten, medium, stor) => {
    const chosen = click(...ids);
    expect(totalPrice(catalog, { ...chosen, size: "Liten" })).toBe(liten);
    expect(totalPrice(catalog, { ...chosen, size: "Medium/SUV" })).toBe(medium);
    expect(totalPrice(catalog, { ...chosen, size: "Stor" })).toBe(stor);
  });

  test("no floating-point drift: 1250 × 1.3 is 1625, and rounding is half up to whole kroner", () => {
    expect(applyFactor(1250, 130)).toBe(1625);
    // why the factor is kept in hundredths: 50 × 1.15 is 57.49999999999999 in floating point
    expect(Math.round(50 * 1.15)).toBe(57);
    const factor115 = buildCatalog({ categories: [], sizes: [{ type: "X", multiplier: 1.15 }] }).sizes[0]!.factor;
    expect(applyFactor(50, factor115)).toBe(58);
    expect(applyFactor(1001, 120)).toBe(1201); // 1201.2
    expect(applyFactor(1005, 130)).toBe(1307); // 1306.5 rounds up
    expect(applyFactor(0, 130)).toBe(0);
  });

  test("totals are shown nb-NO like `5 750 kr`", () => {
    expect(formatPrice(totalPrice(catalog, click(ONE_STEP)))).toBe(`5${nbsp}750 kr`);
    expect(formatPrice(totalPrice(catalog, { ...click(TWO_STEP, SEALING), size: "Stor" }))).toBe(`14${nbsp}625 kr`);
  });

  test("the chosen titles come in catalog order", () => {
    expect(chosenServiceTitles(catalog, click(SEALING, INTERIOR))).toEqual([
      "Grundig Utvendig Bilvask",
      "Lett Innvendig Bilvask",
      "Enkel En-trinns Polering",
      "Lakkforsegling",
    ]);
  });
});

describe("the floating badge", () => {
  test("hidden until a service was switched on", () => {
    expect(badgeVisible(catalog, start)).toBe(false);
    expect(badgeVisible(catalog, click(EXTERIOR))).toBe(true);
  });

  test("hidden when the total is zero again, and closable", () => {
    expect(badgeVisible(catalog, click(EXTERIOR, EXTERIOR))).toBe(false);
    expect(badgeVisible(catalog, calculatorReducer(click(EXTERIOR), { type: "closeBadge" }))).toBe(false);
  });

  test("switching a service off does not reopen a closed badge; switching one on does", () => {
    const closed = calculatorReducer(click(EXTERIOR, INTERIOR), { type: "closeBadge" });
    expect(calculatorReducer(closed, { type: "toggleService", id: INTERIOR }).badgeOpen).toBe(false);
    expect(calculatorReducer(closed, { type: "toggleService", id: CLEANING }).badgeOpen).toBe(true);
  });
});

describe("`Bestill time`", () => {
  const strings = getStrings().calculator.errors;

  test("the messages are the workshop's own, word for word (typos included)", () => {
    expect(strings.exteriorRequired).toBe(
      "Utvendig Vask er boligatorisk for polering tjenester, legg til tjenesten for å bestille timen.",
    );
    expect(strings.sealingNeedsPolish).toBe(
      'Polering er obligatorisk for Lakkforsegling tjenesten. Legg til "Standard Polering" eller "Premium Polering" for å bestille timen.',
    );
  });

  test("any polishing without the exterior wash", () => {
    for (const id of [ONE_STEP, TWO_STEP, SEALING]) expect(validateBooking({ chosen: [id] })).toBe("exteriorRequired");
  });

  test("sealing without either polish step", () => {
    expect(validateBooking({ chosen: [EXTERIOR, SEALING] })).toBe("sealingNeedsPolish");
    expect(validateBooking({ chosen: [EXTERIOR, SEALING, ONE_STEP] })).toBeNull();
    expect(validateBooking({ chosen: [EXTERIOR, SEALING, TWO_STEP] })).toBeNull();
  });

  test("the exterior rule is checked first", () => {
    expect(validateBooking({ chosen: [SEALING] })).toBe("exteriorRequired");
  });

  test("anything the buttons can build without a polish is valid, also nothing at all", () => {
    expect(validateBooking(start)).toBeNull();
    expect(validateBooking(click(EXTERIOR, CLEANING))).toBeNull();
  });

  test("the error stays until cleared", () => {
    const shown = calculatorReducer(start, { type: "showError", error: "sealingNeedsPolish" });
    expect(calculatorReducer(shown, { type: "toggleService", id: EXTERIOR }).error).toBe("sealingNeedsPolish");
    expect(calculatorReducer(shown, { type: "clearError" }).error).toBeNull();
  });
});

describe("invariants after any sequence of clicks (property)", () => {
  const action: fc.Arbitrary<CalculatorAction> = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...serviceIds).map((id) => ({ type: "toggleService" as const, id })) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...catalog.sizes.map((s) => s.type))
        .map((size) => ({ type: "selectSize" as const, size })),
    },
    { weight: 1, arbitrary: fc.constant({ type: "closeBadge" as const }) },
  );

  test("never both polishes, never both interior services, no polish without the exterior wash, at most one size", () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        let state = start;
        for (const a of actions) {
          state = calculatorReducer(state, a);
          const has = (id: ServiceId) => state.chosen.includes(id);
          expect(has(ONE_STEP) && has(TWO_STEP)).toBe(false);
          expect(has(INTERIOR) && has(CLEANING)).toBe(false);
          if (has(ONE_STEP) || has(TWO_STEP) || has(SEALING)) expect(has(EXTERIOR)).toBe(true);
          expect(state.size === null || catalog.sizes.some((s) => s.type === state.size)).toBe(true);
          expect(new Set(state.chosen).size).toBe(state.chosen.length);
          // so the only booking error the buttons can reach is sealing without a polish step
          expect(validateBooking(state)).not.toBe("exteriorRequired");
          expect(Number.isInteger(totalPrice(catalog, state))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
