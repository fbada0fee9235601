#!/usr/bin/env node
// Placeholder artwork generator for the Bulkeklinikken site.
//
// Builds every placeholder SVG in content/images/ (hero poster, before/after
// case studies and projects, article images, about/premises, detailing hero,
// vehicle size icons) plus the logo file (public/logo.svg; the header and footer
// draw the same logo inline, components/layout/Logo.tsx)
// and favicon (app/icon.svg) from shared parts: a side-view car (car.mjs),
// reflection stripes and a dent displacement field (lib.mjs), panel close-ups
// (panels.mjs) and scenes (scenes.mjs). Before/after pairs are drawn from the
// same geometry; only the damage differs, so a comparison slider shows just
// the repair. Output is deterministic (seeded randomness).
//
// Rerun from the repo root:   node tools/artwork/generate.mjs
// The hero video is made separately: node tools/artwork/make-hero-video.mjs
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { doorScene, fenderScene, hoodScene, roofScene, bumperScene } from "./panels.mjs";
import {
  hero,
  detailingHero,
  about,
  premises,
  icon,
  articleBulkoppretting,
  articleLakkrens,
  articleInvendig,
} from "./scenes.mjs";
import { logo, favicon } from "./logo.mjs";
import { guideWhole, guideClose, guideAngled } from "./guide.mjs";
import { rng } from "./lib.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const images = path.join(root, "content/images");

function write(rel, svg) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, svg);
  console.log(`${rel}  ${(svg.length / 1024).toFixed(1)} kB`);
}
const img = (name, svg) => write(path.relative(root, path.join(images, name)), svg);

/** Writes name-before.svg / name-after.svg from one scene function. */
function pair(name, make) {
  img(`${name}-before.svg`, make(`${name}-before`, true));
  img(`${name}-after.svg`, make(`${name}-after`, false));
}

const PAINT = {
  darkBlue: ["#3a5f96", "#28477a", "#16294a", "#0f1f3a", "#050a14"],
  silver: ["#f3f5f7", "#dde2e7", "#b4bbc3", "#8d959e", "#5a6169"],
  white: ["#fbfcfd", "#eef1f4", "#dce2e8", "#b9c2cc"],
  red: ["#d0434a", "#b3202a", "#8a1019", "#5e0a12", "#220306"],
  black: ["#1a2029", "#07090c"],
  green: ["#4f9a74", "#2f7a55", "#1b5a3c", "#123d29", "#07180f"],
  blue: ["#2d62c4", "#1c479b", "#12306d", "#081a40"],
  deepBlue: ["#2a5cb8", "#173f8c", "#0e2659", "#061233"],
};

// Hero + detailing hero
img("hero-poster.svg", hero());
img("detailing-hero.svg", detailingHero());

// Case studies
pair("case-1", (id, dmg) =>
  doorScene(id, { paint: PAINT.darkBlue, dents: dmg ? [{ x: 760, y: 640, r: 135, pinch: 0.6, dy: 12 }] : [] }),
);
pair("case-2", (id, dmg) =>
  fenderScene(id, { paint: PAINT.silver, dents: dmg ? [{ x: 470, y: 520, r: 115, pinch: 0.55, dy: 8 }] : [] }),
);
pair("case-3", (id, dmg) =>
  hoodScene(id, {
    paint: PAINT.white,
    stripeColor: "#3a4757",
    dark: true,
    dents: dmg ? [{ x: 830, y: 640, r: 135, pinch: 0.55, dy: 12 }] : [],
  }),
);

// Projects
pair("project-1", (id, dmg) =>
  doorScene(id, {
    paint: PAINT.red,
    arch: true,
    dents: dmg ? [{ x: 330, y: 720, x2: 860, y2: 600, r: 55, pinch: 0.7, dy: 8 }] : [],
  }),
);
const hail = (() => {
  const r = rng(42);
  const ys = [285, 365, 455, 560, 680, 820, 960];
  const out = [];
  for (let i = 0; i < 18; i++) {
    const y = ys[Math.floor(r() * ys.length)] + (r() - 0.5) * 36;
    const span = 430 + (y / 1000) * 580; // roof is narrower towards the top
    out.push({ x: 800 + (r() - 0.5) * 1.6 * span, y, r: 40 * (0.5 + (y / 1000) * 0.6), pinch: 0.6, dy: 4 });
  }
  return out;
})();
pair("project-2", (id, dmg) => roofScene(id, { paint: PAINT.black, dents: dmg ? hail : [] }));
pair("project-3", (id, dmg) => bumperScene(id, { paint: PAINT.green, damaged: dmg }));
pair("project-4", (id, dmg) => hoodScene(id, { paint: PAINT.blue, lamp: true, dull: dmg, swirls: dmg }));

// Articles
img("article-bulkoppretting.svg", articleBulkoppretting());
img("article-lakkrens.svg", articleLakkrens());
img("article-invendig-rens.svg", articleInvendig());
img(
  "article-detailing.svg",
  hoodScene("article-detailing", { paint: PAINT.deepBlue, beads: true, size: [1600, 900], viewY: 300 }),
);

// Workshop
img("about.svg", about());
img("premises.svg", premises());

// Vehicle size icons
for (const k of ["small", "medium", "large"]) img(`size-${k}.svg`, icon(k));

// Logo + favicon
write("public/logo.svg", logo({ light: false }));
write("app/icon.svg", favicon());

// The quote form's photo guide (served as they are, from public/)
write("public/photo-guide/whole.svg", guideWhole());
write("public/photo-guide/close.svg", guideClose());
write("public/photo-guide/angled.svg", guideAngled());
