/** The quote form's schema, its check order, the upload file name and the inquiry body. */
import { MEDIA_FILENAME_PATTERN, SHAREABLE_MEDIA_NAME, inquirySchema, type ImageRef } from "../api/schemas";
import { getStrings } from "../content";
import { mediaFilename, originalExtension } from "../quote/transport";
import { randomHex } from "../ids";
import {
  buildInquiry,
  emptyText,
  firstProblem,
  normaliseRegNumber,
  type QuoteImage,
  type QuoteProblem,
} from "../quote/form";

const messages = { ...getStrings().fieldErrors, ...getStrings().quoteForm.errors };
const image = (key: string, name = `${key}.jpg`): QuoteImage => ({ key, name });

/** The form's values as the check takes them (the photos' damages are mutable here, for the tests). */
interface Values {
  regNumber: string;
  email: string;
  phone: string;
  message: string;
  damages: { photos: QuoteImage[] }[];
}
const emptyQuote = (): Values => ({ ...emptyText(), damages: [{ photos: [] }] });

const valid = (): Values => ({
  regNumber: "AB12345",
  email: "kari@example.no",
  phone: "912 34 567",
  message: "Bulk i bakdøra",
  damages: [{ photos: [image("a")] }, { photos: [image("b"), image("c", "c.png")] }],
});

describe("the form's messages, to the letter", () => {
  test("are the ones in content/strings.json", () => {
    expect(messages).toEqual({
      regRequired: "Skriv registrerings nummer",
      regFormat: "Registreringsnummeret kan bare ha bokstaver, tall, mellomrom og bindestrek.",
      emailRequired: "Skriv inn e\u2011post addressen",
      emailFormat: "E\u2011postadressen ser ikke riktig ut",
      phoneRequired: "Skriv telefon nummer",
      phoneFormat: "Telefonnummeret ser ikke riktig ut",
      damagesRequired: "Du må legge til minst én skade.",
      imagesRequired: "Skade {n} mangler bilder. Legg til minst ett bilde.",
    });
  });
});

/** A problem as one word for the order test: the field, `damages`, or `damages.N.images`. */
const where = (problem: QuoteProblem) =>
  problem.kind === "field"
    ? problem.field
    : problem.kind === "damages"
      ? "damages"
      : `damages.${problem.damage}.images`;

/** The check for a table of values of one field: with `value` there, the otherwise valid form passes exactly when `ok`. */
const looksRight = (field: "email" | "phone") => (value: string, ok: boolean) => {
  expect(firstProblem({ ...valid(), [field]: value }, messages) === undefined).toBe(ok);
};

describe("validation order: reg → e-mail → phone → a damage → images", () => {
  test("an empty form fails on the registration number first", () => {
    expect(firstProblem({ ...emptyQuote(), damages: [] }, messages)).toEqual({
      kind: "field",
      field: "regNumber",
      message: "Skriv registrerings nummer",
    });
  });

  test("each fix reveals the next check, in the form's order", () => {
    const values: Values = { ...emptyQuote(), damages: [] };
    const seen: string[] = [];
    const fixes: ((v: Values) => void)[] = [
      (v) => (v.regNumber = "ab.12345"),
      (v) => (v.regNumber = "ab12345"),
      (v) => (v.email = "kari"),
      (v) => (v.email = "kari@example.no"),
      (v) => (v.phone = "1234"),
      (v) => (v.phone = "+47 912 34 567"),
      (v) => v.damages.push({ photos: [image("a")] }, { photos: [] }),
      (v) => v.damages[1]!.photos.push(image("b")),
    ];
    for (const fix of [() => {}, ...fixes]) {
      fix(values);
      const problem = firstProblem(values, messages);
      seen.push(problem ? `${where(problem)}: ${problem.message}` : "ok");
    }
    expect(seen).toEqual([
      "regNumber: Skriv registrerings nummer",
      "regNumber: Registreringsnummeret kan bare ha bokstaver, tall, mellomrom og bindestrek.",
      "email: Skriv inn e\u2011post addressen",
      "email: E\u2011postadressen ser ikke riktig ut",
      "phone: Skriv telefon nummer",
      "phone: Telefonnummeret ser ikke riktig ut",
      "damages: Du må legge til minst én skade.",
      "damages.1.images: Skade 2 mangler bilder. Legg til minst ett bilde.",
      "ok",
    ]);
  });

  test("blank space counts as empty", () => {
    expect(firstProblem({ ...valid(), email: "   " }, messages)?.message).toBe(messages.emailRequired);
    expect(firstProblem({ ...valid(), regNumber: " " }, messages)).toMatchObject({ kind: "field", field: "regNumber" });
  });

  test("the first damage without images is named, even when later ones lack them too", () => {
    const values = valid();
    values.damages.push({ photos: [] }, { photos: [] });
    expect(firstProblem(values, messages)).toEqual({
      kind: "images",
      damage: 2,
      message: "Skade 3 mangler bilder. Legg til minst ett bilde.",
    });
  });

  test.each([
    ["kari@example.no", true],
    ["kari.nordmann+bil@firma.example", true],
    ["kari@example", false],
    ["kari @example.no", false],
    ["@example.no", false],
  ])("e-mail %s looks right: %s", looksRight("email"));

  test.each([
    ["91234567", true],
    ["+47 912 34 567", true],
    ["(+47) 912-34-567", true],
    ["9123456", false],
    ["912 34 56x", false],
  ])("phone %s looks right: %s", looksRight("phone"));

  test("the message is optional", () => {
    expect(firstProblem({ ...valid(), message: "" }, messages)).toBeUndefined();
  });
});

