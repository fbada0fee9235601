#!/usr/bin/env bash
# Makes the placeholder hero video (public/video/hero.mp4 and .webm, 1280×720, 5 s,
# 24 fps, seamless loop; frame 0 matches content/images/hero-poster.svg) from SVG
# frames drawn by placeholders.mjs. Needs Debian's ffmpeg and the repo's sharp.
# Run from the repo root: bash scripts/artwork/make-hero-video.sh
set -euo pipefail
frames=$(mktemp -d)
trap 'rm -rf "$frames"' EXIT
node scripts/artwork/placeholders.mjs "$frames" 120 >/dev/null
node -e '
const sharp = require("sharp"); const fs = require("fs"); const dir = process.argv[1];
(async () => { for (const f of fs.readdirSync(dir).filter((n) => n.startsWith("frame-")))
  await sharp(`${dir}/${f}`).png().toFile(`${dir}/${f.replace(".svg", ".png")}`); })();' "$frames"
mkdir -p public/video
ffmpeg -y -loglevel error -framerate 24 -i "$frames/frame-%04d.png" -c:v libx264 -pix_fmt yuv420p -crf 30 -preset slow -movflags +faststart -an public/video/hero.mp4
ffmpeg -y -loglevel error -framerate 24 -i "$frames/frame-%04d.png" -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -an public/video/hero.webm
ls -l public/video
