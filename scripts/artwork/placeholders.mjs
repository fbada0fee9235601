// Placeholder artwork for the site until real photos exist: studio shots of car
// panels (reflection stripes that bend around a dent in the "before" image and run
// straight in the "after" one), a car in a dark studio for the heroes, and the
// car-size silhouettes. Plain Node, no dependencies; writes SVGs.
//   node scripts/artwork/placeholders.mjs content/images        all images
//   node scripts/artwork/placeholders.mjs <dir> 120             also 120 hero video frames (see make-hero-video.sh)
// Replace any of them by dropping a photo with the same name into content/images.
import fs from "node:fs";

const out = process.argv[2];
const frames = process.argv[3] ? Number(process.argv[3]) : 0;
fs.mkdirSync(out, { recursive: true });
const f = (n) => Math.round(n * 10) / 10;

function svg(w, h, defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>\n`;
}
const lin = (id, stops, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join("")}</linearGradient>`;
const rad = (id, stops, cx = 0.5, cy = 0.5, r = 0.5) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join("")}</radialGradient>`;

/** A horizontal reflection band from x0 to x1 at height y, bent around dents. */
function band(x0, x1, y, thick, dents, bendScale) {
  const pts = [];
  const steps = 90;
  for (let i = 0; i <= steps; i++) {
    const x = x0 + ((x1 - x0) * i) / steps;
    let dy = 0;
    let squeeze = 1;
    for (const d of dents) {
      const dx = x - d.x;
      const dyc = y - d.y;
      const dist2 = (dx * dx) / (d.rx * d.rx) + (dyc * dyc) / (d.ry * d.ry);
      const g = Math.exp(-dist2 * 1.6);
      dy += -Math.sign(dyc || 1) * g * d.depth * bendScale * (1 - Math.min(1, Math.abs(dyc) / (d.ry * 2.2)));
      squeeze *= 1 - g * 0.55;
    }
    pts.push([x, y + dy, thick * squeeze]);
  }
  const top = pts.map(([x, yy, t]) => `${f(x)},${f(yy - t / 2)}`);
  const bottom = pts.reverse().map(([x, yy, t]) => `${f(x)},${f(yy + t / 2)}`);
  return `M${top.join(" L")} L${bottom.join(" L")} Z`;
}

function panelScene({ w, h, body, dark, light, bg1, bg2, kind, dents = [], scratches = false, dull = false }) {
  const defs = [
    lin("bg", [
      [0, bg1],
      [1, bg2],
    ]),
    lin("paint", [
      [0, light],
      [0.45, body],
      [1, dark],
    ]),
    lin(
      "shine",
      [
        [0, "#ffffff", 0],
        [0.5, "#ffffff", dull ? 0.25 : 0.85],
        [1, "#ffffff", 0],
      ],
      1,
      0,
    ),
    rad("dentShade", [
      [0, "#000000", 0.55],
      [0.55, "#000000", 0.18],
      [1, "#000000", 0],
    ]),
    rad("dentLight", [
      [0, "#ffffff", 0.5],
      [1, "#ffffff", 0],
    ]),
    rad(
      "vignette",
      [
        [0.6, "#000000", 0],
        [1, "#000000", 0.35],
      ],
      0.5,
      0.5,
      0.75,
    ),
    lin("floor", [
      [0, "#000000", 0],
      [1, "#000000", 0.35],
    ]),
  ].join("");
  const px = w * 0.06,
    py = h * 0.1,
    pw = w * 0.88,
    ph = h * 0.78;
  let shape;
  if (kind === "door")
    shape = `M${px} ${py + ph * 0.18} Q${px + pw * 0.02} ${py} ${px + pw * 0.2} ${py} L${px + pw * 0.98} ${py} Q${px + pw} ${py + ph * 0.5} ${px + pw * 0.97} ${py + ph} L${px + pw * 0.04} ${py + ph} Q${px - pw * 0.01} ${py + ph * 0.6} ${px} ${py + ph * 0.18} Z`;
  else if (kind === "fender")
    shape = `M${px} ${py} L${px + pw} ${py} L${px + pw} ${py + ph} L${px + pw * 0.72} ${py + ph} A${pw * 0.2} ${pw * 0.2} 0 0 0 ${px + pw * 0.3} ${py + ph} L${px} ${py + ph} Z`;
  else if (kind === "hood")
    shape = `M${px + pw * 0.08} ${py} L${px + pw * 0.92} ${py} Q${px + pw} ${py + ph * 0.55} ${px + pw * 0.96} ${py + ph} L${px + pw * 0.04} ${py + ph} Q${px} ${py + ph * 0.55} ${px + pw * 0.08} ${py} Z`;
  else if (kind === "roof")
    shape = `M${px} ${py + ph * 0.1} Q${px + pw / 2} ${py - ph * 0.05} ${px + pw} ${py + ph * 0.1} L${px + pw} ${py + ph * 0.9} Q${px + pw / 2} ${py + ph * 1.02} ${px} ${py + ph * 0.9} Z`;
  else
    shape = `M${px} ${py + ph * 0.2} Q${px + pw * 0.05} ${py} ${px + pw * 0.25} ${py} L${px + pw * 0.95} ${py} Q${px + pw} ${py} ${px + pw} ${py + ph * 0.2} L${px + pw} ${py + ph * 0.75} Q${px + pw * 0.5} ${py + ph * 1.05} ${px} ${py + ph * 0.8} Z`;

  let stripes = "";
  const count = 7;
  for (let i = 0; i < count; i++) {
    const y = py + ph * (0.12 + (0.8 * i) / (count - 1));
    const thick = h * (i % 3 === 1 ? 0.018 : 0.009);
    stripes += `<path d="${band(px - 40, px + pw + 40, y, thick, dents, h * 0.05)}" fill="url(#shine)" opacity="${i % 2 ? 0.75 : 0.5}"/>`;
  }
  let dentMarks = "";
  for (const d of dents) {
    dentMarks += `<ellipse cx="${f(d.x)}" cy="${f(d.y + d.ry * 0.12)}" rx="${f(d.rx)}" ry="${f(d.ry)}" fill="url(#dentShade)"/>`;
    dentMarks += `<ellipse cx="${f(d.x - d.rx * 0.25)}" cy="${f(d.y - d.ry * 0.35)}" rx="${f(d.rx * 0.45)}" ry="${f(d.ry * 0.3)}" fill="url(#dentLight)"/>`;
  }
  let scratchMarks = "";
  if (scratches) {
    for (let i = 0; i < 9; i++) {
      const x = px + pw * (0.35 + i * 0.035),
        y = py + ph * (0.45 + (i % 3) * 0.06);
      scratchMarks += `<path d="M${f(x)} ${f(y)} l${f(pw * 0.14)} ${f(ph * 0.05 - i * 2)}" stroke="#e9edf2" stroke-width="${i % 2 ? 2 : 3.5}" stroke-linecap="round" opacity="0.8"/>`;
    }
    scratchMarks += `<path d="M${f(px + pw * 0.5)} ${f(py + ph * 0.58)} q40 -14 90 6 q40 16 70 -4 l-6 30 q-60 20 -150 -8 z" fill="#9aa3ad" opacity="0.85"/>`;
  }
  let swirls = "";
  if (dull) {
    for (let i = 0; i < 14; i++) {
      const cx = px + pw * (0.15 + ((i * 0.061) % 0.7)),
        cy = py + ph * (0.2 + ((i * 0.137) % 0.6));
      swirls += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(30 + (i % 4) * 22)}" fill="none" stroke="#ffffff" stroke-width="1.5" opacity="0.22"/>`;
    }
  }
  const extras =
    kind === "door"
      ? `<rect x="${f(px + pw * 0.62)}" y="${f(py + ph * 0.3)}" width="${f(pw * 0.14)}" height="${f(ph * 0.05)}" rx="${f(ph * 0.025)}" fill="${dark}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3"/>`
      : kind === "fender"
        ? `<circle cx="${f(px + pw * 0.51)}" cy="${f(py + ph)}" r="${f(pw * 0.17)}" fill="#0b0f14"/><circle cx="${f(px + pw * 0.51)}" cy="${f(py + ph)}" r="${f(pw * 0.1)}" fill="#2b3440" stroke="#8a96a3" stroke-width="6"/>`
        : "";
  const scene = `<rect width="${w}" height="${h}" fill="url(#bg)"/>
<rect y="${f(h * 0.72)}" width="${w}" height="${f(h * 0.28)}" fill="url(#floor)"/>
<path d="${shape}" fill="url(#paint)"/>
<clipPath id="clip"><path d="${shape}"/></clipPath>
<g clip-path="url(#clip)">${stripes}${dentMarks}${swirls}${scratchMarks}</g>
<path d="${shape}" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="3"/>${extras}
<rect width="${w}" height="${h}" fill="url(#vignette)"/>`;
  return svg(w, h, defs, scene);
}

