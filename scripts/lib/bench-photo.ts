/**
 * For `npm run bench`: a photo-like 4000×3000 JPEG made with sharp, a gradient
 * (with a pale disc, or without) under gaussian grain. More grain and a higher
 * quality make a bigger file: grain 18 at quality 90 is a few MB, as a phone's
 * camera makes; grain 30 at quality 98 is about 10 MB, a worst case.
 */
import sharp from "sharp";

export interface PhotoLook {
  /** the grain's standard deviation (0–255) */
  grain: number;
  /** JPEG quality */
  quality: number;
  /** a pale disc in the middle */
  disc: boolean;
}

export async function makeBenchPhoto(file: string, look: PhotoLook): Promise<void> {
  const width = 4000;
  const height = 3000;
  const disc = look.disc ? `<circle cx="2000" cy="1500" r="900" fill="#e8e2d0" opacity="0.6"/>` : "";
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#2b4a6f"/><stop offset="0.5" stop-color="#c9d3dc"/><stop offset="1" stop-color="#7a4b2a"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      ${disc}
    </svg>`,
  );
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: look.grain },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  await sharp(gradient)
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality: look.quality })
    .toFile(file);
}
