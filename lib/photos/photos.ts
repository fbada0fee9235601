/**
 * Every photo of a quote (or of the photos a case asks for, as one damage), in
 * one place, free of any framework: the damages and, per photo, the file as
 * chosen, its thumbnail's URL, its preparation (the photo work: a metadata-free
 * JPEG made as soon as it is chosen, two photos at a time), the check's note,
 * its upload (the name chosen once, the stored ref), its progress while a send
 * runs, and what the draft keeps of it. The form renders `getSnapshot()`
 * (through useSyncExternalStore) and calls the rest; the sender
 * (lib/quote/pipeline.ts) reads the prepared copies and writes the uploads; the
 * quote's draft (lib/quote/draft.ts) is `toDraft()` and `restore()`.
 *
 * Never the original leaves the device: a photo is uploaded only as its prepared
 * copy. The draft keeps the copy too, and a photo whose copy is not made yet as it
 * was chosen, on the device only: a tab the phone closes in the meantime loses no
 * photo, and the photo is prepared when the draft comes back. A photo the browser
 * cannot decode is `unreadable`, says so on its thumbnail and is not sent
 * (`toSend`): the quote goes with the others, and a damage left with none is told
 * to add one.
 * Preparation that fails otherwise (the photo work could not load) is tried
 * again when the copy is asked for.
 */
import { FIELD_LIMITS, imageTypeByMime, imageTypeByName, type ImageRef } from "../api/schemas";
import { newId } from "../ids";
import type { PhotoWork } from "./photo-work/types";

export type PhotoStage = "waiting" | "preparing" | "ready" | "unreadable" | "failed";
/** what a thumbnail says about its photo: the check's verdict (until `keep`), or that it cannot be read */
export type PhotoNote = "blurred" | "dark" | "unreadable";

export type ImageStage = "waiting" | "compressing" | "uploading" | "retrying" | "done" | "failed";

/** One photo's progress while a send runs (made by the send, lib/quote/pipeline.ts; kept on the photo). */
export interface ImageProgress {
  stage: ImageStage;
  /** upload attempt, from 1 */
  attempt: number;
  maxAttempts: number;
  /** bytes of the upload sent so far, and its size (0 until it is known) */
  loaded: number;
  total: number;
}

export interface Photo {
  readonly key: string;
  readonly name: string;
  /**
   * the thumbnail: the small copy the photo work makes first, as a data: URL
   * (never the original, which the page would read and decode whole on its main
   * thread), or an object URL of a draft's copy; empty until it is made
   */
  readonly url: string;
  readonly stage: PhotoStage;
  /** 0–100 while preparing */
  readonly percent: number;
  readonly note?: PhotoNote;
  /** the name its upload goes under: chosen at its first upload, then kept (with the draft too) */
  readonly uploadName?: string;
  /** the upload the admin host stored */
  readonly stored?: ImageRef;
  /** while a send runs */
  readonly progress?: ImageProgress;
}

export interface Damage {
  readonly id: string;
  readonly photos: readonly Photo[];
}

/**
 * A photo as the draft keeps it: its prepared copy, name and upload, and the check's note until
 * the visitor keeps the photo anyway (`Behold`); or, while its copy is not made yet, the file as
 * chosen (`original`, within MAX_KEPT_ORIGINAL_BYTES), which is prepared when the draft comes
 * back, with the check's note and whether the check was done (`checked`). Both are Blobs, the
 * one form a photo's bytes take from the photo work to the upload; the draft store keeps them.
 */
export type DraftPhoto =
  | { key: string; name: string; copy: Blob; uploadName?: string; stored?: ImageRef; note?: "blurred" | "dark" }
  | { key: string; name: string; original: Blob; note?: "blurred" | "dark"; checked?: true };

/**
 * How many bytes of photos as chosen a draft keeps at most, damage by damage (a damage's worth
 * of phone photos): a draft is saved whole or not at all, so photos waiting for their copy never
 * make it too large for the device to keep. The others are kept once their copy is made.
 */
export const MAX_KEPT_ORIGINAL_BYTES = 100 * 1024 * 1024;

interface Entry {
  photo: Photo;
  /** the file as chosen, until its copy is made */
  file?: Blob;
  copy?: Blob;
  controller: AbortController;
  waiters: ((copy: Blob | undefined) => void)[];
  /** the check has given its verdict */
  checked?: boolean;
}

