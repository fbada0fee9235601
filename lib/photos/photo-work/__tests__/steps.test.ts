/** The photo work's arithmetic: the copies' sizes and the quality loop that keeps a copy within budget. */
import { CHECK_LONG_SIDE } from "../../photo-check";
import { checkSize, encodeWithinBudget, fitWithin, JPEG_QUALITIES, type Size } from "../steps";
import { MAX_PREPARED_BYTES, MAX_PREPARED_SIDE } from "../types";

describe("the sizes", () => {
  test("a phone photo fits within the longest side, its proportions kept", () => {
    expect(fitWithin({ width: 4000, height: 3000 }, MAX_PREPARED_SIDE)).toEqual({ width: 1920, height: 1440 });
    expect(fitWithin({ width: 3000, height: 4000 }, MAX_PREPARED_SIDE)).toEqual({ width: 1440, height: 1920 });
  });

  test("a small photo is never enlarged, and a thin one never loses its last pixel", () => {
    expect(fitWithin({ width: 800, height: 600 }, MAX_PREPARED_SIDE)).toEqual({ width: 800, height: 600 });
    expect(fitWithin({ width: 10000, height: 2 }, MAX_PREPARED_SIDE)).toEqual({ width: 1920, height: 1 });
  });

  test("the check copy's longest side is the photo check's, whatever the photo's size", () => {
    expect(checkSize({ width: 4000, height: 3000 })).toEqual({ width: CHECK_LONG_SIDE, height: 384 });
    expect(checkSize({ width: 300, height: 400 })).toEqual({ width: 384, height: CHECK_LONG_SIDE });
  });
});

/** A fake encoder whose bytes grow with quality and area, as a JPEG's do. */
function fakeEncoder(bytesPerPixelAtFull: number) {
  const calls: [Size, number][] = [];
  const encode = async (size: Size, quality: number) => {
    calls.push([size, quality]);
    return new Blob([new Uint8Array(Math.round(size.width * size.height * bytesPerPixelAtFull * quality))]);
  };
  return { calls, encode };
}

describe("the quality loop", () => {
  test("a copy that fits at the best quality is encoded once", async () => {
    const { calls, encode } = fakeEncoder(0.2);
    const result = await encodeWithinBudget({ width: 4000, height: 3000 }, encode);
    expect(calls).toEqual([[{ width: 1920, height: 1440 }, JPEG_QUALITIES[0]]]);
    expect(result).toMatchObject({ width: 1920, height: 1440 });
  });

  test("too large: lower qualities are tried in turn until the bytes fit", async () => {
    const { calls, encode } = fakeEncoder(0.55); // 0.85 → 1.29 MB, 0.75 → 1.14 MB, 0.65 → 0.99 MB
    const result = await encodeWithinBudget({ width: 4000, height: 3000 }, encode);
    expect(calls.map(([, quality]) => quality)).toEqual([0.85, 0.75, 0.65]);
    expect(result.blob.size).toBeLessThanOrEqual(MAX_PREPARED_BYTES);
    expect(result).toMatchObject({ width: 1920, height: 1440 });
  });

  test("too large at every quality: the copy is made smaller and tried again, never returned over budget", async () => {
    const { calls, encode } = fakeEncoder(1.5);
    const result = await encodeWithinBudget({ width: 4000, height: 3000 }, encode);
    expect(result.blob.size).toBeLessThanOrEqual(MAX_PREPARED_BYTES);
    expect(result.width).toBeLessThan(1920);
    expect(result.width / result.height).toBeCloseTo(4 / 3, 1);
    expect(calls.slice(0, JPEG_QUALITIES.length).every(([size]) => size.width === 1920)).toBe(true);
  });
});