const studio = { bg1: "#dfe4ea", bg2: "#9aa5b1" };
const cars = [
  [
    "case-1",
    { body: "#1f3a63", dark: "#0c1830", light: "#3d6096", kind: "door" },
    [{ x: 760, y: 640, rx: 150, ry: 110, depth: 1.4 }],
  ],
  [
    "case-2",
    { body: "#a7b0ba", dark: "#5e6873", light: "#e3e8ee", kind: "fender" },
    [{ x: 900, y: 520, rx: 170, ry: 120, depth: 1.5 }],
  ],
  [
    "case-3",
    { body: "#eef1f4", dark: "#a9b3be", light: "#ffffff", kind: "hood" },
    [{ x: 820, y: 560, rx: 140, ry: 100, depth: 1.3 }],
  ],
  [
    "project-1",
    { body: "#a3192a", dark: "#4d0a12", light: "#d9485a", kind: "door" },
    [{ x: 650, y: 700, rx: 260, ry: 60, depth: 1.6 }],
  ],
  [
    "project-2",
    { body: "#1a1d22", dark: "#050607", light: "#454b55", kind: "roof" },
    [
      [420, 420],
      [640, 520],
      [880, 400],
      [1100, 560],
      [560, 760],
      [820, 700],
      [1180, 820],
      [980, 880],
      [380, 900],
    ].map(([x, y]) => ({ x, y, rx: 55, ry: 40, depth: 0.7 })),
  ],
  ["project-3", { body: "#24583e", dark: "#0f2b1d", light: "#4f8a68", kind: "bumper" }, []],
  ["project-4", { body: "#1d4f8f", dark: "#0b2448", light: "#4f83c5", kind: "door" }, []],
];
for (const [name, paint, dents] of cars) {
  const common = { w: 1600, h: 1200, ...studio, ...paint };
  const special = name === "project-3" ? { scratches: true } : name === "project-4" ? { dull: true } : {};
  fs.writeFileSync(`${out}/${name}-before.svg`, panelScene({ ...common, dents, ...special }));
  fs.writeFileSync(`${out}/${name}-after.svg`, panelScene({ ...common, dents: [] }));
}

