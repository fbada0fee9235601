// Side-view car built from paths and gradients, in a 1000×300 "car space"
// (ground at y=300). Callers place it with a transform.
import { f } from "./lib.mjs";

export const WHEELS = [
  [195, 234],
  [800, 234],
];

export const BODY =
  "M52 268C22 266 10 246 10 222C10 200 16 184 34 172C120 150 250 136 362 128" +
  "C420 100 470 64 520 52C590 40 680 42 730 54C800 72 860 100 900 114" +
  "C930 118 960 120 976 124C990 140 992 200 986 236C982 256 970 266 950 268" +
  "L868 268A76 76 0 1 0 732 268L263 268A76 76 0 1 0 127 268Z";

export const GLASS =
  "M396 127C440 100 484 74 528 66C600 56 684 58 722 68C766 80 800 96 826 112C760 118 520 124 396 127Z";

/** Paint presets: [roof/top, shoulder, flank, horizon band, rocker]. */
export const PAINTS = {
  graphite: ["#4a5566", "#323c4b", "#131922", "#2a3441", "#06080b"],
  black: ["#3b4452", "#222a35", "#0b0f14", "#1f2731", "#040506"],
  navy: ["#5a77a3", "#34507f", "#15243f", "#2d4266", "#070c16"],
  white: ["#ffffff", "#eef1f4", "#c3cbd4", "#e2e7ec", "#5e6772"],
};

function wheel(doc, cx, cy, { caliper = null } = {}) {
  const tyre = doc.rad(
    [
      [0, "#1a1c20"],
      [0.72, "#141619"],
      [0.9, "#0b0c0e"],
      [1, "#050506"],
    ],
    cx,
    cy,
    66,
  );
  const rim = doc.rad(
    [
      [0, "#8a939e"],
      [0.6, "#5b636d"],
      [1, "#2b3037"],
    ],
    cx - 14,
    cy - 18,
    60,
  );
  const spokes = [];
  for (let i = 0; i < 5; i++) {
    for (const off of [-7, 7]) {
      const a = ((i * 72 + off - 90) * Math.PI) / 180;
      const w = 0.05;
      const p = (r, da) => [cx + Math.cos(a + da) * r, cy + Math.sin(a + da) * r];
      const q = [p(12, -w * 2), p(44, -w), p(44, w), p(12, w * 2)];
      spokes.push(`M${q.map((v) => `${f(v[0])} ${f(v[1])}`).join("L")}Z`);
    }
  }
  const cal = caliper
    ? `<path d="M${f(cx - 34)} ${f(cy - 16)}A37 37 0 0 1 ${f(cx - 6)} ${f(cy - 37)}L${f(cx - 4)} ${f(cy - 27)}A27 27 0 0 0 ${f(cx - 25)} ${f(cy - 12)}Z" fill="${caliper}"/>`
    : "";
  return [
    `<circle cx="${cx}" cy="${cy}" r="66" fill="${tyre}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="63" fill="none" stroke="#2a2d33" stroke-width="1.5" opacity="0.6"/>`,
    `<circle cx="${cx}" cy="${cy}" r="47" fill="#0d0f12"/>`,
    `<circle cx="${cx}" cy="${cy}" r="40" fill="#1b1f25"/>`,
    cal,
    `<path d="${spokes.join("")}" fill="${rim}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="46" fill="none" stroke="${rim}" stroke-width="4"/>`,
    `<circle cx="${cx}" cy="${cy}" r="12" fill="${rim}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="5" fill="#1b1f25"/>`,
    `<path d="M${cx - 52} ${cy - 30}A60 60 0 0 1 ${cx + 20} ${cy - 57}" fill="none" stroke="#fff" stroke-width="2" opacity="0.12" stroke-linecap="round"/>`,
  ].join("");
}

/**
 * opts: paint (5 colours), caliper (colour or null), sweep (x in car space of
 * a moving light band, or null), streaks (0..1 brightness of overhead light
 * reflections), headlight (bool), extra (markup in car space drawn inside
 * the body clip, e.g. scene-specific reflections)
 */
