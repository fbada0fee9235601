#!/usr/bin/env node
// Placeholder hero video: public/video/hero.mp4 (H.264) + hero.webm (VP9).
//
// 1280×720, 25 fps, 5 s, no audio, loops seamlessly. Frame 0 is exactly the
// hero poster (content/images/hero-poster.svg); a soft diagonal light band
// then glides across the car body and leaves the frame again, and the last
// second is the poster once more, so poster → video → loop never jumps.
//
// Frames are rendered with sharp (librsvg): the poster once, and per frame a
// small overlay with only the light band clipped to the car body/glass.
// Needs ffmpeg (libx264, libvpx-vp9) on PATH.
//
// Rerun from the repo root:   node tools/artwork/make-hero-video.mjs
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { hero, HERO_CAR } from "./scenes.mjs";
import { BODY, GLASS } from "./car.mjs";

const require = createRequire(import.meta.url);
const sharp = require("sharp");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const outDir = path.join(root, "public/video");
const W = 1280,
  H = 720,
  FPS = 25,
  SECONDS = 5;
const FRAMES = FPS * SECONDS;
const SWEEP_START = 10,
  SWEEP_END = 100; // frames; outside this the poster is shown unchanged

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hero-frames-"));
const ease = (t) => t * t * (3 - 2 * t);

/** Overlay SVG (same 1920×1080 viewBox as the poster) with the light band at car-space x. */
function overlay(x) {
  const { x: cx, ground, scale: s } = HERO_CAR;
  const band = (id, peak) =>
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${x - 200}" y1="40" x2="${x + 60}" y2="300">` +
    `<stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.42" stop-color="#fff" stop-opacity="${peak * 0.45}"/>` +
    `<stop offset="0.5" stop-color="#fff" stop-opacity="${peak}"/><stop offset="0.58" stop-color="#fff" stop-opacity="${peak * 0.45}"/>` +
    `<stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 1920 1080">` +
    `<defs>${band("b", 0.3)}${band("g", 0.16)}</defs>` +
    `<g transform="translate(${cx} ${ground - 300 * s}) scale(${s})">` +
    `<path d="${BODY}" fill="url(#b)"/><path d="${GLASS}" fill="url(#g)"/></g></svg>`
  );
}

const poster = await sharp(Buffer.from(hero({ w: W, h: H })))
  .removeAlpha()
  .png()
  .toBuffer();
for (let i = 0; i < FRAMES; i++) {
  const file = path.join(tmp, `f${String(i).padStart(4, "0")}.png`);
  if (i <= SWEEP_START || i >= SWEEP_END) {
    fs.writeFileSync(file, poster);
    continue;
  }
  const t = ease((i - SWEEP_START) / (SWEEP_END - SWEEP_START));
  const x = -260 + t * 1520; // from before the nose to past the tail
  await sharp(poster)
    .composite([{ input: Buffer.from(overlay(x)), blend: "over" }])
    .png()
    .toFile(file);
}

fs.mkdirSync(outDir, { recursive: true });
const input = ["-y", "-loglevel", "error", "-framerate", String(FPS), "-i", path.join(tmp, "f%04d.png")];
execFileSync(
  "ffmpeg",
  [
    ...input,
    "-an",
    "-c:v",
    "libx264",
    "-preset",
    "slow",
    "-crf",
    "18",
    "-tune",
    "film",
    "-pix_fmt",
    "yuv420p",
    "-movflags",
    "+faststart",
    path.join(outDir, "hero.mp4"),
  ],
  { stdio: "inherit" },
);
execFileSync(
  "ffmpeg",
  [
    ...input,
    "-an",
    "-c:v",
    "libvpx-vp9",
    "-b:v",
    "0",
    "-crf",
    "30",
    "-row-mt",
    "1",
    "-deadline",
    "good",
    "-cpu-used",
    "2",
    "-pix_fmt",
    "yuv420p",
    path.join(outDir, "hero.webm"),
  ],
  { stdio: "inherit" },
);

fs.rmSync(tmp, { recursive: true, force: true });
for (const f of ["hero.mp4", "hero.webm"]) {
  console.log(`public/video/${f}  ${(fs.statSync(path.join(outDir, f)).size / 1024).toFixed(0)} kB`);
}
