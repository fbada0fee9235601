/** Drafts on the device: saved, restored, dropped after 30 days, and silent when storage fails. */
import "fake-indexeddb/auto";
import { DRAFT_MAX_AGE_MS, draftStore } from "../store";

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

  test("when storage refuses (private mode, quota), save and load quietly do nothing", async () => {
    const drafts = draftStore<string>("booking");
    const put = jest.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    await expect(drafts.save("x".repeat(10))).resolves.toBeUndefined();
    put.mockRestore();
    const getSpy = jest.spyOn(IDBObjectStore.prototype, "get").mockImplementation(() => {
      throw new DOMException("refused", "InvalidStateError");
    });
    await expect(drafts.load()).resolves.toBeUndefined();
    getSpy.mockRestore();
  });
});
