/** @jest-environment jsdom */
/**
 * The quote form's state (useQuote) with a real draft store (fake-indexeddb),
 * fake photo work and a fake network: the send phase, the idempotency key
 * made at Send and kept with the draft, the draft coming back by itself in
 * the same tab session and only offered on a new visit.
 */
import { act, configure, renderHook, waitFor } from "@testing-library/react";
import { IDEMPOTENCY_KEY_PATTERN } from "@/lib/api/schemas";
import { getStrings } from "@/lib/content";
import { draftStore } from "@/lib/drafts/store";
import { type PhotoWork, UnreadablePhotoError } from "@/lib/photos/photo-work/types";
import type { QuoteDraft } from "@/lib/quote/draft";
import { useQuote } from "../useQuote";

configure({ asyncUtilTimeout: 5000 }); // a busy machine: IndexedDB and the sends take their time

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));
jest.mock("@/lib/config", () => ({
  config: { siteUrl: "", apiUrl: "", adminUrl: "", googleMapsApiKey: "", gtmId: "" },
}));

/** Just enough of a Response for the contract's calls (jsdom has none). */
const answer = (status: number, body: unknown = {}) =>
  ({ ok: status < 300, status, headers: new Headers(), json: async () => body }) as unknown as Response;

/** The admin host and the API: uploads answer 201 with the stored name; the inquiry answers `inquiryStatus`. */
function fakeNetwork() {
  const net = {
    uploads: [] as string[],
    uploadSizes: [] as number[],
    keys: [] as string[],
    inquiryStatus: [] as number[],
    uploadStatus: [] as number[],
  };
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith("/api/media?depth")) {
      const file = (init!.body as FormData).get("file") as File;
      const { name } = file;
      const status = net.uploadStatus.shift() ?? 201;
      if (status === 201) net.uploads.push(name);
      net.uploadSizes.push(file.size);
      return answer(status, { doc: { filename: name, url: `/api/media/file/${name}` } });
    }
    if (url.startsWith("/api/media?where")) {
      // Payload's find by name: the upload if it was stored (its answer may have been lost)
      const name = new URL(url, "http://x").searchParams.get("where[filename][equals]")!;
      const docs = net.uploads.includes(name) ? [{ filename: name, url: `/api/media/file/${name}` }] : [];
      return answer(200, { docs });
    }
    if (url === "/inquiry") {
      net.keys.push(new Headers(init?.headers).get("Idempotency-Key")!);
      return answer(net.inquiryStatus.shift() ?? 201);
    }
    throw new Error(`unexpected ${url}`);
  });
  return { net, fetch: fetch as unknown as typeof globalThis.fetch };
}

/** Photo work whose copy is a small JPEG. */
const work: PhotoWork = {
  prepare: async () => ({ blob: new Blob([new Uint8Array(4)], { type: "image/jpeg" }), width: 1, height: 1 }),
};
const strings = getStrings();
const photo = (name: string) => new File([new Uint8Array(10)], name, { type: "image/jpeg" });
const stored = () => draftStore<{ form: QuoteDraft }>("quote").load();
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

/** One visit of the page: the quote's state, once the stored draft has been read. */
async function visit(network = fakeNetwork(), photoWork = work, fetch = network.fetch) {
  const hook = renderHook(() =>
    useQuote({
      strings: strings.quoteForm,
      fieldErrors: strings.fieldErrors,
      userId: "nettside-anonym",
      thanksHref: "/takk",
      deps: { fetch, loadWork: async () => photoWork, createUrl: () => "blob:x", revokeUrl: () => {} },
    }),
  );
  await settle();
  return { hook, net: network.net };
}
type Visit = Awaited<ReturnType<typeof visit>>;

/** The form's actions and its damages as they stand. */
const quote = ({ hook }: Pick<Visit, "hook">) => ({
  ...hook.result.current.actions,
  damages: hook.result.current.view.damages,
});

/** A whole quote: the text and two damages with photos. */
async function fill(v: Visit) {
  act(() => {
    const { form } = v.hook.result.current;
    form.setValue("regNumber", "AB12345");
    form.setValue("email", "kari@example.no");
    form.setValue("phone", "912 34 567");
    quote(v).addPhotos(quote(v).damages[0]!.id, [photo("a.jpg")]);
  });
  act(() => quote(v).addDamage());
  act(() => void quote(v).addPhotos(quote(v).damages[1]!.id, [photo("b.jpg"), photo("c.jpg")]));
  await settle();
}

