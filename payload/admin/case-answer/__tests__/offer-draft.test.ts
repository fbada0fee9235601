import { CASE_LIMITS } from "../../../../lib/api/case-link";
import { formatPrice } from "../../../../lib/format";
import { osloToMoment } from "../../../../lib/oslo-time";
import { checkDraft, draftErrors, emptyDraft, emptyLine, kroner, totalOf, type Draft } from "../offer-draft";

const TODAY = "2026-12-01";
const NOW = Date.parse(osloToMoment(`${TODAY}T10:00`)!);

/** A draft that passes every rule, changed by `change`. */
const draft = (change: Partial<Draft> = {}): Draft => ({
  priceType: "fixed",
  lines: [{ key: 0, description: "Lakkering av dør", amount: "4500" }],
  validUntil: "2026-12-14",
  times: ["2026-12-08T08:00"],
  note: "",
  ...change,
});

describe("a new draft", () => {
  test("has no kind of price, one empty line with the key given, the day given and one empty time", () => {
    expect(emptyDraft("2026-12-15", 3)).toEqual({
      priceType: "",
      lines: [{ key: 3, description: "", amount: "" }],
      validUntil: "2026-12-15",
      times: [""],
      note: "",
    });
    expect(emptyDraft("2026-12-15").lines).toEqual([emptyLine(0)]);
  });
});

describe("an amount", () => {
  test.each([
    ["4500", 4500],
    ["12 500", 12_500],
    [" 7 ", 7],
    ["0", 0],
  ])("%j is %d kroner", (typed, expected) => {
    expect(kroner(typed)).toBe(expected);
  });

  test.each(["", "12,50", "-3", "1e3", "4500 kr"])("%j is no number of whole kroner", (typed) => {
    expect(kroner(typed)).toBeNaN();
  });

  test("the total counts a line that is no number as nothing", () => {
    const lines = [
      { key: 0, description: "a", amount: "1 000" },
      { key: 1, description: "b", amount: "mye" },
      { key: 2, description: "c", amount: "250" },
    ];
    expect(totalOf(lines)).toBe(1250);
    expect(totalOf([])).toBe(0);
  });
});

describe("the draft's rules", () => {
  test("a draft as written passes", () => {
    expect(draftErrors(draft(), TODAY, NOW)).toEqual({});
  });

  test("a new draft lacks its kind of price, its line's work and amount and a time", () => {
    expect(draftErrors(emptyDraft("2026-12-14"), TODAY, NOW)).toEqual({
      priceType: "Velg hva slags pris dette er.",
      "lines.0.description": "Skriv hva arbeidet er.",
      "lines.0.amountNok": "Skriv beløpet i hele kroner, bare tall.",
      "dropOffTimes.0": "Legg inn minst én tid kunden kan levere bilen.",
    });
  });

  test("each line is checked by its place: work of spaces only, an amount above the limit", () => {
    const lines = [
      { key: 4, description: "Polering", amount: "900" },
      { key: 7, description: "   ", amount: String(CASE_LIMITS.amountNok + 1) },
    ];
    expect(draftErrors(draft({ lines }), TODAY, NOW)).toEqual({
      "lines.1.description": "Skriv hva arbeidet er.",
      "lines.1.amountNok": `Høyst ${formatPrice(CASE_LIMITS.amountNok)} per linje.`,
    });
    const atLimit = [{ key: 0, description: "Ny bil", amount: String(CASE_LIMITS.amountNok) }];
    expect(draftErrors(draft({ lines: atLimit }), TODAY, NOW)).toEqual({});
  });

  test("the last day is given, and is today or later", () => {
    expect(draftErrors(draft({ validUntil: "" }), TODAY, NOW)).toEqual({
      validUntil: "Velg den siste dagen tilbudet gjelder.",
    });
    expect(draftErrors(draft({ validUntil: "2026-11-30" }), TODAY, NOW)).toEqual({
      validUntil: "Tilbudet må gjelde til i dag eller senere.",
    });
    expect(draftErrors(draft({ validUntil: TODAY }), TODAY, NOW)).toEqual({});
  });

  test("a time is one Oslo's clock shows, after now; an input left empty beside one given is no fault", () => {
    expect(draftErrors(draft({ times: ["", "2026-12-08T08:00"] }), TODAY, NOW)).toEqual({});
    expect(draftErrors(draft({ times: ["", ""] }), TODAY, NOW)).toEqual({
      "dropOffTimes.0": "Legg inn minst én tid kunden kan levere bilen.",
    });
    // the clock goes from 02:00 to 03:00 when summer time begins
    expect(draftErrors(draft({ times: ["2026-12-08T08:00", "2027-03-28T02:30"] }), TODAY, NOW)).toEqual({
      "dropOffTimes.1": "Denne tiden finnes ikke på klokka (sommertiden begynner).",
    });
    expect(draftErrors(draft({ times: [`${TODAY}T10:00`, `${TODAY}T10:01`] }), TODAY, NOW)).toEqual({
      "dropOffTimes.0": "Tiden må være fram i tid.",
    });
  });
});

describe("the request a draft makes", () => {
  test("trims the work and the note, counts the kroner, and sends the times given as moments with Oslo's offset", () => {
    const written = draft({
      priceType: "max",
      lines: [
        { key: 0, description: "  Retting av skjerm ", amount: "12 500" },
        { key: 5, description: "Lakk", amount: "3000" },
      ],
      times: ["2026-12-08T08:00", "", "2027-06-10T14:30"],
      note: "  Vi trenger bilen i to dager. ",
    });
    expect(checkDraft(written, TODAY, NOW)).toEqual({
      body: {
        priceType: "max",
        lines: [
          { description: "Retting av skjerm", amountNok: 12_500 },
          { description: "Lakk", amountNok: 3000 },
        ],
        validUntil: "2026-12-14",
        dropOffTimes: ["2026-12-08T08:00:00+01:00", "2027-06-10T14:30:00+02:00"],
        note: "Vi trenger bilen i to dager.",
      },
      errors: {},
    });
  });

  test("has no note when the note is only spaces", () => {
    const { body } = checkDraft(draft({ note: " \n " }), TODAY, NOW);
    expect(body).toBeDefined();
    expect(body).not.toHaveProperty("note");
  });

  test("is not made while the draft's rules refuse it: their errors instead", () => {
    const refused = draft({ priceType: "", validUntil: "2026-11-01" });
    expect(checkDraft(refused, TODAY, NOW)).toEqual({ errors: draftErrors(refused, TODAY, NOW) });
  });

  test("is not made when the contract's schema refuses it: its first error by each field's path", () => {
    // a day that sorts after today but is no day on the calendar
    expect(checkDraft(draft({ validUntil: "2027-02-30" }), TODAY, NOW)).toEqual({
      errors: { validUntil: "skal være en dato, ÅÅÅÅ-MM-DD" },
    });
    const tooMany = Array.from({ length: CASE_LIMITS.lines + 1 }, (_, key) => ({
      key,
      description: "Linje",
      amount: "1",
    }));
    const lines = checkDraft(draft({ lines: tooMany }), TODAY, NOW);
    expect(lines.body).toBeUndefined();
    expect(Object.keys(lines.errors)).toEqual(["lines"]);
    const note = checkDraft(draft({ note: "x".repeat(CASE_LIMITS.note + 1) }), TODAY, NOW);
    expect(note.body).toBeUndefined();
    expect(Object.keys(note.errors)).toEqual(["note"]);
  });
});
