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
 *
 * Bytes are written once: every ArrayBuffer and Blob in a draft is a record of
 * its own (a part, keyed `<form>:<id>`), the draft refers to it, and a later
 * save of the same object writes only the small draft. Saving as the visitor
 * goes then never copies every photo again on the page's thread. A part the
 * saved draft no longer refers to is deleted with the save, and a part it
 * refers to that has gone (another tab saved or deleted the draft) is written
 * again, so a saved draft always holds every photo it names.
 */
import { createStore, del, delMany, get, getMany, keys, setMany, type UseStore } from "idb-keyval";
import { newId } from "../ids";

/** The forms that keep drafts. */
export type DraftName = "quote" | "booking" | "calculator";

/** 30 days: the longest the privacy statement says a draft is kept. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

interface Stored<T> {
  savedAt: number;
  value: T;
  /** the keys of the parts the value refers to */
  parts?: string[];
}

export interface DraftStore<T> {
  /** the draft, or undefined when there is none, it is too old (then it is deleted), or storage fails */
  load(): Promise<T | undefined>;
  /** answers whether the draft was kept */
  save(value: T): Promise<boolean>;
  clear(): Promise<void>;
}

/** Where every draft is kept: one IndexedDB database with one object store. */
export const DRAFTS_DB = { name: "bulkeklinikken-utkast", store: "utkast" } as const;

let store: UseStore | undefined;
/** One database for every draft; opened on first use, never during prerendering. */
function draftsDb(): UseStore | undefined {
  if (typeof indexedDB === "undefined") return undefined;
  store ??= createStore(DRAFTS_DB.name, DRAFTS_DB.store);
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

/** Where a draft holds bytes stored as a part. */
interface PartRef {
  storedPart: string;
}

/** A plain object from any realm (IndexedDB may hand back another realm's objects). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (Object.prototype.toString.call(value) !== "[object Object]") return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** An ArrayBuffer from any realm (a draft's bytes come back from the database as one). */
export const isArrayBuffer = (value: unknown): value is ArrayBuffer =>
  Object.prototype.toString.call(value) === "[object ArrayBuffer]";

/** A File or Blob from any realm (a draft's files come back from the store as Files). */
export const isBlobLike = (value: unknown): value is Blob =>
  /^\[object (File|Blob)\]$/.test(Object.prototype.toString.call(value));

const isStoredBlob = (value: unknown): value is StoredBlob =>
  isPlainObject(value) && value.storedBlob === 1 && isArrayBuffer(value.bytes);

const isPartRef = (value: unknown): value is PartRef => isPlainObject(value) && typeof value.storedPart === "string";

/** The parts already in the database, by the object they hold: a save refers to these instead of writing them. */
const partKeys = new WeakMap<object, string>();

async function blobPart(blob: Blob): Promise<StoredBlob> {
  const stored: StoredBlob = { storedBlob: 1, bytes: await blob.arrayBuffer(), type: blob.type };
  if (blob instanceof File) Object.assign(stored, { name: blob.name, lastModified: blob.lastModified });
  return stored;
}

/** A save's value as written: every ArrayBuffer and Blob a reference to its part, the new parts listed to write. */
class Storable {
  readonly added = new Map<object, [key: string, part: unknown]>();
  readonly refs = new Set<string>();
  /** the parts this page wrote before, by key: written again if they have gone since */
  readonly earlier = new Map<string, Blob | ArrayBuffer>();

  constructor(private readonly name: DraftName) {}

  /** Parts this page wrote before that are not among the `present` keys (another tab's save or `Slett` deleted them) are added again. */
  async restoreGone(present: readonly IDBValidKey[]): Promise<void> {
    const there = new Set(present);
    for (const [key, bytes] of this.earlier) {
      if (!there.has(key)) this.added.set(bytes, [key, bytes instanceof Blob ? await blobPart(bytes) : bytes]);
    }
  }

  async of(value: unknown): Promise<unknown> {
    if (value instanceof Blob || isArrayBuffer(value)) return this.ref(value);
    if (Array.isArray(value)) return Promise.all(value.map((item) => this.of(item)));
    if (isPlainObject(value)) {
      const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await this.of(v)] as const));
      return Object.fromEntries(entries);
    }
    return value;
  }

  private async ref(bytes: Blob | ArrayBuffer): Promise<PartRef> {
    const known = partKeys.get(bytes);
    if (known) this.earlier.set(known, bytes);
    let key = known ?? this.added.get(bytes)?.[0];
    if (!key) {
      key = `${this.name}:${newId()}`;
      this.added.set(bytes, [key, null]);
      this.added.set(bytes, [key, bytes instanceof Blob ? await blobPart(bytes) : bytes]);
    }
    this.refs.add(key);
    return { storedPart: key };
  }
}

