/**
 * Drafts kept on the visitor's device: what they typed and chose in a form is
 * saved in the browser's IndexedDB (through idb-keyval) as they go, so a
 * reload, a tab the phone closed while the camera was open, or a back swipe
 * loses nothing. Nothing leaves the device before Send.
 *
 * The rules, for every draft:
 * - a draft is deleted after a successful send, or when the visitor starts over;
 * - a draft older than DRAFT_MAX_AGE_MS is dropped unread;
 * - when storage is unavailable, full or refuses the value (private mode,
 *   quota), loading finds nothing and `save` answers false: the form works as
 *   it would without drafts and never says a draft was kept.
 *
 * Values are stored as structured clones, except that every `Blob` and `File`
 * in them, at any depth, is stored as its bytes (an ArrayBuffer) with its type,
 * name and date, and made a `File` (or `Blob`) again on load: some engines'
 * IndexedDB refuses Blobs (WebKit's private windows), none refuses bytes.
 */
import { createStore, del, get, set, type UseStore } from "idb-keyval";

/** The forms that keep drafts. */
export type DraftName = "quote" | "booking" | "calculator";

/** 30 days: the longest the privacy statement says a draft is kept. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

interface Stored<T> {
  savedAt: number;
  value: T;
}

export interface DraftStore<T> {
  /** the draft, or undefined when there is none, it is too old (then it is deleted), or storage fails */
  load(): Promise<T | undefined>;
  /** answers whether the draft was kept */
  save(value: T): Promise<boolean>;
  clear(): Promise<void>;
}

let store: UseStore | undefined;
/** One database for every draft; opened on first use, never during prerendering. */
function draftsDb(): UseStore | undefined {
  if (typeof indexedDB === "undefined") return undefined;
  store ??= createStore("bulkeklinikken-utkast", "utkast");
  return store;
}

/** A Blob or File as stored: its bytes and what makes it a file again. */
interface StoredBlob {
  storedBlob: 1;
  bytes: ArrayBuffer;
  type: string;
  name?: string;
  lastModified?: number;
}

/** A plain object from any realm (IndexedDB may hand back another realm's objects). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (Object.prototype.toString.call(value) !== "[object Object]") return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

const isStoredBlob = (value: unknown): value is StoredBlob =>
  isPlainObject(value) &&
  value.storedBlob === 1 &&
  Object.prototype.toString.call(value.bytes) === "[object ArrayBuffer]";

/** The value with every Blob and File in it replaced by its bytes (arrays and plain objects are walked). */
export async function toStorable(value: unknown): Promise<unknown> {
  if (value instanceof Blob) {
    const stored: StoredBlob = { storedBlob: 1, bytes: await value.arrayBuffer(), type: value.type };
    if (value instanceof File) Object.assign(stored, { name: value.name, lastModified: value.lastModified });
    return stored;
  }
  if (Array.isArray(value)) return Promise.all(value.map(toStorable));
  if (isPlainObject(value)) {
    const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await toStorable(v)] as const));
    return Object.fromEntries(entries);
  }
  return value;
}

/** The value as it was saved: stored bytes become a File (with a name) or a Blob again. */
export function fromStorable(value: unknown): unknown {
  if (isStoredBlob(value)) {
    const { bytes, type, name, lastModified } = value;
    return name === undefined ? new Blob([bytes], { type }) : new File([bytes], name, { type, lastModified });
  }
  if (Array.isArray(value)) return value.map(fromStorable);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromStorable(v)]));
  return value;
}

const isStored = (value: unknown): value is Stored<unknown> =>
  typeof value === "object" && value !== null && typeof (value as Stored<unknown>).savedAt === "number";

export function draftStore<T>(name: DraftName, now: () => number = Date.now): DraftStore<T> {
  return {
    async load() {
      const db = draftsDb();
      if (!db) return undefined;
      try {
        const stored: unknown = await get(name, db);
        if (!isStored(stored)) return undefined;
        if (now() - stored.savedAt > DRAFT_MAX_AGE_MS) {
          await del(name, db);
          return undefined;
        }
        return fromStorable(stored.value) as T;
      } catch {
        return undefined;
      }
    },
    async save(value) {
      const db = draftsDb();
      if (!db) return false;
      try {
        await set(name, { savedAt: now(), value: await toStorable(value) } satisfies Stored<unknown>, db);
        return true;
      } catch {
        return false; // storage full or refused: the form goes on without a draft
      }
    },
    async clear() {
      const db = draftsDb();
      if (!db) return;
      try {
        await del(name, db);
      } catch {
        // nothing to clear where nothing could be stored
      }
    },
  };
}

/** Whether a draft waits to be restored (one that is not too old). */
export async function hasDraft(name: DraftName): Promise<boolean> {
  return (await draftStore(name).load()) !== undefined;
}