export interface PhotoDeps {
  loadWork: () => Promise<PhotoWork>;
  createUrl?: (blob: Blob) => string;
  revokeUrl?: (url: string) => void;
}

/**
 * The file as an image, or undefined: the contract's image types (IMAGE_TYPES,
 * which the picker's `accept` and the server use too; no SVG), by the browser's
 * type or, when it gives none (some phones hand over HEIC photos so), by the
 * name's extension (the file then gets that type).
 */
export function asImage(file: File): File | undefined {
  if (imageTypeByMime(file.type)) return file;
  const type = imageTypeByName(file.name)?.mime;
  if (!type || file.type) return undefined;
  return new File([file], file.name, { type, lastModified: file.lastModified });
}

export interface ImagePick {
  /** the images to add, at most as many as there is room for */
  images: File[];
  /** the names of the files that are not images */
  rejected: string[];
  /** true when some images were left out because the damage is full */
  tooMany: boolean;
}

/** Sorts chosen files for a damage that already holds `current` images (at most FIELD_LIMITS.imagesPerDamage). */
export function pickImages(files: readonly File[], current: number): ImagePick {
  const images = files.flatMap((file) => asImage(file) ?? []);
  const rejected = files.filter((file) => !asImage(file)).map((file) => file.name);
  const room = Math.max(0, FIELD_LIMITS.imagesPerDamage - current);
  return { images: images.slice(0, room), rejected, tooMany: images.length > room };
}

/** how many photos are prepared at once */
const PREPARED_AT_ONCE = 2;

/** A new damage's or photo's id: `prefix` + a random id. */
const idFor = (prefix: string) => `${prefix}-${newId()}`;

export class QuotePhotos {
  private damages: { id: string; keys: string[] }[] = [{ id: idFor("damage"), keys: [] }];
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  private readonly draftListeners = new Set<() => void>();
  private snapshot: readonly Damage[] = [{ id: this.damages[0]!.id, photos: [] }];
  private preparing = 0;
  private readonly createUrl: NonNullable<PhotoDeps["createUrl"]>;
  private readonly revokeUrl: NonNullable<PhotoDeps["revokeUrl"]>;