/** A whole quote saved in one visit, then a visit in a new tab, which is only offered it. */
async function offeredInANewTab() {
  const first = await visit();
  await fill(first);
  await waitFor(async () => expect((await stored())?.form.damages.flat()).toHaveLength(3));
  first.hook.unmount();
  newTab();
  return visit();
}

const send = (v: Visit) => act(() => v.hook.result.current.actions.send());
const newTab = () => sessionStorage.clear();

beforeEach(() => {
  push.mockClear();
  sessionStorage.clear();
});
afterEach(() => draftStore("quote").clear());

test("a send uploads every photo, goes to the thank-you page and deletes the draft", async () => {
  const v = await visit();
  await fill(v);
  await waitFor(async () => expect((await stored())?.form.regNumber).toBe("AB12345"));
  await send(v);
  await waitFor(() => expect(push).toHaveBeenCalledWith("/takk"));
  expect(v.net.uploads).toHaveLength(3);
  expect(v.net.keys).toHaveLength(1);
  const photos = v.hook.result.current.view.damages.flatMap((d) => d.photos);
  expect(photos.map((p) => p.progress?.stage)).toEqual(["done", "done", "done"]);
  expect(await stored()).toBeUndefined();
});

test("a refused inquiry ends in `failed`, keeps the key in the draft; the retry uploads nothing again", async () => {
  const v = await visit();
  v.net.inquiryStatus.push(400);
  await fill(v);
  await send(v);
  expect(v.hook.result.current.view.phase).toMatchObject({
    name: "failed",
    failure: { reason: "inquiry", status: 400 },
  });
  const key = v.net.keys[0];
  expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  await waitFor(async () => expect((await stored())?.form).toMatchObject({ inquiryKey: key, pending: false }));
  await send(v);
  await waitFor(() => expect(push).toHaveBeenCalledTimes(1));
  expect(v.net.uploads).toHaveLength(3);
  expect(v.net.keys).toEqual([key, key]);
});

test("a refused upload names the photo and its damage; nothing is sent", async () => {
  const v = await visit();
  v.net.uploadStatus.push(201, 415);
  await fill(v);
  await send(v);
  expect(v.hook.result.current.view.phase).toMatchObject({
    name: "failed",
    failure: { reason: "upload", damageIndex: 1, image: { name: "b.jpg" } },
  });
  expect(v.net.keys).toHaveLength(0);
});

test("a photo the browser cannot read is left out; a damage with no other is told at Send to add one", async () => {
  const heicUnread: PhotoWork = {
    prepare: (file, options) =>
      (file as File).name.endsWith(".heic") ? Promise.reject(new UnreadablePhotoError()) : work.prepare(file, options),
  };
  const v = await visit(fakeNetwork(), heicUnread);
  await fill(v);
  act(() => void quote(v).addPhotos(quote(v).damages[1]!.id, [photo("d.heic")]));
  act(() => quote(v).addDamage());
  act(() => void quote(v).addPhotos(quote(v).damages[2]!.id, [photo("e.heic")]));
  await settle();
  await send(v);
  expect(v.hook.result.current.view.problem).toEqual({
    kind: "images",
    damage: 2,
    message: strings.quoteForm.errors.imagesRequired.replace("{n}", "3"),
  });
  expect(v.net.uploads).toHaveLength(0);

  act(() => quote(v).removeDamage(quote(v).damages[2]!.id));
  await send(v);
  await waitFor(() => expect(push).toHaveBeenCalledWith("/takk"));
  expect(v.net.uploads).toHaveLength(3); // a, b and c: never d
});

test("leaving the page while the send runs keeps the whole quote to go by itself on the way back", async () => {
  const network = fakeNetwork();
  // the admin host answers slowly: the visitor follows a link while the photos go up
  const slow = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).startsWith("/api/media")) await new Promise((resolve) => setTimeout(resolve, 150));
    return network.fetch(input, init);
  }) as typeof fetch;
  const v = await visit(network, work, slow);
  await fill(v);
  await act(async () => {
    void v.hook.result.current.actions.send();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  v.hook.unmount();
  await act(() => new Promise((resolve) => setTimeout(resolve, 400))); // the send runs on, and fails
  const draft = (await stored())!.form;
  expect(draft.regNumber).toBe("AB12345");
  expect(draft.damages.map((d) => d.length)).toEqual([1, 2]);
  expect(draft.pending).toBe(true);
  expect(network.net.keys).toHaveLength(0);

  // back on the form in the same tab: it goes by itself, the photos stored meanwhile are found, not sent again
  await visit(network);
  await waitFor(() => expect(push).toHaveBeenCalledWith("/takk"));
  expect(network.net.keys).toEqual([draft.inquiryKey]);
  expect(network.net.uploads).toHaveLength(3);
});

