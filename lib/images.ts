/**
 * Build-time lookup of the responsive variants of an image in content/images.
 * Server-only (reads the manifest from disk); components receive the plain
 * `ResolvedImage` it returns.
 */
import fs from "node:fs";
import path from "node:path";
import { IMAGE_OUTPUT_DIR, type Manifest, variantUrl } from "./image-manifest";

export interface ResolvedImage {
  width: number;
  height: number;
  color: string;
  src: string;
  avifSrcSet: string;
  webpSrcSet: string;
}

let manifest: Manifest | undefined;
function readManifest(): Manifest {
  if (manifest) return manifest;
  const file = path.join(process.cwd(), IMAGE_OUTPUT_DIR, "manifest.json");
  if (!fs.existsSync(file)) {
    throw new Error(`${IMAGE_OUTPUT_DIR}/manifest.json mangler: kjør «npm run images» (npm run build gjør det selv).`);
  }
  manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  return manifest;
}

export function resolveImage(name: string): ResolvedImage {
  const entry = readManifest()[name];
  if (!entry)
    throw new Error(
      `Bildet «${name}» finnes ikke i content/images (eller «npm run images» er ikke kjørt etter at det ble lagt til).`,
    );
  const srcSet = (format: "avif" | "webp") =>
    entry.widths.map((w) => `${variantUrl(name, w, format)} ${w}w`).join(", ");
  // The fallback `src` is a mid-size variant: good on any screen if srcset is ignored.
  const fallback = entry.widths.find((w) => w >= 1200) ?? entry.widths[entry.widths.length - 1]!;
  return {
    width: entry.width,
    height: entry.height,
    color: entry.color,
    src: variantUrl(name, fallback, "webp"),
    avifSrcSet: srcSet("avif"),
    webpSrcSet: srcSet("webp"),
  };
}
