/** Drafts on the device: saved, restored, dropped after 30 days, kept where IndexedDB refuses Blobs, and a refusal told. */
import { DRAFT_MAX_AGE_MS, draftStore } from "../store";

/** Whether a value holds a Blob anywhere. */
function holdsBlob(value: unknown): boolean {
  if (value instanceof Blob) return true;
  if (typeof value === "object" && value !== null) return Object.values(value).some(holdsBlob);
  return false;
}

/** IndexedDB as WebKit's private windows have it: a value holding a Blob is refused when the transaction runs. */
function refuseBlobs() {
  const original = IDBObjectStore.prototype.put;
  return jest.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore, value, key) {
    if (holdsBlob(value)) {
      this.transaction.abort(); // "UnknownError: Error preparing Blob/File data to be stored in object store"
      return {} as IDBRequest<IDBValidKey>;
    }
    return original.call(this, value, key);
  });
}

const DAY = 24 * 60 * 60 * 1000;

describe("a draft", () => {
  test("comes back as it was saved, photos included, and is gone after clear", async () => {
    const photo = new Blob([new Uint8Array([1, 2, 3])], { type: "image/jpeg" });
    const drafts = draftStore<{ email: string; photo: Blob }>("quote");
    await drafts.save({ email: "kari@example.no", photo });
    const back = await drafts.load();
    expect(back?.email).toBe("kari@example.no");
    expect(new Uint8Array(await back!.photo.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    await drafts.clear();
    expect(await drafts.load()).toBeUndefined();
  });

  test("each form has its own", async () => {
    await draftStore<string>("booking").save("booking");
    await draftStore<string>("calculator").save("calculator");
    expect(await draftStore<string>("booking").load()).toBe("booking");
    expect(await draftStore<string>("calculator").load()).toBe("calculator");
  });

  test("older than 30 days it is dropped unread, and deleted", async () => {
    let now = 1_000_000_000_000;
    const drafts = draftStore<string>("quote", () => now);
    await drafts.save("gammel");
    now += DRAFT_MAX_AGE_MS - DAY;
    expect(await drafts.load()).toBe("gammel");
    now += 2 * DAY;
    expect(await drafts.load()).toBeUndefined();
    now -= 2 * DAY; // even back in time: it was deleted, not just hidden
    expect(await drafts.load()).toBeUndefined();
  });

  test("when storage refuses (private mode, quota), save answers false and load finds nothing", async () => {
    const drafts = draftStore<string>("booking");
    const put = jest.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    await expect(drafts.save("x".repeat(10))).resolves.toBe(false);
    put.mockRestore();
    const getSpy = jest.spyOn(IDBObjectStore.prototype, "get").mockImplementation(() => {
      throw new DOMException("refused", "InvalidStateError");
    });
    await expect(drafts.load()).resolves.toBeUndefined();
    getSpy.mockRestore();
  });
});

describe("a page served over plain http", () => {
  test("has no crypto.randomUUID, and still saves a draft with its photo", async () => {
    const real = globalThis.crypto;
    const described = Object.getOwnPropertyDescriptor(globalThis, "crypto")!;
    const overHttp = { subtle: real.subtle, getRandomValues: real.getRandomValues.bind(real) };
    Object.defineProperty(globalThis, "crypto", { value: overHttp, configurable: true });
    try {
      expect(crypto.randomUUID).toBeUndefined();
      const photo = new Blob([new Uint8Array([4, 5, 6])], { type: "image/jpeg" });
      const drafts = draftStore<{ email: string; photo: Blob }>("quote");
      await expect(drafts.save({ email: "kari@example.no", photo })).resolves.toBe(true);
      const back = await drafts.load();
      expect(back?.email).toBe("kari@example.no");
      expect(new Uint8Array(await back!.photo.arrayBuffer())).toEqual(new Uint8Array([4, 5, 6]));
      await drafts.clear();
    } finally {
      Object.defineProperty(globalThis, "crypto", described);
    }
  });
});

describe("photos in a draft", () => {
  const photo = () =>
    new File([new Uint8Array([0xff, 0xd8, 0xff, 7, 8, 9])], "skade.jpg", {
      type: "image/jpeg",
      lastModified: 1_700_000_000_000,
    });

  test("are kept where IndexedDB refuses Blobs, and come back as the same files at any depth", async () => {
    const put = refuseBlobs();
    const drafts = draftStore<{ email: string; damages: { images: { key: string; blob: Blob }[] }[]; thumb: Blob }>(
      "quote",
    );
    const saved = await drafts.save({
      email: "kari@example.no",
      damages: [{ images: [{ key: "a", blob: photo() }] }],
      thumb: new Blob([new Uint8Array([1, 2])], { type: "image/png" }),
    });
    expect(saved).toBe(true);
    const back = await drafts.load();
    put.mockRestore();
    const file = back!.damages[0]!.images[0]!.blob as File;
    expect(file).toBeInstanceOf(File);
    expect([file.name, file.type, file.lastModified]).toEqual(["skade.jpg", "image/jpeg", 1_700_000_000_000]);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 7, 8, 9]));
    expect(back!.thumb).not.toBeInstanceOf(File);
    expect(back!.thumb.type).toBe("image/png");
    expect(new Uint8Array(await back!.thumb.arrayBuffer())).toEqual(new Uint8Array([1, 2]));
    expect(back!.email).toBe("kari@example.no");
  });

  test("a refusal while the transaction runs is told: save answers false, and no earlier draft is claimed", async () => {
    const drafts = draftStore<string>("booking");
    await drafts.clear();
    const put = jest.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore) {
      this.transaction.abort();
      return {} as IDBRequest<IDBValidKey>;
    });
    await expect(drafts.save("tekst")).resolves.toBe(false);
    put.mockRestore();
    expect(await drafts.load()).toBeUndefined();
  });

  test("values that are not files are kept as they are: numbers, null, dates, nested arrays", async () => {
    const drafts = draftStore<unknown>("calculator");
    const value = { n: 1, none: null, when: new Date(5), list: [[1, "to"], { deep: true }] };
    expect(await drafts.save(value)).toBe(true);
    expect(await drafts.load()).toEqual(value);
  });
});

