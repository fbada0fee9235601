/**
 * Copies the browser-image-compression library into public/vendor/, so the
 * compression web worker loads it from our own origin (see
 * lib/quote/compressor.ts). Run by `npm run build` and `npm run dev`; the
 * copy is not committed. Writes only when the content changed.
 */
import fs from "node:fs";
import path from "node:path";

const source = require.resolve("browser-image-compression/dist/browser-image-compression.js");
const target = path.join(process.cwd(), "public", "vendor", "browser-image-compression.js");

const bytes = fs.readFileSync(source);
if (!fs.existsSync(target) || !fs.readFileSync(target).equals(bytes)) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, bytes);
  console.log(`copy-vendor: ${path.relative(process.cwd(), target)}`);
}