  constructor(private readonly deps: PhotoDeps) {
    this.createUrl = deps.createUrl ?? ((blob) => URL.createObjectURL(blob));
    this.revokeUrl = deps.revokeUrl ?? ((url) => URL.revokeObjectURL(url));
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /**
   * Called when something the draft keeps has changed (`toDraft`): not for a preparation's or an
   * upload's progress, so a draft is saved soon after a photo is chosen, not only once its work is done.
   */
  subscribeDraft = (listener: () => void) => {
    this.draftListeners.add(listener);
    return () => void this.draftListeners.delete(listener);
  };

  getSnapshot = (): readonly Damage[] => this.snapshot;

  /** The damages as a send (and its check at Send) takes them: a photo the browser cannot read is left out. */
  toSend(): Damage[] {
    return this.snapshot.map((damage) => ({
      ...damage,
      photos: damage.photos.filter((p) => p.stage !== "unreadable"),
    }));
  }

  private emit({ kept = true } = {}) {
    const { entries } = this;
    this.snapshot = this.damages.map(({ id, keys }) => ({ id, photos: keys.map((key) => entries.get(key)!.photo) }));
    this.listeners.forEach((listener) => listener());
    if (kept) this.draftListeners.forEach((listener) => listener());
  }

  private patch(entry: Entry, change: Partial<Photo>) {
    if (this.entries.get(entry.photo.key) !== entry) return; // removed meanwhile
    entry.photo = { ...entry.photo, ...change };
    this.emit({ kept: Object.keys(change).some((field) => KEPT_IN_DRAFT.has(field as keyof Photo)) });
  }

  private async prepare(entry: Entry) {
    this.patch(entry, { stage: "preparing", percent: 0 });
    try {
      const work = await this.deps.loadWork();
      const { blob } = await work.prepare(entry.file!, {
        signal: entry.controller.signal,
        onPreview: (url) => !entry.photo.url && this.patch(entry, { url }),
        onCheck: ({ verdict }) => {
          // one verdict per photo: work done again (the page's fallback, a retry at Send) brings no dismissed note back
          if (entry.checked) return;
          entry.checked = true;
          if (verdict !== "ok") this.patch(entry, { note: verdict });
        },
        onProgress: (percent) => this.patch(entry, { percent: Math.round(percent) }),
      });
      entry.copy = blob;
      entry.file = undefined;
      this.patch(entry, { stage: "ready", percent: 100 });
    } catch (error) {
      const unreadable = (error as Error)?.name === "UnreadablePhotoError";
      if (unreadable) entry.file = undefined; // never sent, so never kept either
      this.patch(entry, unreadable ? { stage: "unreadable", note: "unreadable" } : { stage: "failed" });
    }
    settle(entry);
  }

  /**
   * Two photos at a time, in the order chosen: each in a worker of its own, so a
   * second photo's check does not wait for the first one's whole preparation,
   * and no more, so a phone keeps its memory and stays responsive.
   */
  private pump() {
    for (const entry of this.entries.values()) {
      if (this.preparing >= PREPARED_AT_ONCE) return;
      if (entry.photo.stage !== "waiting") continue;
      this.preparing++;
      void this.prepare(entry).finally(() => {
        this.preparing--;
        this.pump();
      });
    }
  }

  /**
   * Starts the work in a task of its own: the pick's task only shows the new
   * thumbnails, and starting a worker and handing it a file comes after.
   */
  private pumpSoon() {
    setTimeout(() => this.pump(), 0);
  }

  /** A photo to prepare: one just chosen, or (`kept`) a draft's whose copy was not made yet. */
  private newEntry(file: Blob, kept?: Omit<Extract<DraftPhoto, { original: Blob }>, "original">): Entry {
    const photo: Photo = {
      key: kept?.key ?? idFor("img"),
      name: kept?.name ?? (file as File).name,
      url: "",
      stage: "waiting",
      percent: 0,
      note: kept?.note,
    };
    const entry = { photo, file, controller: new AbortController(), waiters: [], checked: kept?.checked };
    this.entries.set(photo.key, entry);
    return entry;
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    entry.controller.abort();
    if (entry.photo.url) this.revokeUrl(entry.photo.url); // a draft's object URL; a data: URL holds nothing to give back
    settle(entry);
  }

  private damageOf(key: string) {
    return this.damages.find((damage) => damage.keys.includes(key));
  }

  addDamage() {
    if (this.damages.length >= FIELD_LIMITS.damages) return;
    this.damages = [...this.damages, { id: idFor("damage"), keys: [] }];
    this.emit();
  }

  removeDamage(id: string) {
    this.damages.find((damage) => damage.id === id)?.keys.forEach((key) => this.drop(key));
    this.damages = this.damages.filter((damage) => damage.id !== id);
    this.emit();
  }

  /** Adds the images among `files` to a damage, as many as there is room for; says what it left out. */
  add(damageId: string, files: readonly File[]): Omit<ImagePick, "images"> {
    const damage = this.damages.find((d) => d.id === damageId);
    const { images, ...left } = pickImages(files, damage?.keys.length ?? FIELD_LIMITS.imagesPerDamage);
    damage?.keys.push(...images.map((file) => this.newEntry(file).photo.key));
    this.emit();
    this.pumpSoon();
    return left;
  }

  /** `Ta nytt bilde`: the new photo takes the place of `key`. */
  replace(key: string, file: File): Omit<ImagePick, "images"> {
    const damage = this.damageOf(key);
    const { images, ...left } = pickImages([file], 0);
    if (!damage || !images[0]) return left;
    const { photo } = this.newEntry(images[0]);
    damage.keys = damage.keys.map((k) => (k === key ? photo.key : k));
    this.drop(key);
    this.emit();
    this.pumpSoon();
    return left;
  }

  /** `Behold`: the check's note goes, the photo stays. */
  keep(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.photo.note !== "unreadable") this.patch(entry, { note: undefined });
  }

  remove(key: string) {
    const damage = this.damageOf(key);
    if (damage) damage.keys = damage.keys.filter((k) => k !== key);
    this.drop(key);
    this.emit();
  }

  /** The prepared copy to upload, once it is made; undefined when the photo cannot be read or has gone. */
  prepared(key: string): Promise<Blob | undefined> {
    const entry = this.entries.get(key);
    if (!entry || entry.photo.stage === "unreadable") return Promise.resolve(undefined);
    if (entry.photo.stage === "ready") return Promise.resolve(entry.copy);
    if (entry.photo.stage === "failed") {
      entry.photo = { ...entry.photo, stage: "waiting" };
      this.pump();
    }
    return new Promise((resolve) => entry.waiters.push(resolve));
  }