describe("photo bytes in a draft", () => {
  /** The values IndexedDB is asked to store that hold bytes, as the draft is saved. */
  function watchPuts() {
    const original = IDBObjectStore.prototype.put;
    const withBytes: unknown[] = [];
    const put = jest.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore, v, k) {
      if (JSON.stringify(v, (_, x: unknown) => (x instanceof ArrayBuffer ? "BYTES" : x)).includes("BYTES"))
        withBytes.push(v);
      return original.call(this, v, k);
    });
    return { withBytes, restore: () => put.mockRestore() };
  }
  const storedKeys = () =>
    new Promise<IDBValidKey[]>((resolve) => {
      const open = indexedDB.open("bulkeklinikken-utkast");
      open.onsuccess = () => {
        const request = open.result.transaction("utkast").objectStore("utkast").getAllKeys();
        request.onsuccess = () => resolve(request.result);
      };
    });

  test("are written once: saving the draft again with the same photo copies only the text", async () => {
    const drafts = draftStore<{ email: string; photos: ArrayBuffer[] }>("quote");
    const photo = new Uint8Array([9, 8, 7]).buffer;
    const puts = watchPuts();
    await drafts.save({ email: "kari@example.no", photos: [photo] });
    await drafts.save({ email: "kari.nordmann@example.no", photos: [photo] });
    await drafts.save({ email: "kari.nordmann@example.no", photos: [photo, photo] });
    puts.restore();
    expect(puts.withBytes).toHaveLength(1);
    const back = await drafts.load();
    expect(back?.email).toBe("kari.nordmann@example.no");
    expect(back!.photos.map((bytes) => [...new Uint8Array(bytes)])).toEqual([
      [9, 8, 7],
      [9, 8, 7],
    ]);
  });

  test("a photo the draft no longer holds is deleted from the device, and clear deletes them all", async () => {
    const drafts = draftStore<ArrayBuffer[]>("quote");
    await drafts.clear();
    const kept = new Uint8Array([1]).buffer;
    await drafts.save([kept, new Uint8Array([2]).buffer]);
    expect((await storedKeys()).filter((k) => String(k).startsWith("quote:"))).toHaveLength(2);
    await drafts.save([kept]);
    expect((await storedKeys()).filter((k) => String(k).startsWith("quote:"))).toHaveLength(1);
    expect((await drafts.load())!.map((bytes) => [...new Uint8Array(bytes)])).toEqual([[1]]);
    await drafts.clear();
    expect((await storedKeys()).filter((k) => String(k).startsWith("quote"))).toHaveLength(0);
  });

  test("saves one after another never lose a photo: the last draft comes back whole", async () => {
    const drafts = draftStore<ArrayBuffer[]>("quote");
    const saves = [1, 2, 3].map((n) => drafts.save([new Uint8Array([n]).buffer]));
    expect(await Promise.all(saves)).toEqual([true, true, true]);
    expect((await drafts.load())!.map((bytes) => [...new Uint8Array(bytes)])).toEqual([[3]]);
  });
});

describe("two tabs, one draft", () => {
  test("a photo another tab's Slett (or save) deleted is written again at this tab's next save", async () => {
    const photo = new Blob([new Uint8Array([7, 8, 9])], { type: "image/jpeg" });
    const thisTab = draftStore<{ email: string; photo: Blob }>("quote");
    await thisTab.save({ email: "kari@example.no", photo });
    await draftStore("quote").clear(); // the other tab: Slett
    await thisTab.save({ email: "kari@example.no", photo }); // this tab goes on typing
    const back = await thisTab.load();
    expect(new Uint8Array(await back!.photo.arrayBuffer())).toEqual(new Uint8Array([7, 8, 9]));
  });
});