/** The value as it was saved: parts put back, stored bytes made a File (with a name) or a Blob again. */
function fromStorable(value: unknown, parts: Map<string, unknown>): unknown {
  if (isPartRef(value)) {
    const part = parts.get(value.storedPart);
    const back = fromStorable(part, parts);
    if (typeof back === "object" && back !== null) partKeys.set(back, value.storedPart);
    return back;
  }
  if (isStoredBlob(value)) {
    const { bytes, type, name, lastModified } = value;
    return name === undefined ? new Blob([bytes], { type }) : new File([bytes], name, { type, lastModified });
  }
  if (Array.isArray(value)) return value.map((item) => fromStorable(item, parts));
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromStorable(v, parts)]));
  return value;
}

const isStored = (value: unknown): value is Stored<unknown> =>
  typeof value === "object" && value !== null && typeof (value as Stored<unknown>).savedAt === "number";

/** Deletes the form's parts that `keep` does not name, of `all` the keys in the database (read when not given). */
async function dropParts(name: DraftName, db: UseStore, keep: ReadonlySet<string> = new Set(), all?: IDBValidKey[]) {
  all ??= await keys<IDBValidKey>(db);
  const unused = all.filter((key) => typeof key === "string" && key.startsWith(`${name}:`) && !keep.has(key));
  if (unused.length) await delMany(unused, db);
}

async function loadDraft(name: DraftName, db: UseStore, now: () => number): Promise<unknown> {
  const stored: unknown = await get(name, db);
  if (!isStored(stored)) return undefined;
  if (now() - stored.savedAt > DRAFT_MAX_AGE_MS) {
    await del(name, db);
    await dropParts(name, db);
    return undefined;
  }
  const keysOfParts = stored.parts ?? [];
  const parts = await getMany(keysOfParts, db);
  return fromStorable(stored.value, new Map(keysOfParts.map((key, i) => [key, parts[i]])));
}

/** Each form's saves and clears run one after another, so one's clean-up never deletes the parts of the next. */
const turns = new Map<DraftName, Promise<unknown>>();
function inTurn<R>(name: DraftName, work: () => Promise<R>): Promise<R> {
  const result = (turns.get(name) ?? Promise.resolve()).then(work, work);
  turns.set(
    name,
    result.catch(() => undefined),
  );
  return result;
}

export function draftStore<T>(name: DraftName, now: () => number = Date.now): DraftStore<T> {
  return {
    async load() {
      const db = draftsDb();
      if (!db) return undefined;
      try {
        return (await loadDraft(name, db, now)) as T | undefined;
      } catch {
        return undefined;
      }
    },
    save(value) {
      return inTurn(name, async () => {
        const db = draftsDb();
        if (!db) return false;
        try {
          const storable = new Storable(name);
          const stored: Stored<unknown> = { savedAt: now(), value: await storable.of(value) };
          stored.parts = [...storable.refs];
          const present = await keys<IDBValidKey>(db);
          await storable.restoreGone(present);
          const added = [...storable.added];
          // the new parts and the draft in one transaction: a draft never refers to a part that was not written
          await setMany([...added.map(([, entry]) => entry), [name, stored]], db);
          for (const [bytes, [key]] of added) partKeys.set(bytes, key);
          await dropParts(name, db, storable.refs, present);
          return true;
        } catch {
          return false; // storage full or refused: the form goes on without a draft
        }
      });
    },
    clear() {
      return inTurn(name, async () => {
        const db = draftsDb();
        if (!db) return;
        try {
          await del(name, db);
          await dropParts(name, db);
        } catch {
          // nothing to clear where nothing could be stored
        }
      });
    },
  };
}

/** Whether a draft waits to be restored (one that is not too old). */
export async function hasDraft(name: DraftName): Promise<boolean> {
  return (await draftStore(name).load()) !== undefined;
}
