/** The photos the quote-form specs choose, made by sharp into a folder of their own. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

const noisy = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: "#888", noise: { type: "gaussian", mean: 120, sigma: 40 } },
  });

/**
 * A phone-camera-sized photo (over 1 MB and 1920 px: it must be made smaller)
 * with a camera make and a GPS position in its EXIF, `bakdor.jpg`, a small
 * one, `skjermen.jpg`, and a PNG, `panser.png`, in a fresh folder named by
 * `label`; answers the path of a photo by name.
 */
export async function makePhotos(label: string): Promise<(name: string) => string> {
  const dir = path.join(os.tmpdir(), `${label}-${process.pid}`);
  const photo = (name: string) => path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true });
  await noisy(2400, 1800)
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: "Testkamera" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "59/1 54/1 45/1" } })
    .toFile(photo("bakdor.jpg"));
  await noisy(800, 600).jpeg().toFile(photo("skjermen.jpg"));
  await sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 30, g: 90, b: 160, alpha: 1 } } })
    .png()
    .toFile(photo("panser.png"));
  return photo;
}

/** A real photograph, kept beside this file (see test-photos/README.md for its source and licence). */
const REAL_PHOTO = path.join(__dirname, "test-photos", "coffee.jpg");

/**
 * Photos for the photo check, unambiguous either way: `skarp.jpg` (a real
 * photograph, sharp and well lit, 2000 px wide), `uskarp.jpg` (the same,
 * heavily blurred), `mork.jpg` (the same, at an eighth of its light) and
 * `skarp-2.jpg` (the sharp one again, another name).
 */
export async function makeCheckPhotos(label: string): Promise<(name: string) => string> {
  const dir = path.join(os.tmpdir(), `${label}-${process.pid}`);
  const photo = (name: string) => path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true });
  const base = sharp(await sharp(REAL_PHOTO).resize({ width: 2000 }).png().toBuffer());
  await base.clone().jpeg({ quality: 90 }).toFile(photo("skarp.jpg"));
  await base.clone().jpeg({ quality: 90 }).toFile(photo("skarp-2.jpg"));
  await base.clone().blur(14).jpeg({ quality: 90 }).toFile(photo("uskarp.jpg"));
  await base.clone().linear(0.12, 0).jpeg({ quality: 90 }).toFile(photo("mork.jpg"));
  return photo;
}
