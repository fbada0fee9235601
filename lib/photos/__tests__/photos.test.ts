/** The quote's photos (lib/photos/photos.ts): prepared two at a time, checked, replaced, removed, their URLs given back. */
import { FIELD_LIMITS } from "../../api/schemas";
import { UnreadablePhotoError, type PhotoCheck, type PhotoWork, type PrepareOptions } from "../photo-work/types";
import { QuotePhotos } from "../photos";

const file = (name: string, type = "image/jpeg") => new File([new Uint8Array(1000)], name, { type });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The small copy the work makes first, for the thumbnail, as the work gives it: a data: URL. */
let previews = 0;
const preview = () => `data:image/jpeg;base64,${btoa(`preview ${++previews}`)}`;

/** Photo work the test finishes by hand, one call at a time; it makes the preview as it starts. */
function manualWork() {
  const calls: { name: string; options: PrepareOptions; finish: () => void; fail: (e: Error) => void }[] = [];
  const work: PhotoWork = {
    prepare: (photo, options = {}) =>
      new Promise((resolve, reject) => {
        options.onPreview?.(preview());
        options.onProgress?.(10);
        options.signal?.addEventListener("abort", () => reject(new Error("aborted")));
        const finish = () =>
          resolve({ blob: new Blob([new Uint8Array(500)], { type: "image/jpeg" }), width: 1, height: 1 });
        calls.push({ name: (photo as File).name, options, finish, fail: reject });
      }),
  };
  return { calls, work };
}

function setup(work: PhotoWork) {
  const shown: Blob[] = [];
  const revoked: string[] = [];
  const photos = new QuotePhotos({
    loadWork: async () => work,
    createUrl: (blob) => `blob:test/${shown.push(blob)}`,
    revokeUrl: (url) => revoked.push(url),
  });
  const all = () => photos.getSnapshot().flatMap((d) => d.photos);
  const named = (name: string) => all().find((p) => p.name === name)!;
  const damage = () => photos.getSnapshot()[0]!.id;
  return { photos, revoked, shown, all, named, damage };
}

test("prepares two photos at a time, in the order chosen, and shows each one's work", async () => {
  const { calls, work } = manualWork();
  const { photos, named, damage } = setup(work);
  photos.add(damage(), [file("a.jpg"), file("b.jpg"), file("c.jpg")]);
  await tick();
  expect(calls.map((c) => c.name)).toEqual(["a.jpg", "b.jpg"]);
  expect(named("a.jpg")).toMatchObject({ stage: "preparing", percent: 10 });
  expect(named("b.jpg")).toMatchObject({ stage: "preparing", percent: 10 });
  expect(named("c.jpg")).toMatchObject({ stage: "waiting" });
  calls[1]!.finish();
  expect((await photos.prepared(named("b.jpg").key))!.size).toBe(500);
  await tick();
  expect(calls.map((c) => c.name)).toEqual(["a.jpg", "b.jpg", "c.jpg"]);
  calls[2]!.finish();
  await photos.prepared(named("c.jpg").key);
  expect(named("c.jpg")).toMatchObject({ stage: "ready", percent: 100 });
  expect(named("a.jpg")).toMatchObject({ stage: "preparing" });
});

test("removing a photo cancels its work, gives back its URL and moves on to the next", async () => {
  const { calls, work } = manualWork();
  const { photos, named, damage, revoked, all } = setup(work);
  photos.add(damage(), [file("a.jpg"), file("b.jpg")]);
  await tick();
  const a = named("a.jpg");
  photos.remove(a.key);
  expect(calls[0]!.options.signal!.aborted).toBe(true);
  expect(revoked).toEqual([a.url]);
  await tick();
  await tick();
  expect(calls.map((c) => c.name)).toEqual(["a.jpg", "b.jpg"]);
  expect(await photos.prepared(a.key)).toBeUndefined();
  expect(all().map((p) => p.name)).toEqual(["b.jpg"]);
});

