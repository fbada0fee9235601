/**
 * Drafts kept on the visitor's device: what they typed and chose in a form is
 * saved in the browser's IndexedDB (through idb-keyval) as they go, so a
 * reload, a tab the phone closed while the camera was open, or a back swipe
 * loses nothing. Nothing leaves the device before Send.
 *
 * The rules, for every draft:
 * - a draft is deleted after a successful send, or when the visitor starts over;
 * - a draft older than DRAFT_MAX_AGE_MS is dropped unread;
 * - when storage is unavailable or full (private mode, quota), saving and
 *   loading quietly do nothing: the form works as it would without drafts.
 *
 * Values are stored as they are (structured clone), so `File` and `Blob`
 * photos are kept whole.
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
  save(value: T): Promise<void>;
  clear(): Promise<void>;
}

let store: UseStore | undefined;
/** One database for every draft; opened on first use, never during prerendering. */
function draftsDb(): UseStore | undefined {
  if (typeof indexedDB === "undefined") return undefined;
  store ??= createStore("bulkeklinikken-utkast", "utkast");
  return store;
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
        return stored.value as T;
      } catch {
        return undefined;
      }
    },
    async save(value) {
      const db = draftsDb();
      if (!db) return;
      try {
        await set(name, { savedAt: now(), value } satisfies Stored<T>, db);
      } catch {
        // storage full or refused: the form goes on without a draft
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
