/**
 * The icons browsers and phones ask for, made from the logo's mark (app/icon.svg)
 * with sharp, into public/ (not committed):
 *   /favicon.ico           16, 32 and 48 px (asked for on every visit, linked or not)
 *   /apple-touch-icon.png  180 px, opaque (iOS fills transparent corners with black)
 *   /icons/icon-192.png, /icons/icon-512.png, /icons/icon-maskable-512.png  for the web app manifest
 * The manifest itself is app/manifest.ts. Run by `npm run build` and `npm run dev`;
 * alone: `npm run icons`. Writes only when a file's bytes changed.
 */
import fs from "node:fs";
import path from "node:path";
import pngToIco from "png-to-ico";
import sharp from "sharp";

const root = process.cwd();
const source = path.join(root, "app", "icon.svg");
const publicDir = path.join(root, "public");
// the mark's own orange: an opaque icon's background continues the mark to the edges
const MARK_ORANGE = "#e8590c";

const ICON_FILES = {
  favicon: "favicon.ico",
  apple: "apple-touch-icon.png",
  any192: "icons/icon-192.png",
  any512: "icons/icon-512.png",
  maskable512: "icons/icon-maskable-512.png",
} as const;

async function render(size: number, { opaque = false, scale = 1 } = {}): Promise<Buffer> {
  const svg = fs.readFileSync(source);
  const inner = Math.round(size * scale);
  const meta = await sharp(svg).metadata();
  const density = (72 * inner) / (meta.width ?? 64);
  const mark = await sharp(svg, { density }).resize(inner, inner).png().toBuffer();
  if (!opaque && scale === 1) return sharp(mark).png({ compressionLevel: 9 }).toBuffer();
  const composed = await sharp({ create: { width: size, height: size, channels: 4, background: MARK_ORANGE } })
    .composite([{ input: mark, gravity: "center" }])
    .png()
    .toBuffer();
  // a second pass: sharp flattens before it composites, so only now is there nothing left to flatten away
  return sharp(composed).flatten({ background: MARK_ORANGE }).png({ compressionLevel: 9 }).toBuffer();
}

function write(name: string, bytes: Buffer) {
  const file = path.join(publicDir, name);
  if (fs.existsSync(file) && fs.readFileSync(file).equals(bytes)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  console.log(`icons: public/${name}`);
}

async function main() {
  const small = await Promise.all([16, 32, 48].map((size) => render(size)));
  write(ICON_FILES.favicon, await pngToIco(small));
  write(ICON_FILES.apple, await render(180, { opaque: true }));
  write(ICON_FILES.any192, await render(192));
  write(ICON_FILES.any512, await render(512));
  // maskable: the platform may crop to a circle; the mark stays inside the safe 80 % zone
  write(ICON_FILES.maskable512, await render(512, { opaque: true, scale: 0.8 }));
}

main().catch((error: unknown) => {
  console.error(`icons: ${(error as Error).message}`);
  process.exit(1);
});
