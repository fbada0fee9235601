/** The hand-over from the calculator to /kontakt through sessionStorage, and the booking form's rules. */
import { bookingMessage, bookingSchema } from "../../booking";
import { getServices, getStrings } from "../../content";
import { loadSelection } from "../load-selection";
import { buildCatalog, calculatorReducer, initialState, type CalculatorState } from "../state";
import {
  STORAGE_KEYS,
  chosenIds,
  chosenTitles,
  clearSelection,
  saveSelection,
  servicesForStorage,
  type KeyValueStorage,
} from "../storage";

const catalog = buildCatalog(getServices());
const strings = getStrings().booking;

class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

function order(): CalculatorState {
  let state = initialState(catalog);
  state = calculatorReducer(state, { type: "toggleService", id: "lakkforsegling" });
  state = calculatorReducer(state, { type: "toggleService", id: "grunnleggende-rens" });
  return calculatorReducer(state, { type: "selectSize", size: "Medium/SUV" });
}

test("services are stored as the category object, each item an id, a title and a chosen flag; the price as a string", () => {
  const storage = new MemoryStorage();
  expect(saveSelection(storage, catalog, order())).toBe(true);
  expect(JSON.parse(storage.getItem(STORAGE_KEYS.services)!)).toEqual({
    utvendigVask: [{ id: "grundig-utvendig-bilvask", title: "Grundig Utvendig Bilvask", chosen: true }],
    invendigVask: [
      { id: "lett-innvendig-bilvask", title: "Lett Innvendig Bilvask", chosen: false },
      { id: "grunnleggende-rens", title: "Grunnleggende Rens", chosen: true },
    ],
    polering: [
      { id: "en-trinns-polering", title: "Enkel En-trinns Polering", chosen: true },
      { id: "to-trinns-polering", title: "To-trinns Polering", chosen: false },
      { id: "lakkforsegling", title: "Lakkforsegling", chosen: true },
    ],
  });
  // (1250 + 4500 + 4500 + 3500) × 1.2
  expect(storage.getItem(STORAGE_KEYS.price)).toBe("16500");
  expect(storage.getItem(STORAGE_KEYS.size)).toBe("Medium/SUV");
});

test("round trip: what is saved reads back the same", () => {
  const storage = new MemoryStorage();
  saveSelection(storage, catalog, order());
  const loaded = loadSelection(storage);
  expect(loaded).toEqual({ services: servicesForStorage(catalog, order()), price: 16500, size: "Medium/SUV" });
  expect(chosenTitles(loaded!)).toEqual([
    "Grundig Utvendig Bilvask",
    "Grunnleggende Rens",
    "Enkel En-trinns Polering",
    "Lakkforsegling",
  ]);
  expect(chosenIds(loaded!)).toEqual([
    "grundig-utvendig-bilvask",
    "grunnleggende-rens",
    "en-trinns-polering",
    "lakkforsegling",
  ]);
});

test("a hand-over stored without ids still reads, but names no services to book", () => {
  const storage = new MemoryStorage();
  storage.setItem(
    STORAGE_KEYS.services,
    '{"utvendigVask":[{"title":"Grundig Utvendig Bilvask","chosen":true}],"invendigVask":[],"polering":[]}',
  );
  storage.setItem(STORAGE_KEYS.price, "1250");
  const loaded = loadSelection(storage)!;
  expect(chosenTitles(loaded)).toEqual(["Grundig Utvendig Bilvask"]);
  expect(chosenIds(loaded)).toBeUndefined();
});

test("no size chosen: no size key, the price is the plain sum", () => {
  const storage = new MemoryStorage();
  storage.setItem(STORAGE_KEYS.size, "Stor");
  const state = calculatorReducer(order(), { type: "selectSize", size: "Medium/SUV" });
  saveSelection(storage, catalog, state);
  expect(storage.getItem(STORAGE_KEYS.size)).toBeNull();
  expect(loadSelection(storage)).toMatchObject({ price: 13750, size: null });
});

