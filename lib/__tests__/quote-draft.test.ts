/** The quote as a draft: what is kept (prepared copies, and a photo not prepared yet as chosen), and what comes back. */
import { type PhotoWork, UnreadablePhotoError } from "../photos/photo-work/types";
import { fromDraft, toDraft } from "../quote/draft";
import { emptyText, type QuoteText } from "../quote/form";
import { type DraftPhoto, MAX_KEPT_ORIGINAL_BYTES, QuotePhotos } from "../photos/photos";
import { SendState } from "../quote/pipeline";

const photo = (name: string, bytes = 3) => new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });

/** Photo work whose copy is 4 bytes of 9s (the originals are zeros); `hold` keeps a photo unprepared. */
const work = (hold = new Set<string>()): PhotoWork => ({
  prepare: (file) =>
    hold.has((file as File).name)
      ? new Promise(() => {})
      : Promise.resolve({ blob: new Blob([new Uint8Array(4).fill(9)], { type: "image/jpeg" }), width: 2, height: 2 }),
});

const filled: QuoteText = { regNumber: "AB 12345", email: "kari@example.no", phone: "912 34 567", message: "Bulk" };

async function photosOf(damages: File[][], hold?: Set<string>) {
  const photos = new QuotePhotos({ loadWork: async () => work(hold), createUrl: () => "blob:x", revokeUrl: () => {} });
  photos.restore(damages.map(() => []));
  damages.forEach((files, i) => photos.add(photos.getSnapshot()[i]!.id, files));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return photos;
}
const none = new SendState();
/** A file that says it is `size` bytes long, without taking the memory. */
const sized = (file: File, size: number) => Object.defineProperty(file, "size", { value: size });
/** A kept photo as its prepared copy; a test fails where it is not. */
function asCopy(kept: DraftPhoto | undefined) {
  if (!kept || !("copy" in kept)) throw new Error(`${kept?.name} is not kept as its prepared copy`);
  return kept;
}
const keyOf = (photos: QuotePhotos, name: string) =>
  photos
    .getSnapshot()
    .flatMap((d) => d.photos)
    .find((p) => p.name === name)!.key;

test("an empty form is no draft; one typed character or one prepared photo is", async () => {
  const empty = await photosOf([[]]);
  expect(toDraft(emptyText(), empty, none)).toBeUndefined();
  expect(toDraft({ ...emptyText(), email: "k" }, empty, none)).toBeDefined();
  expect(toDraft(emptyText(), await photosOf([[photo("a.jpg")]]), none)).toBeDefined();
});

test("a photo's copy is the same Blob at every save and after it comes back, so the draft store writes its bytes once", async () => {
  const photos = await photosOf([[photo("a.jpg")]]);
  const copyOf = (draft: ReturnType<typeof toDraft>) => asCopy(draft!.damages[0]![0]).copy;
  const first = copyOf(toDraft(filled, photos, none));
  expect(copyOf(toDraft(filled, photos, none))).toBe(first);
  const again = await photosOf([]);
  again.restore(fromDraft(toDraft(filled, photos, none)!).damages);
  expect(copyOf(toDraft(filled, again, none))).toBe(first);
  expect(await again.prepared(again.getSnapshot()[0]!.photos[0]!.key)).toBe(first); // and what is uploaded
});

test("keeps the prepared copy; a photo not prepared yet is kept as chosen and prepared when the draft comes back", async () => {
  const photos = await photosOf([[photo("a.jpg", 10)], [photo("b.jpg", 20), photo("c.jpg")]], new Set(["c.jpg"]));
  const draft = toDraft(filled, photos, { ...none, pending: true } as SendState)!;
  expect(draft.damages.map((d) => d.map((p) => p.name))).toEqual([["a.jpg"], ["b.jpg", "c.jpg"]]);
  const [a, b, c] = draft.damages.flat();
  for (const kept of [a, b]) {
    expect([...new Uint8Array(await asCopy(kept).copy.arrayBuffer())]).toEqual([9, 9, 9, 9]); // the copy's bytes, not the original's zeros
  }
  expect(c).toMatchObject({ name: "c.jpg", original: expect.any(File) });
  expect((c as { original: Blob }).original.size).toBe(3); // the file as chosen

  const back = fromDraft(draft);
  expect(back.text).toEqual(filled);
  expect(back.send.pending).toBe(true);
  const next = await photosOf([]);
  next.restore(back.damages);
  expect(next.getSnapshot().map((d) => d.photos.map((p) => [p.name, p.stage]))).toEqual([
    [["a.jpg", "ready"]],
    [
      ["b.jpg", "ready"],
      ["c.jpg", "waiting"],
    ],
  ]);
  expect((await next.prepared(keyOf(next, "a.jpg")))!.size).toBe(4);
  // the chosen file is prepared now, and only its copy goes
  const copy = (await next.prepared(keyOf(next, "c.jpg")))!;
  expect([...new Uint8Array(await copy.arrayBuffer())]).toEqual([9, 9, 9, 9]);
  expect(next.toDraft()[1]![1]).toMatchObject({ name: "c.jpg", copy: expect.any(Blob) });
});