describe("registration number", () => {
  test("is upper-cased as typed", () => {
    expect(normaliseRegNumber("ab 12345")).toBe("AB 12345");
    expect(normaliseRegNumber("el1234ø")).toBe("EL1234Ø");
  });
});

describe("upload file name", () => {
  test("img_ + 128 bits from crypto.getRandomValues in hex + original extension", () => {
    const spy = jest.spyOn(globalThis.crypto, "getRandomValues");
    try {
      const made = mediaFilename({ name: "IMG_2044.JPG" });
      expect(spy).toHaveBeenCalledWith(expect.any(Uint8Array));
      expect((spy.mock.calls[0]![0] as Uint8Array).length).toBe(16);
      const hex = Array.from(spy.mock.results[0]!.value as Uint8Array, (b) => b.toString(16).padStart(2, "0")).join("");
      expect(made).toBe(`img_${hex}.jpg`);
    } finally {
      spy.mockRestore();
    }
    for (const name of ["bulk.jpeg", "skade.png", "bilde.HEIC", "foto.webp"]) {
      const made = mediaFilename({ name });
      expect(made).toMatch(MEDIA_FILENAME_PATTERN);
      expect(made).toMatch(SHAREABLE_MEDIA_NAME);
      expect(made.endsWith(name.slice(name.lastIndexOf(".")).toLowerCase())).toBe(true);
    }
  });

  test("a fixed source gives a fixed name; two names made at once differ", () => {
    expect(mediaFilename({ name: "a.jpg" }, { random: () => 0.5 })).toBe(`img_${"80".repeat(16)}.jpg`);
    expect(randomHex((bytes) => bytes.fill(255))).toBe("f".repeat(32));
    expect(mediaFilename({ name: "a.jpg" })).not.toBe(mediaFilename({ name: "a.jpg" }));
  });

  test("no extension in the name: taken from the type; none known: none", () => {
    expect(originalExtension("bilde", "image/png")).toBe(".png");
    expect(originalExtension("bilde", "")).toBe("");
    expect(originalExtension("bilde.tar.gz")).toBe(".gz");
  });
});

describe("the inquiry body", () => {
  const refs = new Map<string, ImageRef>([
    ["a", { filename: "img_a.jpg", url: "https://admin.example/api/media/file/img_a.jpg" }],
    ["b", { filename: "img_b.jpg", url: "https://admin.example/api/media/file/img_b.jpg" }],
    ["c", { filename: "img_c.png", url: "https://admin.example/api/media/file/img_c.png" }],
  ]);
  /** the valid form with each photo's upload as `uploaded` has it */
  const uploadedAs = (values: Values, uploaded: ReadonlyMap<string, ImageRef>) => ({
    ...values,
    damages: values.damages.map((d) => ({ photos: d.photos.map((p) => ({ ...p, stored: uploaded.get(p.key) })) })),
  });

  test("is the shape POST /inquiry takes, one damage request per damage, and passes the server's schema", () => {
    const body = buildInquiry(uploadedAs({ ...valid(), regNumber: " ab12345 " }, refs), "nettside-anonym");
    expect(body).toEqual({
      Inquiry: {
        UserId: "nettside-anonym",
        RegNumber: "AB12345",
        PhoneNumber: "912 34 567",
        Email: "kari@example.no",
        Message: "Bulk i bakdøra",
        State: "NEW",
      },
      damageRequests: [
        { Images: [{ filename: "img_a.jpg", url: "https://admin.example/api/media/file/img_a.jpg" }] },
        {
          Images: [
            { filename: "img_b.jpg", url: "https://admin.example/api/media/file/img_b.jpg" },
            { filename: "img_c.png", url: "https://admin.example/api/media/file/img_c.png" },
          ],
        },
      ],
    });
    expect(inquirySchema().safeParse(body).success).toBe(true);
  });

  test("refuses to be built with an image that was not uploaded (never a null image)", () => {
    const partial = new Map(refs);
    partial.delete("b");
    expect(() => buildInquiry(uploadedAs(valid(), partial), "x")).toThrow(/b\.jpg/);
  });
});
