import sharp from "sharp";
import { judgePhoto, measurePhoto, type Pixels } from "../photo-check";

const W = 512;
const H = 384;

/** A grey picture from a function of (x, y) → luminance 0–255, as RGBA. */
function picture(shade: (x: number, y: number) => number): Pixels {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const v = shade(x, y);
      data.set([v, v, v, 255], (y * W + x) * 4);
    }
  }
  return { data, width: W, height: H };
}

/** A Gaussian blur of σ px (sharp's). */
async function blur({ data, width, height }: Pixels, sigma: number): Promise<Pixels> {
  const out = await sharp(Buffer.from(data), { raw: { width, height, channels: 4 } })
    .blur(sigma)
    .raw()
    .toBuffer();
  return { data: new Uint8ClampedArray(out), width, height };
}

const checkerboard = picture((x, y) => ((Math.floor(x / 16) + Math.floor(y / 16)) % 2 ? 220 : 40));

test("a sharp, well-lit checkerboard is ok", () => {
  expect(judgePhoto(measurePhoto(checkerboard))).toBe("ok");
});

test("the same checkerboard blurred (σ 2 px at 512, a blur a phone's shake gives) is blurred", async () => {
  expect(judgePhoto(measurePhoto(await blur(checkerboard, 2)))).toBe("blurred");
});

test("the same checkerboard with a third of the light is dark", () => {
  const dark = picture((x, y) => checkerboard.data[(y * W + x) * 4]! * 0.33);
  expect(judgePhoto(measurePhoto(dark))).toBe("dark");
});

test("a plain panel (a smooth gradient) with one sharp edge is not called blurred", async () => {
  const panel = picture((x, y) => 120 + (y / H) * 80 - (y > 200 + x * 0.1 ? 50 : 0));
  expect(judgePhoto(measurePhoto(panel))).toBe("ok");
  // and with that one edge blurred, it is
  expect(judgePhoto(measurePhoto(await blur(panel, 2)))).toBe("blurred");
});

test("a photo with only smooth areas (no edge to judge) is not called blurred", () => {
  expect(judgePhoto(measurePhoto(picture((x) => 100 + (x / W) * 120)))).toBe("ok");
});

describe("a photo with almost no detail", () => {
  /** A bare panel: a smooth gradient with a soft, wide reflection across it, and no edge. */
  const bare = picture((x, y) => 110 + (y / H) * 70 + 40 * Math.exp(-(((x - 0.45 * W) / (0.12 * W)) ** 2)));
  /** The same panel with one crisp crease. */
  const creased = picture((x, y) => bare.data[(y * W + x) * 4]! - (y > 200 + x * 0.1 ? 40 : 0));

  test("a bare, smooth panel is not called blurred, nor is a blur of it (it looks the same)", async () => {
    expect(judgePhoto(measurePhoto(bare))).toBe("ok");
    expect(judgePhoto(measurePhoto(await blur(bare, 6)))).toBe("ok");
  });

  test("a panel whose one crease is blurred until only a faint edge is left is called blurred", async () => {
    expect(judgePhoto(measurePhoto(creased))).toBe("ok");
    const faint = await blur(creased, 12);
    expect(judgePhoto(measurePhoto(faint))).toBe("blurred");
  });

  test("a badly blurred scene, with no edge of ordinary strength left, is called blurred", async () => {
    expect(judgePhoto(measurePhoto(await blur(checkerboard, 16)))).toBe("blurred");
  });
});

test("RGB bytes are read as well as RGBA", () => {
  const rgb = new Uint8Array(W * H * 3);
  for (let i = 0; i < W * H; i++) rgb.set(checkerboard.data.subarray(i * 4, i * 4 + 3), i * 3);
  expect(measurePhoto({ data: rgb, width: W, height: H, channels: 3 })).toEqual(measurePhoto(checkerboard));
});