export function carSide(doc, opts = {}) {
  const p = opts.paint ?? PAINTS.graphite;
  const streaks = opts.streaks ?? 1;
  const clipBody = doc.clip(`<path d="${BODY}"/>`);
  const paint = doc.lin(
    [
      [0, p[0]],
      [0.36, p[1]],
      [0.42, p[2]],
      [0.6, p[2]],
      [0.66, p[3]],
      [0.7, p[2]],
      [1, p[4]],
    ],
    0,
    50,
    0,
    268,
  );
  const sideShade = doc.lin(
    [
      [0, "#000", 0.45],
      [0.12, "#000", 0],
      [0.85, "#000", 0],
      [1, "#000", 0.5],
    ],
    0,
    0,
    1000,
    0,
  );
  const glass = doc.lin(
    [
      [0, "#2b3442"],
      [0.5, "#0c1017"],
      [1, "#05070a"],
    ],
    0,
    55,
    0,
    128,
  );
  const glassRefl = doc.lin(
    [
      [0, "#fff", 0],
      [0.5, "#fff", 0.14],
      [1, "#fff", 0],
    ],
    420,
    60,
    760,
    125,
  );
  const streak = (x0, x1) =>
    doc.lin(
      [
        [0, "#fff", 0],
        [0.3, "#fff", 0.9 * streaks],
        [0.7, "#fff", 0.9 * streaks],
        [1, "#fff", 0],
      ],
      x0,
      0,
      x1,
      0,
    );
  const soft = doc.blur(2.5);
  const glow = doc.blur(6);

  const parts = [];
  // wheel wells + wheels
  for (const [cx] of WHEELS) parts.push(`<path d="M${cx - 68} 268A76 76 0 1 1 ${cx + 68} 268Z" fill="#040506"/>`);
  for (const [cx, cy] of WHEELS) parts.push(wheel(doc, cx, cy, { caliper: opts.caliper }));

  // body
  parts.push(`<path d="${BODY}" fill="${paint}"/>`);
  parts.push(`<g clip-path="${clipBody}">`);
  parts.push(`<rect x="0" y="0" width="1000" height="300" fill="${sideShade}"/>`);
  // shoulder: upper surface catches the light
  parts.push(
    `<path d="M20 176C200 160 500 150 990 138L990 150C500 160 200 170 20 186Z" fill="#fff" opacity="${0.07 * streaks + 0.03}" filter="${soft}"/>`,
  );
  // shoulder crease highlight + shadow under it
  parts.push(`<path d="M40 176C240 160 560 152 984 141" fill="none" stroke="${streak(40, 984)}" stroke-width="2.2"/>`);
  parts.push(
    `<path d="M40 181C240 165 560 157 984 146" fill="none" stroke="#000" stroke-width="4" opacity="0.35" filter="${soft}"/>`,
  );
  // lower sculpt line above the sill
  parts.push(
    `<path d="M272 238C420 232 600 230 726 232" fill="none" stroke="${streak(272, 726)}" stroke-width="1.6" opacity="0.55"/>`,
  );
  // overhead light streaks on hood, roof and deck
  parts.push(
    `<path d="M40 171C130 152 250 140 358 131" fill="none" stroke="${streak(40, 358)}" stroke-width="3" filter="${soft}"/>`,
  );
  parts.push(
    `<path d="M520 55C590 44 680 45 728 57" fill="none" stroke="${streak(520, 728)}" stroke-width="3.5" filter="${soft}"/>`,
  );
  parts.push(
    `<path d="M736 60C800 76 856 100 898 116" fill="none" stroke="${streak(736, 898)}" stroke-width="2.5" opacity="0.7" filter="${soft}"/>`,
  );
  // horizon reflection on the flank
  parts.push(
    `<path d="M14 214C300 206 700 202 990 198" fill="none" stroke="${streak(14, 990)}" stroke-width="1.5" opacity="0.45" filter="${soft}"/>`,
  );
  if (opts.extra) parts.push(opts.extra);
  // moving light sweep (video)
  if (opts.sweep != null) {
    const s = opts.sweep;
    const band = doc.lin(
      [
        [0, "#fff", 0],
        [0.45, "#fff", 0.16],
        [0.5, "#fff", 0.32],
        [0.55, "#fff", 0.16],
        [1, "#fff", 0],
      ],
      s - 90,
      40,
      s + 30,
      300,
    );
    parts.push(`<rect x="0" y="0" width="1000" height="300" fill="${band}"/>`);
  }
  // door cuts, handles
  const cut = "M376 132C368 180 360 230 352 266M618 124L614 266M826 114C806 150 772 178 744 204";
  parts.push(`<path d="${cut}" fill="none" stroke="#000" stroke-width="2.2" opacity="0.75"/>`);
  parts.push(
    `<path d="${cut}" fill="none" stroke="#fff" stroke-width="1" opacity="0.12" transform="translate(1.6 0)"/>`,
  );
  parts.push(
    `<rect x="526" y="160" width="40" height="6" rx="3" fill="#000" opacity="0.55"/><rect x="526" y="159" width="40" height="3" rx="1.5" fill="#fff" opacity="0.25"/>`,
  );
  parts.push(
    `<rect x="748" y="154" width="38" height="6" rx="3" fill="#000" opacity="0.55"/><rect x="748" y="153" width="38" height="3" rx="1.5" fill="#fff" opacity="0.25"/>`,
  );
  // rocker darkening
  parts.push(`<rect x="0" y="248" width="1000" height="24" fill="#000" opacity="0.35" filter="${soft}"/>`);
  parts.push("</g>");

  // glass
  parts.push(`<path d="${GLASS}" fill="${glass}"/>`);
  parts.push(`<path d="${GLASS}" fill="${glassRefl}"/>`);
  parts.push(`<path d="M612 62L626 60L622 121L608 122Z" fill="#07090c"/>`);
  parts.push(`<path d="${GLASS}" fill="none" stroke="#000" stroke-width="3" opacity="0.8"/>`);
  parts.push(
    `<path d="M398 128C520 125 760 118 826 113" fill="none" stroke="#c9d2dc" stroke-width="1.4" opacity="0.35"/>`,
  );
  // mirror
  parts.push(`<path d="M398 130C400 112 418 102 444 105C452 113 449 124 436 129Z" fill="${paint}"/>`);
  parts.push(
    `<path d="M404 114C414 106 430 104 442 106" fill="none" stroke="#fff" stroke-width="1.5" opacity="${0.5 * streaks}"/>`,
  );
  // lights
  parts.push(`<path d="M26 180C70 168 120 162 156 160C146 170 96 180 30 190Z" fill="#0a0d12"/>`);
  const head = opts.headlight ?? true;
  if (head) {
    parts.push(
      `<path d="M34 182C74 172 116 166 150 163" fill="none" stroke="#e8f2ff" stroke-width="3" stroke-linecap="round"/>`,
    );
    parts.push(
      `<path d="M34 182C74 172 116 166 150 163" fill="none" stroke="#bcd6ff" stroke-width="8" opacity="0.45" filter="${glow}"/>`,
    );
  }
  parts.push(`<path d="M986 134C950 129 920 128 896 129C916 139 958 143 988 146Z" fill="#3a0408"/>`);
  parts.push(
    `<path d="M984 138C955 134 928 133 906 132" fill="none" stroke="#ff2a3a" stroke-width="2.5" stroke-linecap="round"/>`,
  );
  parts.push(
    `<path d="M984 138C955 134 928 133 906 132" fill="none" stroke="#ff2a3a" stroke-width="7" opacity="0.5" filter="${glow}"/>`,
  );
  return parts.join("\n");
}