test("the inquiry's key and the quote it was made for are kept with the draft and come back; a malformed key is dropped", async () => {
  const photos = await photosOf([[photo("a.jpg")]]);
  const key = "0f8e2d7c-5b4a-4c3d-9e1f-2a3b4c5d6e7f";
  const state = new SendState();
  state.set({ pending: true, key, quote: "abc" });
  const draft = toDraft(filled, photos, state)!;
  expect(draft).toMatchObject({ inquiryKey: key, inquiryQuote: "abc" });
  expect(fromDraft(draft).send).toEqual({ pending: true, key, quote: "abc" });

  expect(toDraft(filled, photos, none)).not.toHaveProperty("inquiryKey");
  for (const bad of ["", "to ord", "x".repeat(101), 42]) {
    expect(fromDraft({ ...draft, inquiryKey: bad as string }).send.key).toBeUndefined();
  }
});

test("each photo's upload name and stored upload are kept with it; a name we would not make is dropped", async () => {
  const photos = await photosOf([[photo("a.jpg")], [photo("b.jpg")]]);
  const ref = {
    filename: "img_0123456789abcdef0123456789abcdef.jpg",
    url: "http://localhost/api/media/file/img_0123456789abcdef0123456789abcdef.jpg",
  };
  photos.update(keyOf(photos, "a.jpg"), { uploadName: ref.filename, stored: ref });
  const draft = toDraft(filled, photos, none)!;
  expect(draft.damages[0]![0]).toMatchObject({ uploadName: ref.filename, stored: ref });
  expect(draft.damages[1]![0]).not.toHaveProperty("uploadName"); // b's upload has not begun
  expect(fromDraft(draft).damages[0]![0]).toMatchObject({ uploadName: ref.filename, stored: ref });

  for (const bad of ["../etc/passwd", "skade.jpg", "", 7]) {
    const tampered = toDraft(filled, photos, none)!;
    asCopy(tampered.damages[0]![0]).uploadName = bad as string;
    expect(fromDraft(tampered).damages[0]![0]).not.toHaveProperty("uploadName");
  }
});

test("the check's note is kept with its photo until Behold, and comes back on the restored photo", async () => {
  const checked: PhotoWork = {
    async prepare(file, options = {}) {
      const name = (file as File).name;
      options.onCheck?.({ sharpness: 1, brightness: 1, verdict: name === "mork.jpg" ? "dark" : "blurred" });
      return work().prepare(file, options);
    },
  };
  const photos = new QuotePhotos({ loadWork: async () => checked, createUrl: () => "blob:x", revokeUrl: () => {} });
  photos.add(photos.getSnapshot()[0]!.id, [photo("mork.jpg"), photo("uklar.jpg")]);
  await new Promise((resolve) => setTimeout(resolve, 10));
  photos.keep(keyOf(photos, "uklar.jpg")); // Behold
  const draft = toDraft(filled, photos, none)!;
  expect(draft.damages[0]!.map((p) => [p.name, asCopy(p).note])).toEqual([
    ["mork.jpg", "dark"],
    ["uklar.jpg", undefined],
  ]);

  const again = new QuotePhotos({ loadWork: async () => checked, createUrl: () => "blob:y", revokeUrl: () => {} });
  again.restore(fromDraft(draft).damages);
  expect(again.getSnapshot()[0]!.photos.map((p) => [p.name, p.note])).toEqual([
    ["mork.jpg", "dark"],
    ["uklar.jpg", undefined],
  ]);

  const tampered = toDraft(filled, photos, none)!;
  (tampered.damages[0]![0] as { note?: string }).note = "unreadable";
  expect(asCopy(fromDraft(tampered).damages[0]![0]).note).toBeUndefined();
});

