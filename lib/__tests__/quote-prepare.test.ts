/** Photos made ready as they are chosen: one at a time, cancelled when removed. */
import type { QuoteImage } from "../quote/form";
import type { Compressor } from "../quote/pipeline";
import { createImagePreparer, type PrepareState } from "../quote/prepare";

const image = (key: string, size = 1000): QuoteImage => ({
  key,
  file: new File([new Uint8Array(size)], `${key}.jpg`, { type: "image/jpeg" }),
});

/** A compressor the test finishes by hand, one call at a time. */
function manualCompressor() {
  const calls: { file: File; signal?: AbortSignal; finish: () => void }[] = [];
  const compressor: Compressor = (file, onProgress, signal) =>
    new Promise((resolve, reject) => {
      onProgress(10);
      signal?.addEventListener("abort", () => reject(new Error("avbrutt")));
      calls.push({ file, signal, finish: () => resolve(new Blob([new Uint8Array(file.size / 2)])) });
    });
  return { calls, compress: async () => compressor };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test("compresses one image at a time, in the order chosen, and keeps the copies", async () => {
  const { calls, compress } = manualCompressor();
  const states: [string, PrepareState | undefined][] = [];
  const preparer = createImagePreparer(compress, (key, state) => states.push([key, state]));
  preparer.add(image("a"));
  preparer.add(image("b"));
  await tick();
  expect(calls.map((c) => c.file.name)).toEqual(["a.jpg"]);
  expect(states).toContainEqual(["a", { stage: "compressing", percent: 10 }]);
  expect(states).toContainEqual(["b", { stage: "waiting", percent: 0 }]);
  calls[0]!.finish();
  expect((await preparer.result("a"))!.size).toBe(500);
  await tick();
  expect(calls.map((c) => c.file.name)).toEqual(["a.jpg", "b.jpg"]);
  calls[1]!.finish();
  await preparer.result("b");
  expect([...preparer.compressed().keys()]).toEqual(["a", "b"]);
  expect(states.at(-1)).toEqual(["b", { stage: "ready", percent: 100 }]);
});

test("removing an image cancels its work and moves on to the next", async () => {
  const { calls, compress } = manualCompressor();
  const preparer = createImagePreparer(compress);
  preparer.add(image("a"));
  preparer.add(image("b"));
  await tick();
  preparer.remove("a");
  expect(calls[0]!.signal!.aborted).toBe(true);
  await tick();
  await tick();
  expect(calls.map((c) => c.file.name)).toEqual(["a.jpg", "b.jpg"]);
  expect(preparer.result("a")).toBeUndefined();
  expect(preparer.compressed().has("a")).toBe(false);
});

test("a copy compressed before (a restored draft) is ready at once", async () => {
  const { calls, compress } = manualCompressor();
  const preparer = createImagePreparer(compress);
  const copy = new Blob([new Uint8Array(7)]);
  preparer.add(image("a"), copy);
  expect(await preparer.result("a")).toBe(copy);
  expect(calls).toHaveLength(0);
});

test("an image that cannot be compressed is kept as it is", async () => {
  const preparer = createImagePreparer(async () => {
    throw new Error("no worker");
  });
  const a = image("a");
  preparer.add(a);
  expect(await preparer.result("a")).toBe(a.file);
  expect(preparer.compressed().size).toBe(0);
});