test("clearing empties every key", () => {
  const storage = new MemoryStorage();
  saveSelection(storage, catalog, order());
  clearSelection(storage);
  expect(storage.map.size).toBe(0);
  expect(loadSelection(storage)).toBeNull();
});

test.each([
  ["nothing stored", {}],
  ["only a price", { price: "1250" }],
  ["services not JSON", { services: "{oops", price: "1250" }],
  ["services of the wrong shape", { services: '{"utvendigVask": "yes"}', price: "1250" }],
  ["a category missing", { services: '{"utvendigVask": [], "invendigVask": []}', price: "1250" }],
  [
    "an item without chosen flag",
    { services: '{"utvendigVask":[{"title":"X"}],"invendigVask":[],"polering":[]}', price: "1" },
  ],
  [
    "a price that is not whole kroner",
    { services: '{"utvendigVask":[],"invendigVask":[],"polering":[]}', price: "12.5" },
  ],
  ["a price that is text", { services: '{"utvendigVask":[],"invendigVask":[],"polering":[]}', price: "<b>gratis</b>" }],
])("malformed storage reads as nothing chosen: %s", (_, values) => {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(values)) storage.setItem(key, value);
  expect(loadSelection(storage)).toBeNull();
});

test("a broken size alone is ignored, the rest still reads", () => {
  const storage = new MemoryStorage();
  saveSelection(storage, catalog, order());
  storage.setItem(STORAGE_KEYS.size, "   ");
  expect(loadSelection(storage)).toMatchObject({ price: 16500, size: null });
});

test("a browser that refuses storage neither throws nor pretends", () => {
  const refusing: KeyValueStorage = {
    getItem: () => {
      throw new Error("SecurityError");
    },
    setItem: () => {
      throw new Error("QuotaExceededError");
    },
    removeItem: () => {
      throw new Error("SecurityError");
    },
  };
  expect(saveSelection(refusing, catalog, order())).toBe(false);
  expect(loadSelection(refusing)).toBeNull();
  expect(() => clearSelection(refusing)).not.toThrow();
});

describe("the booking form", () => {
  test("the message is prefilled with a greeting, the chosen services, the size and the price", () => {
    const storage = new MemoryStorage();
    saveSelection(storage, catalog, order());
    expect(bookingMessage(loadSelection(storage), strings)).toBe(
      [
        "Hei!",
        "",
        "Jeg ønsker å bestille time for:",
        "- Grundig Utvendig Bilvask",
        "- Grunnleggende Rens",
        "- Enkel En-trinns Polering",
        "- Lakkforsegling",
        "",
        "Bilstørrelse: Medium/SUV",
        "Totalpris: 16\u00a0500 kr",
      ].join("\n"),
    );
  });

  test("nothing chosen: no prefilled message", () => {
    expect(bookingMessage(null, strings)).toBe("");
    const storage = new MemoryStorage();
    saveSelection(storage, catalog, initialState(catalog));
    expect(bookingMessage(loadSelection(storage), strings)).toBe("");
  });

  test("e-mail and phone: required first, then the format", () => {
    const messages = getStrings().fieldErrors;
    /** The booking schema's message per field, as the form shows them (none: an empty object). */
    const validateContactFields = (values: { email: string; phone: string }, m: typeof messages) => {
      const result = bookingSchema(m).safeParse({ ...values, message: "" });
      return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    };
    expect(validateContactFields({ email: " ", phone: "" }, messages)).toEqual({
      email: "Skriv inn e\u2011post addressen",
      phone: "Skriv telefon nummer",
    });
    expect(validateContactFields({ email: "ola@", phone: "123 45" }, messages)).toEqual({
      email: "E\u2011postadressen ser ikke riktig ut",
      phone: "Telefonnummeret ser ikke riktig ut",
    });
    expect(validateContactFields({ email: "ola@eksempel.no", phone: "+47 912 34 567" }, messages)).toEqual({});
  });
});