test("a photo kept as something other than its copy (a draft of another form) is dropped, the rest comes back", async () => {
  const draft = toDraft(filled, await photosOf([[photo("a.jpg")]]), none)!;
  draft.damages[0]!.push({ key: "x", name: "gammel.jpg", copy: "bilde" as never });
  expect(fromDraft(draft).damages[0]!.map((p) => p.name)).toEqual(["a.jpg"]);
});

test("a copy kept as its bytes and type comes back as a photo ready to send, with its upload", async () => {
  const ref = {
    filename: "img_0123456789abcdef0123456789abcdef.jpg",
    url: "http://localhost/api/media/file/img_0123456789abcdef0123456789abcdef.jpg",
  };
  const bytes = new Uint8Array([9, 9, 9]).buffer;
  const kept = { key: "k", name: "a.jpg", type: "image/jpeg", bytes, uploadName: ref.filename, stored: ref };
  const draft = { ...filled, damages: [[kept]], pending: false } as never;
  const photos = await photosOf([]);
  photos.restore(fromDraft(draft).damages);
  expect(photos.getSnapshot()[0]!.photos).toMatchObject([{ name: "a.jpg", stage: "ready", stored: ref }]);
  const copy = (await photos.prepared("k"))!;
  expect([copy.type, [...new Uint8Array(await copy.arrayBuffer())]]).toEqual(["image/jpeg", [9, 9, 9]]);
});

test("a photo kept as chosen: only an image we take and not too large; one that cannot be read is not kept", async () => {
  const unreadable: PhotoWork = { prepare: () => Promise.reject(new UnreadablePhotoError()) };
  const photos = new QuotePhotos({ loadWork: async () => unreadable, createUrl: () => "blob:x", revokeUrl: () => {} });
  photos.add(photos.getSnapshot()[0]!.id, [photo("heic.jpg")]);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(photos.getSnapshot()[0]!.photos[0]!.stage).toBe("unreadable");
  expect(toDraft(filled, photos, none)!.damages).toEqual([[]]);

  const chosen = (original: Blob) => ({ ...filled, pending: false, damages: [[{ key: "k", name: "x", original }]] });
  const big = sized(photo("stor.jpg"), MAX_KEPT_ORIGINAL_BYTES + 1);
  const pdf = new File([new Uint8Array(3)], "notat.pdf", { type: "application/pdf" });
  expect(fromDraft(chosen(photo("a.jpg"))).damages).toEqual([[expect.objectContaining({ name: "x" })]]);
  expect(fromDraft(chosen(big)).damages).toEqual([[]]);
  expect(fromDraft(chosen(pdf)).damages).toEqual([[]]);
});

test("photos waiting for their copy are kept as chosen only while their bytes fit the draft's room for them", async () => {
  const third = MAX_KEPT_ORIGINAL_BYTES / 3 + 1;
  const files = ["a.jpg", "b.jpg", "c.jpg"].map((name) => sized(photo(name), third));
  const photos = await photosOf([files.slice(0, 2), files.slice(2)], new Set(["a.jpg", "b.jpg", "c.jpg"]));
  const draft = toDraft(filled, photos, none)!;
  expect(draft.damages.map((d) => d.map((p) => p.name))).toEqual([["a.jpg", "b.jpg"], []]);
});

test("a photo kept as chosen keeps the check's note, and a note dismissed with Behold stays away", async () => {
  const checkedOnly: PhotoWork = {
    prepare: (file, options = {}) => {
      options.onCheck?.({
        sharpness: 1,
        brightness: 1,
        verdict: (file as File).name === "mork.jpg" ? "dark" : "blurred",
      });
      return new Promise(() => {}); // the copy is never made in this visit
    },
  };
  const photos = new QuotePhotos({ loadWork: async () => checkedOnly, createUrl: () => "blob:x", revokeUrl: () => {} });
  photos.add(photos.getSnapshot()[0]!.id, [photo("mork.jpg"), photo("uklar.jpg")]);
  await new Promise((resolve) => setTimeout(resolve, 10));
  photos.keep(keyOf(photos, "uklar.jpg")); // Behold
  const draft = toDraft(filled, photos, none)!;

  const again = new QuotePhotos({ loadWork: async () => checkedOnly, createUrl: () => "blob:y", revokeUrl: () => {} });
  again.restore(fromDraft(draft).damages);
  await new Promise((resolve) => setTimeout(resolve, 10)); // the work checks both again
  expect(again.getSnapshot()[0]!.photos.map((p) => [p.name, p.note])).toEqual([
    ["mork.jpg", "dark"],
    ["uklar.jpg", undefined],
  ]);
});
