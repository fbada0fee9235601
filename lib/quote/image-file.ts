/**
 * Which chosen files the quote takes as images: the API contract's image types
 * (`IMAGE_TYPES`, which the picker's `accept` and the server use too; no SVG).
 * A file is one when the browser's type is one of them, or, when the browser
 * gives it no type at all, when its name's extension names one: some phones
 * hand over HEIC photos with an empty type.
 */
import { FIELD_LIMITS, imageTypeByMime, imageTypeByName } from "../api/contract";

/** The file as an image (given the type its extension names when it had none), or undefined. */
export function asImage(file: File): File | undefined {
  if (imageTypeByMime(file.type)) return file;
  const type = imageTypeByName(file.name)?.mime;
  if (!type || file.type) return undefined;
  return new File([file], file.name, { type, lastModified: file.lastModified });
}

export interface ImagePick {
  /** the images to add, at most as many as there is room for */
  images: File[];
  /** the names of the files that are not images */
  rejected: string[];
  /** true when some images were left out because the damage is full */
  tooMany: boolean;
}

/** Sorts chosen files for a damage that already holds `current` images (at most FIELD_LIMITS.imagesPerDamage). */
export function pickImages(files: readonly File[], current: number): ImagePick {
  const images: File[] = [];
  const rejected: string[] = [];
  for (const file of files) {
    const image = asImage(file);
    if (image) images.push(image);
    else rejected.push(file.name);
  }
  const room = Math.max(0, FIELD_LIMITS.imagesPerDamage - current);
  return { images: images.slice(0, room), rejected, tooMany: images.length > room };
}
