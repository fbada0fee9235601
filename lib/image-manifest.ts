/**
 * The contract between `scripts/build-images.ts` (which writes the responsive
 * variants and `public/img/manifest.json`) and the components that render them.
 */
export const IMAGE_OUTPUT_DIR = "public/img";
const IMAGE_URL_BASE = "/img";
export const IMAGE_WIDTHS = [480, 800, 1200, 1600, 1920] as const;
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export interface ManifestEntry {
  /** intrinsic size of the source (the largest variant is at most this wide) */
  width: number;
  height: number;
  /** the widths that exist for every format, ascending */
  widths: number[];
  /** dominant colour, shown while the image loads ("transparent" for an image with see-through parts) */
  color: string;
  /** hash of the source file and pipeline settings; unchanged means nothing to redo */
  hash: string;
}
export type Manifest = Record<string, ManifestEntry>;

export const variantUrl = (name: string, width: number, format: ImageFormat | "jpg") =>
  `${IMAGE_URL_BASE}/${name}-${width}.${format}`;
export const ogImageUrl = (name: string) => `${IMAGE_URL_BASE}/${name}-og.jpg`;