/** Soft contact shadow under a car (car space). */
export function carShadow(doc, opacity = 0.85) {
  const b = doc.blur(12);
  const b2 = doc.blur(4);
  return [
    `<ellipse cx="500" cy="298" rx="500" ry="16" fill="#000" opacity="${opacity}" filter="${b}"/>`,
    ...WHEELS.map(
      ([cx]) => `<ellipse cx="${cx}" cy="299" rx="60" ry="5" fill="#000" opacity="${opacity}" filter="${b2}"/>`,
    ),
  ].join("");
}

/* ------------------------------------------------------------------------ */
/* Flat silhouettes for the vehicle size icons (600×300, tyres touch y≈280).   */
/* ------------------------------------------------------------------------ */

export const ICONS = {
  // small hatchback
  small: {
    body: "M92 232C72 230 66 214 68 196C70 178 82 168 104 162C140 152 170 146 196 144C226 118 262 92 300 84C350 76 420 78 456 84C478 92 496 118 510 140C522 160 530 182 530 204C530 222 524 232 510 234L470 234A50 50 0 0 0 374 234L226 234A50 50 0 0 0 130 234Z",
    glass: [
      "M214 146C240 124 266 106 296 99L318 97L318 146Z",
      "M332 96L332 146L448 146C452 134 440 106 428 98C400 94 364 94 332 96Z",
    ],
    wheels: [
      [178, 234],
      [422, 234],
    ],
    r: 41,
  },
  // SUV: shorter, taller, more ground clearance, roof rails
  medium: {
    body: "M78 226C60 224 52 212 52 194C52 168 60 154 84 148C130 138 176 132 204 130C228 104 252 80 276 66C330 56 440 54 500 58C522 62 536 76 542 100C550 130 552 166 552 198C552 216 546 226 532 226L498 226A58 58 0 0 0 382 226L226 226A58 58 0 0 0 110 226Z",
    glass: [
      "M222 132C244 108 262 88 284 76L340 72L340 132Z",
      "M354 72L354 132L446 132L446 70Z",
      "M460 70L460 132L532 132C532 114 528 92 518 78C502 72 482 70 460 70Z",
    ],
    rails: "M300 55L496 51",
    wheels: [
      [168, 232],
      [440, 232],
    ],
    r: 50,
  },
  // large van / 7-seater
  large: {
    body: "M58 234C44 232 38 222 38 204C38 180 44 166 60 160C92 150 120 144 140 140C158 108 178 84 200 70C226 60 300 56 540 56C560 58 568 70 570 90L572 204C572 224 566 234 552 236L516 236A54 54 0 0 0 412 236L194 236A54 54 0 0 0 90 236Z",
    glass: [
      "M156 140C170 116 186 96 204 84L264 80L264 140Z",
      "M278 78L278 140L392 140L392 76Z",
      "M406 76L406 140L508 140L508 74Z",
      "M522 74L522 140L556 140L556 84C556 78 552 74 546 74Z",
    ],
    wheels: [
      [142, 236],
      [464, 236],
    ],
    r: 45,
  },
};

export function sizeIcon(doc, kind) {
  const ic = ICONS[kind];
  const navy = "#0F1B2D";
  const parts = [];
  parts.push(`<ellipse cx="300" cy="283" rx="250" ry="5" fill="${navy}" opacity="0.1"/>`);
  parts.push(`<path d="${ic.body}" fill="${navy}"/>`);
  parts.push(`<path d="${ic.glass.join("")}" fill="#C9D4E2"/>`);
  if (ic.rails) parts.push(`<path d="${ic.rails}" stroke="${navy}" stroke-width="7" stroke-linecap="round"/>`);
  for (const [cx, cy] of ic.wheels) {
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${ic.r}" fill="${navy}"/>`);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${ic.r * 0.5}" fill="none" stroke="#C9D4E2" stroke-width="6"/>`);
  }
  return parts.join("");
}
