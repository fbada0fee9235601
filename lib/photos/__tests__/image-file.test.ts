/** Which chosen files the quote takes as images. */
import { FIELD_LIMITS } from "../../api/schemas";
import { asImage, pickImages } from "../photos";

const file = (name: string, type: string) => new File(["x"], name, { type, lastModified: 5 });

test("a file the browser calls an image is taken as it is", () => {
  const photo = file("bilde.jpg", "image/jpeg");
  expect(asImage(photo)).toBe(photo);
});

test("a HEIC photo without a type (some phones) gets the type its extension names", () => {
  const image = asImage(file("IMG_0001.HEIC", ""));
  expect(image?.type).toBe("image/heic");
  expect(image?.name).toBe("IMG_0001.HEIC");
  expect(image?.lastModified).toBe(5);
});

test.each([
  ["notat.pdf", "application/pdf"],
  ["notat.txt", ""],
  ["bilde.jpg", "application/octet-stream"], // a type that is not an image is believed
  ["tegning.svg", "text/xml"],
  ["tegning.svg", "image/svg+xml"], // an image type, but not one we take: it can carry script
])("%s (%s) is not an image", (name, type) => {
  expect(asImage(file(name, type))).toBeUndefined();
});

test("pickImages names the files that are not images and stops at the damage's limit", () => {
  const files = [file("a.jpg", "image/jpeg"), file("b.pdf", "application/pdf"), file("c.png", "image/png")];
  expect(pickImages(files, 0)).toEqual({ images: [files[0], files[2]], rejected: ["b.pdf"], tooMany: false });

  const full = FIELD_LIMITS.imagesPerDamage - 1;
  const picked = pickImages(files, full);
  expect(picked.images).toEqual([files[0]]);
  expect(picked.tooMany).toBe(true);
  expect(pickImages(files, FIELD_LIMITS.imagesPerDamage).images).toEqual([]);
});