// A side-view car silhouette (x from 0 to 1000, ground at y=300).
const carPath =
  "M40 250 Q30 205 80 190 L230 165 Q300 100 420 85 L600 82 Q700 85 790 150 L900 170 Q965 182 970 225 L975 255 Q975 272 955 275 L860 277 A75 75 0 0 0 710 277 L300 277 A75 75 0 0 0 150 277 L60 275 Q42 272 40 250 Z";
const windowPath = "M265 165 Q330 110 425 100 L590 98 Q660 100 735 155 Z";
function carScene(w, h, { paint = "#162235", dark = true, sweep = 0.7 } = {}) {
  const s = (w * 0.62) / 1000;
  const tx = w * 0.33,
    ty = h * 0.78 - 300 * s;
  const defs = [
    lin(
      "bg",
      dark
        ? [
            [0, "#0e1a2b"],
            [0.6, "#0a131f"],
            [1, "#05090f"],
          ]
        : [
            [0, "#e9edf2"],
            [1, "#c5ccd4"],
          ],
    ),
    lin("body", [
      [0, "#5c7594"],
      [0.35, paint],
      [1, "#05080d"],
    ]),
    lin("glass", [
      [0, "#8fa6c2", 0.9],
      [1, "#0b1320", 0.95],
    ]),
    lin(
      "sweep",
      [
        [0, "#ffffff", 0],
        [0.5, "#ffffff", 0.55],
        [1, "#ffffff", 0],
      ],
      1,
      0,
    ),
    rad(
      "spot",
      [
        [0, "#5d7ea6", 0.55],
        [1, "#5d7ea6", 0],
      ],
      0.5,
      0.5,
      0.5,
    ),
    lin("floorGlow", [
      [0, "#3a5476", 0.45],
      [1, "#3a5476", 0],
    ]),
  ].join("");
  let lights = "";
  for (let i = 0; i < 4; i++)
    lights += `<rect x="${f(w * (0.38 + i * 0.16))}" y="${f(h * 0.07)}" width="${f(w * 0.11)}" height="${f(h * 0.012)}" rx="4" fill="#e8f0fb" opacity="0.9"/>`;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>
<ellipse cx="${f(w * 0.64)}" cy="${f(h * 0.45)}" rx="${f(w * 0.45)}" ry="${f(h * 0.42)}" fill="url(#spot)"/>
${lights}
<rect y="${f(h * 0.78)}" width="${w}" height="${f(h * 0.22)}" fill="url(#floorGlow)"/>
<ellipse cx="${f(tx + 505 * s)}" cy="${f(ty + 298 * s)}" rx="${f(470 * s)}" ry="${f(18 * s)}" fill="#000" opacity="0.6"/>
<g transform="translate(${f(tx)} ${f(ty)}) scale(${f(s * 1000) / 1000})">
<path d="${carPath}" fill="url(#body)"/>
<path d="${windowPath}" fill="url(#glass)"/>
<path d="M60 205 Q400 180 960 200" stroke="#9fb6d3" stroke-opacity="0.45" stroke-width="3" fill="none"/>
<clipPath id="carClip"><path d="${carPath}"/></clipPath>
<path clip-path="url(#carClip)" d="M${f(1000 * sweep - 120)} 60 L${f(1000 * sweep)} 60 L${f(1000 * sweep - 90)} 300 L${f(1000 * sweep - 210)} 300 Z" fill="url(#sweep)" opacity="0.5"/>
<circle cx="225" cy="277" r="62" fill="#07090c"/><circle cx="225" cy="277" r="38" fill="#2a3340" stroke="#8393a6" stroke-width="5"/>
<circle cx="785" cy="277" r="62" fill="#07090c"/><circle cx="785" cy="277" r="38" fill="#2a3340" stroke="#8393a6" stroke-width="5"/>
<path d="M930 205 L968 212" stroke="#f5f8ff" stroke-width="8" stroke-linecap="round"/>
<path d="M44 228 L62 222" stroke="#ff5a4a" stroke-width="8" stroke-linecap="round"/>
</g>`;
  return svg(w, h, defs, body);
}
fs.writeFileSync(`${out}/hero-poster.svg`, carScene(1920, 1080));
// Video frames: the light sweep travels over the car and wraps around out of sight, so the loop is seamless
// and frame 0 is the poster.
for (let i = 0; i < frames; i++) {
  const sweep = 0.7 + (1.5 * i) / frames;
  fs.writeFileSync(
    `${out}/frame-${String(i).padStart(4, "0")}.svg`,
    carScene(1280, 720, { sweep: sweep > 1.3 ? sweep - 1.5 : sweep }),
  );
}
fs.writeFileSync(`${out}/detailing-hero.svg`, carScene(1920, 1080, { paint: "#0f2d52", sweep: 0.45 }));
fs.writeFileSync(`${out}/premises.svg`, carScene(1600, 1000, { paint: "#1b2a3d", sweep: 0.6 }));
fs.writeFileSync(`${out}/about.svg`, carScene(1600, 1000, { paint: "#7a1d1d", dark: false, sweep: 0.3 }));
fs.writeFileSync(`${out}/article-detailing.svg`, carScene(1600, 900, { paint: "#12355e", sweep: 0.8 }));
const art = (name, paint, dents, extra) =>
  fs.writeFileSync(`${out}/${name}.svg`, panelScene({ w: 1600, h: 900, ...studio, ...paint, dents, ...extra }));
art(
  "article-bulkoppretting",
  { body: "#3a4a5e", dark: "#151d28", light: "#6b7f98", kind: "door" },
  [{ x: 800, y: 470, rx: 150, ry: 100, depth: 1.4 }],
  {},
);
art("article-lakkrens", { body: "#7d1420", dark: "#3a060c", light: "#c23a4c", kind: "hood" }, [], { dull: true });
art(
  "article-invendig-rens",
  { body: "#2d3138", dark: "#121417", light: "#5b626c", kind: "bumper", bg1: "#c9b79c", bg2: "#6d5a45" },
  [],
  {},
);
// Size icons: navy silhouettes at three scales.
const sizes = { "size-small": [0.78, 0.9], "size-medium": [0.92, 1.12], "size-large": [1.0, 1.25] };
for (const [name, [sx, sy]] of Object.entries(sizes)) {
  const w = 600,
    h = 300,
    s = (w * 0.9 * sx) / 1000;
  const tx = (w - 1000 * s) / 2,
    ty = h * 0.92 - 300 * s * sy;
  fs.writeFileSync(
    `${out}/${name}.svg`,
    svg(
      w,
      h,
      "",
      `<rect width="${w}" height="${h}" fill="#f3f5f8"/><ellipse cx="${w / 2}" cy="${f(h * 0.92)}" rx="${f(470 * s)}" ry="8" fill="#0f1b2d" opacity="0.15"/><g transform="translate(${f(tx)} ${f(ty)}) scale(${f(s)} ${f(s * sy)})"><path d="${carPath}" fill="#0f1b2d"/><path d="${windowPath}" fill="#5b7394"/><circle cx="225" cy="277" r="40" fill="#f3f5f8"/><circle cx="785" cy="277" r="40" fill="#f3f5f8"/><circle cx="225" cy="277" r="26" fill="#0f1b2d"/><circle cx="785" cy="277" r="26" fill="#0f1b2d"/></g>`,
    ),
  );
}
console.log("done");