test("one URL per photo, of the work's small copy, never of the original; the ones still held are given back when the form goes away", async () => {
  const { photos, damage, all, revoked, shown } = setup(manualWork().work);
  photos.add(damage(), [file("a.jpg"), file("b.jpg")]);
  expect(all().map((p) => p.url)).toEqual(["", ""]); // no thumbnail before its copy is made
  await tick();
  const [a, b] = all();
  expect(a!.url).toMatch(/^data:image\/jpeg;base64,/);
  expect(shown).toEqual([]); // no object URL, of the original or of anything else
  expect(a!.url).not.toBe(b!.url);
  photos.remove(a!.key);
  photos.dispose();
  expect(revoked).toEqual([a!.url, b!.url]);
});

test("a photo the browser cannot read says so and is never sent, not even as its original", async () => {
  const { calls, work } = manualWork();
  const { photos, named, damage } = setup(work);
  photos.add(damage(), [file("IMG_1.HEIC", "image/heic")]);
  await tick();
  calls[0]!.fail(new UnreadablePhotoError());
  expect(await photos.prepared(named("IMG_1.HEIC").key)).toBeUndefined();
  expect(named("IMG_1.HEIC")).toMatchObject({ stage: "unreadable", note: "unreadable" });
  photos.keep(named("IMG_1.HEIC").key); // `Behold` does not hide that it cannot be read
  expect(named("IMG_1.HEIC").note).toBe("unreadable");
});

test("the check's note shows as soon as it is known; Behold takes it away and the photo stays", async () => {
  const { calls, work } = manualWork();
  const { photos, named, damage } = setup(work);
  photos.add(damage(), [file("a.jpg"), file("b.jpg")]);
  await tick();
  const check = (verdict: PhotoCheck["verdict"]) => ({ sharpness: 1, brightness: 1, verdict });
  calls[0]!.options.onCheck!(check("blurred"));
  expect(named("a.jpg").note).toBe("blurred"); // before its copy is made
  calls[0]!.finish();
  await photos.prepared(named("a.jpg").key);
  await tick();
  calls[1]!.options.onCheck!(check("ok"));
  expect(named("b.jpg").note).toBeUndefined();
  photos.keep(named("a.jpg").key);
  expect(named("a.jpg")).toMatchObject({ note: undefined, stage: "ready" });
});

test("a note kept with Behold stays away when the work checks the photo again (its fallback on the page)", async () => {
  const { calls, work } = manualWork();
  const { photos, named, damage } = setup(work);
  photos.add(damage(), [file("a.jpg")]);
  await tick();
  const blurred = { sharpness: 0.1, brightness: 200, verdict: "blurred" as const };
  calls[0]!.options.onCheck!(blurred);
  photos.keep(named("a.jpg").key);
  calls[0]!.options.onCheck!(blurred); // the worker failed after its check: the page does the whole job again
  calls[0]!.finish();
  await photos.prepared(named("a.jpg").key);
  expect(named("a.jpg")).toMatchObject({ note: undefined, stage: "ready" });
});

test("Ta nytt bilde: the new photo takes the old one's place; the old one's work and URL are given up", async () => {
  const { calls, work } = manualWork();
  const { photos, named, damage, all, revoked } = setup(work);
  photos.add(damage(), [file("a.jpg"), file("b.jpg")]);
  await tick();
  const a = named("a.jpg");
  expect(photos.replace(a.key, file("a2.jpg"))).toEqual({ rejected: [], tooMany: false });
  expect(all().map((p) => p.name)).toEqual(["a2.jpg", "b.jpg"]);
  expect(calls[0]!.options.signal!.aborted).toBe(true);
  expect(revoked).toEqual([a.url]);
  expect(photos.replace(named("b.jpg").key, file("tegning.svg", "image/svg+xml")).rejected).toEqual(["tegning.svg"]);
  expect(all().map((p) => p.name)).toEqual(["a2.jpg", "b.jpg"]);
});