test("a second send while one runs does nothing", async () => {
  const v = await visit();
  await fill(v);
  await act(async () => {
    const first = v.hook.result.current.actions.send();
    await v.hook.result.current.actions.send();
    await first;
  });
  await waitFor(() => expect(push).toHaveBeenCalledTimes(1));
  expect(v.net.keys).toHaveLength(1);
});

test("Send pressed offline: the key is saved with pending, and a reload of the tab sends it by itself, same key", async () => {
  const v = await visit();
  await fill(v);
  const online = jest.spyOn(navigator, "onLine", "get").mockReturnValue(false);
  await send(v);
  expect(v.hook.result.current.view.phase).toEqual({ name: "offline" });
  await waitFor(async () => expect((await stored())?.form.pending).toBe(true));
  const key = (await stored())!.form.inquiryKey;
  expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  v.hook.unmount();
  online.mockRestore();

  const next = await visit();
  await waitFor(() => expect(push).toHaveBeenCalledWith("/takk"));
  expect(next.net.keys).toEqual([key]);
  expect(next.net.uploads).toHaveLength(3);
});

test("a changed quote after a failed send gets a new key; Start på nytt drops the key and the draft", async () => {
  const v = await visit();
  v.net.inquiryStatus.push(400);
  await fill(v);
  await send(v);
  const [key] = v.net.keys;
  act(() => v.hook.result.current.form.setValue("phone", "987 65 432"));
  v.net.inquiryStatus.push(400);
  await send(v);
  expect(v.net.keys.at(-1)).not.toBe(key);
  await act(() => v.hook.result.current.actions.startOver());
  await settle();
  expect(await stored()).toBeUndefined();
  expect(v.hook.result.current.form.getValues("regNumber")).toBe("");
  expect(v.hook.result.current.view.damages).toEqual([{ id: expect.any(String), photos: [] }]);
});

test("within the tab session the draft comes back by itself; what was typed before it was read wins", async () => {
  const first = await visit();
  await fill(first);
  await waitFor(async () => expect((await stored())?.form.damages.flat()).toHaveLength(3));
  first.hook.unmount();

  const reload = await visit();
  expect(reload.hook.result.current.view.draft.restored).toBe(true);
  expect(reload.hook.result.current.form.getValues("email")).toBe("kari@example.no");
  expect(reload.hook.result.current.view.damages.map((d) => d.photos.length)).toEqual([1, 2]);
  reload.hook.unmount();

  const quicker = renderHook(() =>
    useQuote({ strings: strings.quoteForm, fieldErrors: strings.fieldErrors, userId: "x", thanksHref: "/takk" }),
  );
  act(() => quicker.result.current.form.setValue("email", "ola@example.no")); // before the draft is read
  await settle();
  expect(quicker.result.current.view.draft.restored).toBe(false);
  expect(quicker.result.current.form.getValues("regNumber")).toBeUndefined();
});

test("photos still being prepared when the tab goes come back with the draft, are prepared and sent", async () => {
  const never: PhotoWork = { prepare: () => new Promise(() => {}) }; // the tab goes before any copy is made
  const first = await visit(fakeNetwork(), never);
  await fill(first);
  expect(first.hook.result.current.view.damages.flatMap((d) => d.photos.map((p) => p.stage))).not.toContain("ready");
  await waitFor(async () => expect((await stored())?.form.damages.flat()).toHaveLength(3));
  first.hook.unmount();

  const again = await visit();
  await waitFor(() =>
    expect(again.hook.result.current.view.damages.map((d) => d.photos.map((p) => [p.name, p.stage]))).toEqual([
      [["a.jpg", "ready"]],
      [
        ["b.jpg", "ready"],
        ["c.jpg", "ready"],
      ],
    ]),
  );
  await send(again);
  await waitFor(() => expect(push).toHaveBeenCalledWith("/takk"));
  expect(again.net.uploads).toHaveLength(3);
  expect(again.net.uploadSizes).toEqual([4, 4, 4]); // the prepared copies, never the files as chosen
});

test("a new visit is only offered the draft: nothing of it is in the form until Fortsett; Slett deletes it", async () => {
  const other = await offeredInANewTab();
  const { view, form } = other.hook.result.current;
  expect(view.draft.offer).toBeInstanceOf(Date);
  expect(view.draft.restored).toBe(false);
  expect(form.getValues("email")).toBeUndefined();
  expect(view.damages.flatMap((d) => d.photos)).toEqual([]);
  act(() => other.hook.result.current.view.draft.accept());
  expect(other.hook.result.current.form.getValues("email")).toBe("kari@example.no");
  expect(other.hook.result.current.view.damages.map((d) => d.photos.length)).toEqual([1, 2]);
  other.hook.unmount();

  newTab();
  const third = await visit();
  await act(() => third.hook.result.current.view.draft.decline());
  expect(await stored()).toBeUndefined();
  expect(third.hook.result.current.view.draft.offer).toBeUndefined();
});

