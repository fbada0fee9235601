/** @jest-environment jsdom */
import { act, renderHook, waitFor } from "@testing-library/react";
import type { QuoteFormValues, QuoteImage } from "@/lib/quote/form";
import type { Compressor } from "@/lib/quote/pipeline";
import { useQuoteSubmission } from "../useQuoteSubmission";

jest.mock("@/lib/config", () => ({
  config: { siteUrl: "", apiUrl: "", adminUrl: "", googleMapsApiKey: "", gtmId: "" },
}));

/** Just enough of a Response for the contract's calls (jsdom has none). */
const answer = (status: number, body: unknown = {}) =>
  ({ ok: status < 300, status, headers: new Headers(), json: async () => body }) as unknown as Response;

/** The admin host and the API: uploads answer 201 with the stored name; the inquiry answers `inquiryStatus`. */
function fakeNetwork() {
  const net = { uploads: [] as string[], inquiries: 0, inquiryStatus: [] as number[], uploadStatus: [] as number[] };
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith("/api/media?depth")) {
      const name = ((init!.body as FormData).get("file") as File).name;
      const status = net.uploadStatus.shift() ?? 201;
      if (status === 201) net.uploads.push(name);
      return answer(status, { doc: { filename: name, url: `/api/media/file/${name}` } });
    }
    if (url === "/inquiry") {
      const status = net.inquiryStatus.shift() ?? 201;
      if (status === 201) net.inquiries++;
      return answer(status);
    }
    throw new Error(`unexpected ${url}`);
  });
  return { net, fetch: fetch as unknown as typeof globalThis.fetch };
}

const keep: Compressor = async (file, onProgress) => {
  onProgress(100);
  return file;
};
const image = (key: string): QuoteImage => ({ key, file: new File(["x"], `${key}.jpg`, { type: "image/jpeg" }) });
const values = (): QuoteFormValues => ({
  regNumber: "AB12345",
  email: "kari@example.no",
  phone: "912 34 567",
  message: "",
  damages: [
    { message: "", images: [image("a")] },
    { message: "", images: [image("b"), image("c")] },
  ],
});

function setup() {
  const { net, fetch } = fakeNetwork();
  const onSent = jest.fn();
  const onKept = jest.fn();
  const hook = renderHook(() =>
    useQuoteSubmission({
      fetch,
      compress: async () => keep,
      userId: "nettside-anonym",
      previewUrl: (image) => `blob:${image.key}`,
      resend: () => {},
      onSent,
      onKept,
    }),
  );
  return { net, onSent, onKept, hook };
}

test("a send lists every image with its damage, reports progress, and ends in onSent", async () => {
  const { net, onSent, hook } = setup();
  expect(hook.result.current.phase).toEqual({ name: "editing" });
  let failure: unknown = "not yet";
  await act(async () => {
    failure = await hook.result.current.send(values());
  });
  expect(failure).toBeUndefined();
  expect(onSent).toHaveBeenCalledTimes(1);
  expect(net.inquiries).toBe(1);
  expect(hook.result.current.items).toEqual([
    { key: "a", name: "a.jpg", damage: 1, preview: "blob:a" },
    { key: "b", name: "b.jpg", damage: 2, preview: "blob:b" },
    { key: "c", name: "c.jpg", damage: 2, preview: "blob:c" },
  ]);
  expect(Object.values(hook.result.current.progress).map((p) => p.stage)).toEqual(["done", "done", "done"]);
  expect(hook.result.current.sendingInquiry).toBe(true);
  // the form stays behind the progress view while the next page loads
  expect(hook.result.current.phase).toEqual({ name: "sending" });
});

test("a refused inquiry ends in `failed`; the retry sends it without uploading the images again", async () => {
  const { net, onSent, hook } = setup();
  net.inquiryStatus.push(400);
  await act(async () => {
    await hook.result.current.send(values());
  });
  expect(hook.result.current.phase).toMatchObject({ name: "failed", failure: { reason: "inquiry", status: 400 } });
  expect(onSent).not.toHaveBeenCalled();
  expect(net.uploads).toHaveLength(3);

  await act(async () => {
    await hook.result.current.send(values());
  });
  expect(onSent).toHaveBeenCalledTimes(1);
  expect(net.uploads).toHaveLength(3);
  expect(net.inquiries).toBe(1);
});

test("a refused upload names the image and its damage; a forgotten image is uploaded again", async () => {
  const { net, hook } = setup();
  net.uploadStatus.push(201, 415);
  let failure: unknown;
  await act(async () => {
    failure = await hook.result.current.send(values());
  });
  expect(failure).toMatchObject({ reason: "upload", damageIndex: 1, image: { key: "b" } });
  expect(hook.result.current.phase).toMatchObject({ name: "failed", failure: { reason: "upload" } });
  expect(net.inquiries).toBe(0);

  act(() => hook.result.current.forget("a"));
  await act(async () => {
    await hook.result.current.send(values());
  });
  expect(net.uploads.filter((name) => name.endsWith(".jpg"))).toHaveLength(4); // a twice, then b and c
  expect(net.inquiries).toBe(1);
});

test("a second send while one runs does nothing", async () => {
  const { net, onSent, hook } = setup();
  let second: unknown = "not yet";
  await act(async () => {
    const first = hook.result.current.send(values());
    second = await hook.result.current.send(values());
    await first;
  });
  expect(second).toBeUndefined();
  await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
  expect(net.inquiries).toBe(1);
});

test("each upload name chosen and each upload stored asks for the draft to be saved; Start på nytt forgets them", async () => {
  const { onKept, hook } = setup();
  await act(async () => {
    await hook.result.current.send(values());
  });
  expect(onKept).toHaveBeenCalledTimes(6); // three names, three stored uploads
  const { kept } = hook.result.current;
  expect([...kept.uploadNames.keys()].sort()).toEqual(["a", "b", "c"]);
  expect([...kept.uploaded.values()].map((ref) => ref.filename).sort()).toEqual([...kept.uploadNames.values()].sort());
  act(() => hook.result.current.reset());
  expect([kept.uploaded.size, kept.uploadNames.size, kept.inquiryKey]).toEqual([0, 0, undefined]);
});