test("a damage takes images only, up to its limit, and says what it left out", () => {
  const { photos, damage, all } = setup(manualWork().work);
  const files = [file("a.jpg"), file("notat.pdf", "application/pdf"), file("tegning.svg", "image/svg+xml")];
  expect(photos.add(damage(), files)).toEqual({ rejected: ["notat.pdf", "tegning.svg"], tooMany: false });
  const many = Array.from({ length: FIELD_LIMITS.imagesPerDamage }, (_, i) => file(`${i}.jpg`));
  expect(photos.add(damage(), many).tooMany).toBe(true);
  expect(all()).toHaveLength(FIELD_LIMITS.imagesPerDamage);
});

test("damages are added up to the limit and removed with their photos", async () => {
  const { photos, damage, revoked } = setup(manualWork().work);
  photos.add(damage(), [file("a.jpg")]);
  await tick();
  for (let i = 0; i < FIELD_LIMITS.damages + 2; i++) photos.addDamage();
  expect(photos.getSnapshot()).toHaveLength(FIELD_LIMITS.damages);
  photos.removeDamage(damage());
  expect(revoked).toHaveLength(1);
  expect(photos.getSnapshot()).toHaveLength(FIELD_LIMITS.damages - 1);
});

const saved = (name: string) => ({
  key: `draft-${name}`,
  name,
  copy: new Blob([new Uint8Array(8)], { type: "image/jpeg" }),
});
const names = (photos: QuotePhotos) => photos.getSnapshot().map((d) => d.photos.map((p) => p.name));

test("a draft put back beside the photos chosen meanwhile: each damage holds both and keeps its id, none over its limit", () => {
  const { photos, damage } = setup(manualWork().work);
  const first = damage();
  photos.add(first, [file("ny-1.jpg"), file("ny-2.jpg")]);
  photos.addDamage();
  const second = photos.getSnapshot()[1]!.id;
  photos.add(second, [file("ny-3.jpg")]);
  const full = Array.from({ length: FIELD_LIMITS.imagesPerDamage - 1 }, (_, i) => saved(`${i}.jpg`));
  photos.restore([full, [saved("b.jpg")]], { keep: true });
  expect(names(photos)).toEqual([[...full.map((p) => p.name), "ny-1.jpg"], ["b.jpg", "ny-3.jpg"], ["ny-2.jpg"]]);
  expect(
    photos
      .getSnapshot()
      .map((d) => d.id)
      .slice(0, 2),
  ).toEqual([first, second]);

  photos.restore([full, [saved("b.jpg")]], { keep: true }); // the same draft again adds nothing twice
  expect(names(photos)).toEqual([[...full.map((p) => p.name), "ny-1.jpg"], ["b.jpg", "ny-3.jpg"], ["ny-2.jpg"]]);
});

test("a draft put back beside a full quote keeps no more damages than a quote may have", () => {
  const { photos, damage } = setup(manualWork().work);
  photos.add(damage(), [file("ny.jpg")]);
  const draft = Array.from({ length: FIELD_LIMITS.damages }, (_, d) =>
    Array.from({ length: FIELD_LIMITS.imagesPerDamage }, (_, i) => saved(`${d}-${i}.jpg`)),
  );
  photos.restore(draft, { keep: true });
  expect(photos.getSnapshot()).toHaveLength(FIELD_LIMITS.damages);
  expect(photos.getSnapshot().every((d) => d.photos.length === FIELD_LIMITS.imagesPerDamage)).toBe(true);
  expect(names(photos).flat()).not.toContain("ny.jpg");
});

test("the draft hears of what it keeps (a photo chosen, its copy made), not of a preparation's progress", async () => {
  const { calls, work } = manualWork();
  const { photos, damage, named } = setup(work);
  let changes = 0;
  photos.subscribeDraft(() => changes++);
  photos.add(damage(), [file("a.jpg")]);
  expect(changes).toBe(1);
  await tick();
  const started = changes; // preparing
  calls[0]!.options.onProgress?.(40);
  calls[0]!.options.onProgress?.(80);
  expect(named("a.jpg").percent).toBe(80);
  expect(changes).toBe(started);
  calls[0]!.finish();
  await photos.prepared(named("a.jpg").key);
  expect(changes).toBe(started + 1);
});
