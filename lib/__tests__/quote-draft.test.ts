/** The quote form as a draft: what is kept, and what comes back. */
import { fromDraft, isEmptyQuote, toDraft } from "../quote/draft";
import { emptyQuote, type QuoteFormValues } from "../quote/form";

const photo = (name: string, bytes = 3) =>
  new File([new Uint8Array(bytes)], name, { type: "image/jpeg", lastModified: 1_700_000_000_000 });

const filled = (): QuoteFormValues => ({
  regNumber: "AB 12345",
  email: "kari@example.no",
  phone: "912 34 567",
  message: "Bulk",
  damages: [
    { message: "", images: [{ key: "a", file: photo("a.jpg", 10) }] },
    { message: "", images: [{ key: "b", file: photo("b.jpg", 20) }] },
  ],
});

test("an empty form is no draft; one typed character or one photo is", () => {
  expect(isEmptyQuote(emptyQuote())).toBe(true);
  const none = { compressed: new Map(), uploaded: new Map(), pending: false };
  expect(toDraft({ values: emptyQuote(), ...none })).toBeUndefined();
  expect(toDraft({ values: { ...emptyQuote(), email: "k" }, ...none })).toBeDefined();
  const withPhoto = emptyQuote();
  withPhoto.damages[0]!.images.push({ key: "a", file: photo("a.jpg") });
  expect(toDraft({ values: withPhoto, ...none })).toBeDefined();
});

test("keeps the compressed copy when there is one, else the original, and comes back as it was", () => {
  const small = new Blob([new Uint8Array(4)], { type: "image/jpeg" });
  const ref = { filename: "img_x.jpg", url: "http://localhost/api/media/file/img_x.jpg" };
  const draft = toDraft({
    values: filled(),
    compressed: new Map([["a", small]]),
    uploaded: new Map([
      ["a", ref],
      ["gone", ref], // an image no longer in the form
    ]),
    pending: true,
  })!;
  expect(draft.damages[0]!.images[0]).toMatchObject({ key: "a", name: "a.jpg", compressed: true, blob: small });
  expect(draft.damages[1]!.images[0]).toMatchObject({ key: "b", compressed: false });
  expect(draft.uploaded).toEqual({ a: ref });

  const back = fromDraft(draft);
  expect(back.values.regNumber).toBe("AB 12345");
  expect(back.values.damages.map((d) => d.images.map((i) => [i.key, i.file.name, i.file.size]))).toEqual([
    [["a", "a.jpg", 4]],
    [["b", "b.jpg", 20]],
  ]);
  expect([...back.compressed.keys()]).toEqual(["a"]);
  expect(back.uploaded.get("a")).toEqual(ref);
  expect(back.pending).toBe(true);
});

test("the inquiry's idempotency key is kept with the draft and comes back; a malformed one is dropped", () => {
  const parts = { compressed: new Map(), uploaded: new Map(), pending: true };
  const key = "0f8e2d7c-5b4a-4c3d-9e1f-2a3b4c5d6e7f";
  const draft = toDraft({ values: filled(), ...parts, inquiryKey: key })!;
  expect(draft.inquiryKey).toBe(key);
  expect(fromDraft(draft).inquiryKey).toBe(key);

  expect(toDraft({ values: filled(), ...parts })).not.toHaveProperty("inquiryKey");
  const older = { ...draft } as Partial<typeof draft>;
  delete older.inquiryKey; // a draft saved before keys existed
  expect(fromDraft(older as typeof draft).inquiryKey).toBeUndefined();
  for (const bad of ["", "to ord", "x".repeat(101), 42]) {
    expect(fromDraft({ ...draft, inquiryKey: bad as string }).inquiryKey).toBeUndefined();
  }
});

test("each photo's upload name is kept with it and comes back; one we would not make is dropped", () => {
  const parts = { compressed: new Map(), uploaded: new Map(), pending: true };
  const names = new Map([
    ["a", "img_0123456789abcdef0123456789abcdef.jpg"],
    ["gone", "img_fedcba9876543210fedcba9876543210.jpg"], // an image no longer in the form
  ]);
  const draft = toDraft({ values: filled(), ...parts, uploadNames: names })!;
  expect(draft.damages[0]!.images[0]!.uploadName).toBe("img_0123456789abcdef0123456789abcdef.jpg");
  expect(draft.damages[1]!.images[0]).not.toHaveProperty("uploadName"); // b's upload has not begun
  expect([...fromDraft(draft).uploadNames]).toEqual([["a", "img_0123456789abcdef0123456789abcdef.jpg"]]);

  expect(fromDraft(toDraft({ values: filled(), ...parts })!).uploadNames.size).toBe(0); // an older draft
  for (const bad of ["../etc/passwd", "skade.jpg", "", 7]) {
    const tampered = toDraft({ values: filled(), ...parts })!;
    tampered.damages[0]!.images[0]!.uploadName = bad as string;
    expect(fromDraft(tampered).uploadNames.size).toBe(0);
  }
});
