/** The calculator's draft: kept on the device, read back against the catalog, cleared after a booking. */
import { getServices } from "../../content";
import { clearCalculatorDraft, draftFromStored, loadCalculatorDraft, saveCalculatorDraft } from "../draft";
import { EXTERIOR_WASH, TWO_STEP_POLISH } from "../ids";
import { buildCatalog } from "../state";

const catalog = buildCatalog(getServices());
const big = catalog.sizes.at(-1)!.type;

test("the choices come back as saved, and are gone after clearCalculatorDraft", async () => {
  await saveCalculatorDraft({ chosen: [EXTERIOR_WASH, TWO_STEP_POLISH], size: big });
  expect(await loadCalculatorDraft(catalog)).toEqual({ chosen: [EXTERIOR_WASH, TWO_STEP_POLISH], size: big });
  await clearCalculatorDraft();
  expect(await loadCalculatorDraft(catalog)).toBeUndefined();
});

test("unknown services are dropped and an unknown size falls back to the default", () => {
  expect(draftFromStored({ chosen: [EXTERIOR_WASH, "vokser", 7, EXTERIOR_WASH], size: "Buss" }, catalog)).toEqual({
    chosen: [EXTERIOR_WASH],
    size: catalog.defaultSize,
  });
  expect(draftFromStored({ chosen: [], size: null }, catalog)).toEqual({ chosen: [], size: null });
});

test("anything that is not a draft reads as none", () => {
  for (const stored of [undefined, null, "tekst", 3, { size: big }, { chosen: "x" }]) {
    expect(draftFromStored(stored, catalog)).toBeUndefined();
  }
});