test("Fortsett keeps what was entered meanwhile: a field typed stays, the draft fills the rest, both photos stay", async () => {
  const other = await offeredInANewTab();
  act(() => {
    other.hook.result.current.form.setValue("email", "ola@example.no");
    quote(other).addPhotos(quote(other).damages[0]!.id, [photo("ny.jpg")]);
  });
  await settle();
  act(() => other.hook.result.current.view.draft.accept());
  const { form, view } = other.hook.result.current;
  expect(form.getValues()).toMatchObject({ regNumber: "AB12345", email: "ola@example.no", phone: "912 34 567" });
  expect(view.damages.map((d) => d.photos.map((p) => p.name))).toEqual([
    ["a.jpg", "ny.jpg"],
    ["b.jpg", "c.jpg"],
  ]);
  await waitFor(async () => expect((await stored())?.form.email).toBe("ola@example.no"));
  expect((await stored())!.form.damages.flat()).toHaveLength(4);
});

test("Fortsett on a quote that waited offline, with something entered meanwhile, waits for the visitor's Send", async () => {
  const first = await visit();
  await fill(first);
  const online = jest.spyOn(navigator, "onLine", "get").mockReturnValue(false);
  await send(first);
  await waitFor(async () => expect((await stored())?.form.pending).toBe(true));
  first.hook.unmount();
  online.mockRestore();

  newTab();
  const other = await visit();
  act(() => other.hook.result.current.form.setValue("message", "Også en ripe i lakken."));
  act(() => other.hook.result.current.view.draft.accept());
  await settle();
  expect(other.hook.result.current.view.phase).toEqual({ name: "editing" });
  expect(other.net.keys).toEqual([]);
  expect(other.hook.result.current.form.getValues("message")).toBe("Også en ripe i lakken.");
  await waitFor(async () => expect((await stored())?.form).toMatchObject({ message: "Også en ripe i lakken." }));
  expect((await stored())!.form.pending).toBe(false);
  other.hook.unmount();

  const reloaded = await visit(); // the same tab: the draft comes back by itself, and still waits
  await settle();
  expect(reloaded.hook.result.current.view.draft.restored).toBe(true);
  expect(reloaded.net.keys).toEqual([]);
  expect(push).not.toHaveBeenCalled();
});

test("a quote waiting offline that is no longer complete when the connection returns waits for the visitor", async () => {
  const v = await visit();
  await fill(v);
  const online = jest.spyOn(navigator, "onLine", "get").mockReturnValue(false);
  await send(v);
  expect(v.hook.result.current.view.phase).toEqual({ name: "offline" });
  // the only photo of Skade 1 removed, to be taken again
  act(() => quote(v).removePhoto(quote(v).damages[0]!.photos[0]!.key));
  online.mockReturnValue(true);
  await act(async () => {
    window.dispatchEvent(new Event("online"));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(v.hook.result.current.view.phase).toEqual({ name: "editing" });
  expect(v.hook.result.current.view.problem).toMatchObject({ kind: "images", damage: 0 });
  await waitFor(async () => expect((await stored())?.form.pending).toBe(false));
  expect(v.net.keys).toEqual([]);
  online.mockRestore();
});

test("Send while an earlier draft is only offered keeps this quote: offline, it is saved to go by itself", async () => {
  const first = await visit();
  act(() => {
    first.hook.result.current.form.setValue("regNumber", "GAMMEL1");
    first.hook.result.current.actions.edited("regNumber");
  });
  await waitFor(async () => expect((await stored())?.form.regNumber).toBe("GAMMEL1"));
  first.hook.unmount();

  newTab();
  const other = await visit();
  expect(other.hook.result.current.view.draft.offer).toBeInstanceOf(Date);
  await fill(other);
  const online = jest.spyOn(navigator, "onLine", "get").mockReturnValue(false);
  await send(other);
  expect(other.hook.result.current.view.phase).toEqual({ name: "offline" });
  expect(other.hook.result.current.view.draft.offer).toBeUndefined();
  await waitFor(async () => expect((await stored())?.form).toMatchObject({ regNumber: "AB12345", pending: true }));
  expect((await stored())!.form.damages.flat()).toHaveLength(3);
  online.mockRestore();
});