  /** What a send learnt about a photo: its upload's name, its stored upload, its progress. */
  update(key: string, change: Partial<Pick<Photo, "uploadName" | "stored" | "progress">>) {
    const entry = this.entries.get(key);
    if (entry) this.patch(entry, change);
  }

  /** The damages as the draft keeps them: each photo's prepared copy, or the file as chosen until the copy is made. */
  toDraft(): DraftPhoto[][] {
    let room = MAX_KEPT_ORIGINAL_BYTES;
    return this.damages.map(({ keys }) =>
      keys.flatMap((key): DraftPhoto[] => {
        const { photo, copy, file, checked } = this.entries.get(key)!;
        const { name, uploadName, stored, note } = photo;
        const kept = note === "blurred" || note === "dark" ? { note } : {};
        if (!copy) {
          if (!file || file.size > room) return [];
          room -= file.size;
          return [{ key, name, original: file, ...kept, ...(checked && { checked: true as const }) }];
        }
        return [{ key, name, copy, ...(uploadName && { uploadName }), ...(stored && { stored }), ...kept }];
      }),
    );
  }

  /**
   * The damages and photos of a draft, in place of what there is (`[[]]`: an empty quote), or with
   * `keep` beside it: each damage then holds the draft's photos and after them the ones chosen
   * meanwhile (mergeDamages). A photo of the draft that is here already is not added again.
   */
  restore(draft: readonly DraftPhoto[][], { keep = false } = {}) {
    if (!keep) [...this.entries.keys()].forEach((key) => this.drop(key));
    const incoming = draft.map((photos) => photos.filter((p) => !this.entries.has(p.key)));
    this.damages = mergeDamages(
      incoming.map((photos) => photos.map((p) => p.key)),
      keep ? this.damages : [],
    );
    const placed = new Set(this.damages.flatMap((damage) => damage.keys));
    [...this.entries.keys()].filter((key) => !placed.has(key)).forEach((key) => this.drop(key));
    for (const kept of incoming.flat()) {
      if (!placed.has(kept.key)) continue;
      if ("original" in kept) {
        const { original, ...rest } = kept;
        this.newEntry(original, rest);
        continue;
      }
      const { key, name, copy, uploadName, stored, note } = kept;
      const photo: Photo = {
        key,
        name,
        url: this.createUrl(copy),
        stage: "ready",
        percent: 100,
        uploadName,
        stored,
        note,
      };
      const entry = { photo, copy, controller: new AbortController(), waiters: [], checked: true };
      this.entries.set(key, entry);
    }
    this.emit();
    this.pumpSoon();
  }

  /** The form has gone: every photo's work stopped and its preview URL given back. */
  dispose() {
    [...this.entries.keys()].forEach((key) => this.drop(key));
    this.damages = this.damages.map(({ id }) => ({ id, keys: [] }));
  }
}

/**
 * A draft's damages (their photos' keys) with the damages on the page: damage by damage, the
 * draft's photos and then the page's, each damage keeping its id. What goes over a damage's
 * photo limit goes on in damages of its own after them, and the quote keeps no more damages than
 * its limit: only a draft and a page that both come near the limits ever lose a photo to them.
 */
function mergeDamages(draft: readonly string[][], current: readonly { id: string; keys: string[] }[]) {
  const { imagesPerDamage, damages: maxDamages } = FIELD_LIMITS;
  const merged: { id: string; keys: string[] }[] = [];
  const overflow: string[][] = [];
  for (let i = 0; i < Math.max(draft.length, current.length); i++) {
    const keys = [...(draft[i] ?? []), ...(current[i]?.keys ?? [])];
    merged.push({ id: current[i]?.id ?? idFor("damage"), keys: keys.slice(0, imagesPerDamage) });
    for (let at = imagesPerDamage; at < keys.length; at += imagesPerDamage) {
      overflow.push(keys.slice(at, at + imagesPerDamage));
    }
  }
  return [...merged, ...overflow.map((keys) => ({ id: idFor("damage"), keys }))].slice(0, maxDamages);
}

/** what of a photo the draft keeps, besides its bytes: a change to anything else is progress only */
const KEPT_IN_DRAFT = new Set<keyof Photo>(["stage", "note", "uploadName", "stored"]);

const settle = (entry: Entry) => entry.waiters.splice(0).forEach((resolve) => resolve(entry.copy));
