// Close-up panel scenes for the before/after case studies and projects.
// Every scene is drawn from the same geometry for "before" and "after"; only
// the damage (dents, crease, scratches, oxidation) differs, so a comparison
// slider shows just the repair.
import { Doc, f, rng, stripes, dentShade, hLine, poly, smooth } from "./lib.mjs";

const W = 1600,
  H = 1200;

/** Vertical paint gradient from [offset, colour] pairs mapped onto y0..y1. */
const paintV = (doc, stops, y0, y1) =>
  doc.lin(
    stops.map(([o, c]) => [o, c]),
    0,
    y0,
    0,
    y1,
  );

function vignette(doc, a = 0.45) {
  return `<rect width="${W}" height="${H}" fill="${doc.rad(
    [
      [0.55, "#000", 0],
      [1, "#000", a],
    ],
    W / 2,
    H / 2,
    1000,
    { sy: 0.8 },
  )}"/>`;
}

function gapLine(d, { w = 4, light = 0.18 } = {}) {
  return (
    `<path d="${d}" fill="none" stroke="#020304" stroke-width="${w}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="#fff" stroke-width="1.5" opacity="${light}" transform="translate(${w * 0.6} 0)"/>`
  );
}

/** Wheel seen close up through an arch: tyre + five-spoke rim. */
function bigWheel(doc, cx, cy, R) {
  const rimR = R * 0.68;
  const rim = doc.rad(
    [
      [0, "#aeb6bf"],
      [0.55, "#6c747e"],
      [1, "#30363d"],
    ],
    cx - R * 0.2,
    cy - R * 0.3,
    R,
  );
  const spokes = [];
  for (let i = 0; i < 5; i++) {
    const a = ((i * 72 - 90) * Math.PI) / 180;
    const p = (r, da) => [cx + Math.cos(a + da) * r, cy + Math.sin(a + da) * r];
    spokes.push(poly([p(rimR * 0.25, -0.16), p(rimR * 0.95, -0.07), p(rimR * 0.95, 0.07), p(rimR * 0.25, 0.16)]));
  }
  return [
    `<circle cx="${cx}" cy="${cy}" r="${R}" fill="${doc.rad(
      [
        [0.7, "#16181b"],
        [0.93, "#0d0e10"],
        [1, "#050506"],
      ],
      cx,
      cy,
      R,
    )}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${f(R * 0.9)}" fill="none" stroke="#2a2d31" stroke-width="3" opacity="0.7"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${f(rimR)}" fill="#0b0c0e"/>`,
    `<path d="${spokes.join("")}" fill="${rim}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${f(rimR)}" fill="none" stroke="${rim}" stroke-width="${f(R * 0.05)}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${f(rimR * 0.26)}" fill="${rim}"/>`,
  ].join("");
}

/* ------------------------------------------------------------------------ */
/* Door / rear door (side panel)                                             */
/* ------------------------------------------------------------------------ */
export function doorScene(name, { paint, dents = [], arch = false, crease = false }) {
  const doc = new Doc(W, H, name);
  const top = 256,
    bottom = 1108,
    charY = (x) => 446 - x * 0.015;
  const panel = `M-10 ${top}L1610 ${top}L1610 ${bottom}L-10 ${bottom}Z`;
  const clip = doc.clip(`<path d="${panel}"/>`);
  const parts = [];
  parts.push(`<rect width="${W}" height="${H}" fill="#0a0c10"/>`);
  // side window with a soft reflection of the workshop
  parts.push(
    `<rect width="${W}" height="${top}" fill="${doc.lin(
      [
        [0, "#202a38"],
        [1, "#07090d"],
      ],
      0,
      0,
      0,
      top,
    )}"/>`,
  );
  parts.push(`<path d="M300 0L760 0L520 ${top}L120 ${top}Z" fill="#fff" opacity="0.06" filter="${doc.blur(20)}"/>`);
  parts.push(`<rect x="-10" y="92" width="1620" height="5" fill="#e9f1ff" opacity="0.3" filter="${doc.blur(2)}"/>`);
  parts.push(
    `<rect y="${top - 28}" width="${W}" height="28" fill="#07080a"/><rect y="${top - 24}" width="${W}" height="3" fill="#cfd6de" opacity="0.5"/>`,
  );
  // paint
  parts.push(
    `<path d="${panel}" fill="${paintV(
      doc,
      [
        [0, paint[0]],
        [0.2, paint[1]],
        [0.22, paint[2]],
        [0.55, paint[2]],
        [0.75, paint[3]],
        [1, paint[4]],
      ],
      top,
      bottom,
    )}"/>`,
  );
  parts.push(`<g clip-path="${clip}">`);
  // upper surface above the character line faces up: lighter
  parts.push(
    `<path d="M-10 ${top}L1610 ${top}L1610 ${f(charY(1610))}L-10 ${f(charY(-10))}Z" fill="#fff" opacity="0.05"/>`,
  );
  const yb =
    (y0, bow = 14) =>
    (x) =>
      y0 + bow * ((x - 800) / 800) ** 2 - 0.015 * x;
  const st = [
    { c: hLine(-60, 1660, yb(330, 6)), w: () => 7, glow: 0.3 },
    { c: hLine(-60, 1660, yb(560)), w: () => 24, glow: 0.3 },
    { c: hLine(-60, 1660, yb(690)), w: () => 12, glow: 0.25, core: 0.7 },
    { c: hLine(-60, 1660, yb(850, 22)), w: () => 34, glow: 0.2, core: 0.45, hot: 0.5 },
  ];
  parts.push(stripes(doc, st, dents));
  // character line
  parts.push(
    `<path d="M-10 ${f(charY(-10) + 6)}L1610 ${f(charY(1610) + 6)}" stroke="#000" stroke-width="10" opacity="0.35" filter="${doc.blur(5)}"/>`,
  );
  parts.push(
    `<path d="M-10 ${f(charY(-10))}L1610 ${f(charY(1610))}" stroke="#fff" stroke-width="2.5" opacity="0.55"/>`,
  );
  // lower panel turns under
  parts.push(
    `<rect x="-10" y="960" width="1620" height="160" fill="${doc.lin(
      [
        [0, "#000", 0],
        [1, "#000", 0.6],
      ],
      0,
      960,
      0,
      bottom,
    )}"/>`,
  );
  for (const d of dents) parts.push(dentShade(doc, d, { strength: 0.9 }));
  if (crease) parts.push(...crease);
  parts.push("</g>");
  // panel gaps
  if (arch) {
    parts.push(gapLine(`M110 ${top}C104 500 102 800 106 ${bottom}`));
    parts.push(gapLine(`M1180 ${top}C1182 500 1178 820 1126 1094`));
  } else {
    parts.push(gapLine(`M150 ${top}C144 500 140 800 146 ${bottom}`));
    parts.push(gapLine(`M1468 ${top}C1470 500 1466 800 1458 ${bottom}`));
  }
  // door handle
  const hx = arch ? 880 : 1170,
    hy = 352;
  parts.push(
    `<rect x="${hx - 10}" y="${hy + 10}" width="200" height="34" rx="17" fill="#000" opacity="0.5" filter="${doc.blur(5)}"/>`,
  );
  parts.push(
    `<rect x="${hx}" y="${hy}" width="180" height="34" rx="17" fill="${paintV(
      doc,
      [
        [0, paint[0]],
        [0.5, paint[2]],
        [1, paint[4]],
      ],
      hy,
      hy + 34,
    )}"/>`,
  );
  parts.push(`<rect x="${hx + 14}" y="${hy + 4}" width="150" height="3" rx="1.5" fill="#fff" opacity="0.6"/>`);
  // wheel arch (rear door variant)
  if (arch) {
    const cx = 1460,
      cy = 1330,
      r = 400;
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="#030405"/>`);
    parts.push(bigWheel(doc, cx, cy + 30, r - 50));
    parts.push(
      `<circle cx="${cx}" cy="${cy}" r="${r + 8}" fill="none" stroke="#fff" stroke-width="3" opacity="0.25"/>`,
    );
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r + 2}" fill="none" stroke="#000" stroke-width="6"/>`);
  }
  // sill and floor
  parts.push(
    `<rect y="${bottom}" width="${W}" height="${H - bottom}" fill="${doc.lin(
      [
        [0, "#15181c"],
        [0.4, "#0b0c0e"],
        [1, "#1c1f24"],
      ],
      0,
      bottom,
      0,
      H,
    )}"/>`,
  );
  parts.push(`<rect y="${bottom + 4}" width="${W}" height="2" fill="#fff" opacity="0.12"/>`);
  parts.push(vignette(doc, 0.4));
  return doc.render(parts.join("\n"));
}

/* ------------------------------------------------------------------------ */
/* Rear fender / wheel arch (silver)                                         */
/* ------------------------------------------------------------------------ */
export function fenderScene(name, { paint, dents = [] }) {
  const doc = new Doc(W, H, name);
  const parts = [];
  const panel = `M-10 -10L1610 -10L1610 1210L-10 1210Z`;
  const acx = 860,
    acy = 1230,
    ar = 440;
  parts.push(
    `<path d="${panel}" fill="${paintV(
      doc,
      [
        [0, paint[0]],
        [0.25, paint[1]],
        [0.27, paint[2]],
        [0.6, paint[3]],
        [1, paint[4]],
      ],
      0,
      1200,
    )}"/>`,
  );
  // fender bulge: lighter shoulder around the arch
  parts.push(
    `<circle cx="${acx}" cy="${acy}" r="${ar + 170}" fill="${doc.rad(
      [
        [0.72, "#fff", 0],
        [0.86, "#fff", 0.22],
        [1, "#fff", 0],
      ],
      acx,
      acy,
      ar + 170,
    )}"/>`,
  );
  const yb =
    (y0, k = 0.00009) =>
    (x) =>
      y0 + k * (x - 300) ** 2;
  const dark = "#2c333c";
  const st = [
    { c: hLine(-60, 1660, yb(190, 0.00005)), w: () => 9, glow: 0.35 },
    {
      c: hLine(-60, 1660, yb(300, 0.00006)),
      w: () => 20,
      color: dark,
      glow: 0.2,
      core: 0.55,
      hot: 0.6,
      hotColor: "#161a1f",
    },
    { c: hLine(-60, 1660, yb(400)), w: () => 16, glow: 0.4 },
    { c: hLine(-60, 1660, yb(500)), w: () => 30, color: dark, glow: 0.25, core: 0.6, hot: 0.6, hotColor: "#161a1f" },
    { c: hLine(-60, 1660, yb(610)), w: () => 12, glow: 0.4 },
    {
      c: hLine(-60, 1660, yb(700, 0.0001)),
      w: () => 40,
      color: dark,
      glow: 0.2,
      core: 0.5,
      hot: 0.4,
      hotColor: "#161a1f",
    },
  ];
  parts.push(stripes(doc, st, dents));
  // shoulder crease across the quarter panel
  parts.push(`<path d="M-10 318C400 300 900 296 1610 330" fill="none" stroke="#fff" stroke-width="3" opacity="0.8"/>`);
  parts.push(
    `<path d="M-10 326C400 308 900 304 1610 338" fill="none" stroke="#000" stroke-width="10" opacity="0.2" filter="${doc.blur(5)}"/>`,
  );
  for (const d of dents) parts.push(dentShade(doc, d, { shadow: "#1b2027", strength: 0.85 }));
  // lower darkening
  parts.push(
    `<rect y="800" width="${W}" height="420" fill="${doc.lin(
      [
        [0, "#000", 0],
        [1, "#000", 0.45],
      ],
      0,
      800,
      0,
      1200,
    )}"/>`,
  );
  // rear side window corner + C-pillar
  parts.push(
    `<path d="M-10 -10L700 -10C640 60 560 120 470 150L-10 170Z" fill="${doc.lin(
      [
        [0, "#2a3442"],
        [1, "#07090d"],
      ],
      0,
      0,
      0,
      170,
    )}"/>`,
  );
  parts.push(`<path d="M-10 170L470 150C560 120 640 60 700 -10" fill="none" stroke="#050607" stroke-width="16"/>`);
  parts.push(`<path d="M120 -10L300 -10L120 160L-10 164Z" fill="#fff" opacity="0.06"/>`);
  // tail light
  const tl = "M1270 170C1380 140 1500 118 1620 110L1620 300C1500 292 1380 270 1300 240C1280 220 1268 196 1270 170Z";
  parts.push(
    `<path d="${tl}" fill="${doc.lin(
      [
        [0, "#7a0c14"],
        [0.5, "#4a060b"],
        [1, "#240306"],
      ],
      0,
      110,
      0,
      300,
    )}"/>`,
  );
  parts.push(
    `<path d="M1300 196C1400 176 1500 164 1620 160" fill="none" stroke="#ff3b47" stroke-width="6" stroke-linecap="round"/>`,
  );
  parts.push(
    `<path d="M1300 196C1400 176 1500 164 1620 160" fill="none" stroke="#ff3b47" stroke-width="18" opacity="0.45" filter="${doc.blur(8)}"/>`,
  );
  parts.push(
    `<path d="M1300 150C1420 124 1520 116 1620 112" fill="none" stroke="#fff" stroke-width="2" opacity="0.5"/>`,
  );
  parts.push(gapLine(tl, { w: 4, light: 0.3 }));
  // panel gaps: rear door, bumper
  parts.push(gapLine("M96 168C92 500 92 800 96 1210"));
  parts.push(gapLine("M1330 250C1380 500 1420 800 1440 1210"));
  // wheel arch
  parts.push(`<circle cx="${acx}" cy="${acy}" r="${ar}" fill="#030405"/>`);
  parts.push(bigWheel(doc, acx, acy + 40, ar - 54));
  parts.push(
    `<circle cx="${acx}" cy="${acy}" r="${ar + 10}" fill="none" stroke="#fff" stroke-width="4" opacity="0.5"/>`,
  );
  parts.push(`<circle cx="${acx}" cy="${acy}" r="${ar + 2}" fill="none" stroke="#101216" stroke-width="8"/>`);
  parts.push(vignette(doc, 0.35));
  return doc.render(parts.join("\n"));
}

/* ------------------------------------------------------------------------ */
/* Bonnet / hood seen from the front (white car; blue polish project)        */
/* ------------------------------------------------------------------------ */
export function hoodScene(
  name,
  {
    paint,
    dents = [],
    stripeColor = "#fff",
    dark = false,
    dull = false,
    swirls = false,
    lamp = false,
    beads = false,
    size = [W, H],
    viewY = 0,
  },
) {
  const doc = new Doc(W, H, name);
  const parts = [];
  const hood = "M150 262L1450 262C1560 600 1640 900 1700 1050C1200 1092 400 1092 -100 1050C-40 900 40 600 150 262Z";
  const clip = doc.clip(`<path d="${hood}"/>`);
  // windshield + cowl
  parts.push(`<rect width="${W}" height="${H}" fill="#0b0d11"/>`);
  parts.push(
    `<path d="M260 -10L1340 -10L1450 262L150 262Z" fill="${doc.lin(
      [
        [0, "#3b475a"],
        [0.6, "#141a23"],
        [1, "#07090c"],
      ],
      0,
      0,
      0,
      262,
    )}"/>`,
  );
  parts.push(`<path d="M520 -10L760 -10L560 262L300 262Z" fill="#fff" opacity="0.07"/>`);
  parts.push(`<path d="M330 250L760 206M900 250L1320 206" stroke="#050607" stroke-width="9" stroke-linecap="round"/>`);
  parts.push(`<rect x="140" y="244" width="1320" height="22" fill="#050607"/>`);
  // paint: crown lighter in the middle, falling off to the sides
  parts.push(
    `<path d="${hood}" fill="${paintV(
      doc,
      [
        [0, paint[0]],
        [0.35, paint[1]],
        [0.7, paint[2]],
        [1, paint[3]],
      ],
      262,
      1090,
    )}"/>`,
  );
  parts.push(`<g clip-path="${clip}">`);
  const edge = dark ? 0.25 : 0.45;
  parts.push(
    `<rect width="${W}" height="${H}" fill="${doc.lin(
      [
        [0, "#000", edge],
        [0.3, "#000", 0],
        [0.7, "#000", 0],
        [1, "#000", edge],
      ],
      0,
      0,
      W,
      0,
    )}"/>`,
  );
  const yb = (y0, bow) => (x) => y0 + bow * ((x - 800) / 900) ** 2;
  const st = [
    { c: hLine(-120, 1720, yb(330, 18)), w: () => 6 },
    { c: hLine(-120, 1720, yb(420, 26)), w: () => 10 },
    { c: hLine(-120, 1720, yb(545, 36)), w: () => 15 },
    { c: hLine(-120, 1720, yb(715, 50)), w: () => 22 },
    { c: hLine(-120, 1720, yb(930, 64)), w: () => 30, core: 0.7 },
  ].map((s) => ({
    ...s,
    color: stripeColor,
    glow: dark ? 0.18 : 0.3,
    hot: dark ? 0 : 1,
    core: (s.core ?? 0.85) * (dark ? 0.5 : 1),
  }));
  parts.push(stripes(doc, st, dents, { soft: dull ? 2.6 : 1 }));
  if (lamp) {
    // round work-lamp reflection: crisp when polished, smeared when dull
    const lb = doc.blur(dull ? 14 : 5);
    parts.push(
      `<ellipse cx="1040" cy="620" rx="${dull ? 120 : 90}" ry="${dull ? 70 : 52}" fill="#fff" opacity="${dull ? 0.25 : 0.35}" filter="${doc.blur(30)}"/>`,
    );
    parts.push(`<ellipse cx="1040" cy="620" rx="46" ry="28" fill="#fff" opacity="${dull ? 0.7 : 1}" filter="${lb}"/>`);
  }
  // hood creases: soft highlight on one side, soft shade on the other
  for (const [x0, x1, sgn] of [
    [560, 690, -1],
    [1040, 910, 1],
  ]) {
    parts.push(
      `<path d="M${x0 - 6 * sgn} 1080L${x1 - 4 * sgn} 262" stroke="#fff" stroke-width="8" opacity="${dark ? 0.7 : 0.18}" filter="${doc.blur(4)}"/>`,
    );
    parts.push(`<path d="M${x0} 1080L${x1} 262" stroke="#fff" stroke-width="1.5" opacity="${dark ? 0.6 : 0.3}"/>`);
    parts.push(
      `<path d="M${x0 + 10 * sgn} 1080L${x1 + 6 * sgn} 262" stroke="#000" stroke-width="14" opacity="${dark ? 0.12 : 0.2}" filter="${doc.blur(7)}"/>`,
    );
  }
  for (const d of dents)
    parts.push(dentShade(doc, d, { shadow: dark ? "#4a5868" : "#000", strength: dark ? 0.55 : 0.9 }));
  if (swirls) {
    // swirl marks: fine circular scratches centred on the lamp reflection
    const r = rng(7);
    const arcs = [];
    for (let i = 0; i < 170; i++) {
      const R = 60 + r() ** 0.8 * 620,
        a0 = r() * Math.PI * 2,
        da = 0.15 + r() * 0.5;
      const p = (a) => [1040 + Math.cos(a) * R, 620 + Math.sin(a) * R * 0.62];
      const q0 = p(a0),
        q1 = p(a0 + da);
      arcs.push(
        `<path d="M${f(q0[0])} ${f(q0[1])}A${f(R)} ${f(R * 0.62)} 0 0 1 ${f(q1[0])} ${f(q1[1])}" stroke-width="${f(0.8 + r() * 1.4)}" opacity="${f((0.12 + r() * 0.35) * Math.max(0.25, 1 - R / 700) * 100) / 100}"/>`,
      );
    }
    parts.push(`<g fill="none" stroke="#e6eefc">${arcs.join("")}</g>`);
  }
  if (dull) {
    // oxidation: milky, uneven haze
    parts.push(`<rect width="${W}" height="${H}" fill="#c9d3e0" opacity="0.16"/>`);
    const r = rng(3);
    for (let i = 0; i < 9; i++)
      parts.push(
        `<ellipse cx="${f(r() * W)}" cy="${f(300 + r() * 800)}" rx="${f(150 + r() * 250)}" ry="${f(80 + r() * 120)}" fill="#dfe6ef" opacity="${f((0.05 + r() * 0.08) * 100) / 100}" filter="${doc.blur(40)}"/>`,
      );
  }
  parts.push(
    `<rect y="960" width="${W}" height="140" fill="${doc.lin(
      [
        [0, "#000", 0],
        [1, "#000", 0.35],
      ],
      0,
      960,
      0,
      1092,
    )}"/>`,
  );
  if (beads) parts.push(waterBeads(doc));
  parts.push("</g>");
  // front: shut line, grille, headlights
  parts.push(gapLine("M-100 1052C400 1094 1200 1094 1700 1052", { w: 5, light: 0.25 }));
  parts.push(
    `<path d="M-100 1060C400 1100 1200 1100 1700 1060L1700 1210L-100 1210Z" fill="${paintV(
      doc,
      [
        [0, paint[2]],
        [1, paint[3]],
      ],
      1060,
      1200,
    )}"/>`,
  );
  parts.push(
    `<path d="M-100 1060C400 1100 1200 1100 1700 1060L1700 1210L-100 1210Z" fill="#000" opacity="${dark ? 0.25 : 0.12}"/>`,
  );
  parts.push(`<path d="M470 1125C700 1138 900 1138 1130 1125L1110 1210L490 1210Z" fill="#07080a"/>`);
  parts.push(`<path d="M500 1150L1100 1150M505 1178L1095 1178" stroke="#2a2f36" stroke-width="3"/>`);
  for (const m of [1, -1]) {
    const tx = m === 1 ? "" : ` transform="translate(${W} 0) scale(-1 1)"`;
    parts.push(
      `<g${tx}><path d="M-20 1098C120 1112 250 1118 360 1118C340 1150 300 1170 240 1176L-20 1176Z" fill="#0c0f14"/>` +
        `<path d="M0 1112C120 1124 240 1128 340 1126" stroke="#eaf3ff" stroke-width="5" stroke-linecap="round"/>` +
        `<path d="M0 1112C120 1124 240 1128 340 1126" stroke="#bcd6ff" stroke-width="16" opacity="0.4" filter="${doc.blur(8)}"/></g>`,
    );
  }
  parts.push(vignette(doc, 0.35));
  const out = doc.render(parts.join("\n"));
  return size[1] === H
    ? out
    : out.replace(
        `width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"`,
        `width="${size[0]}" height="${size[1]}" viewBox="0 ${viewY} ${size[0]} ${size[1]}"`,
      );
}

/** Water beads on a waxed hood: dark rim, tinted body, specular glint. */
function waterBeads(doc) {
  const body = doc.id("bead");
  const glint = doc.id("glint");
  doc.defs.push(
    `<radialGradient id="${body}" cx="0.55" cy="0.62" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.65" stop-color="#fff" stop-opacity="0.06"/><stop offset="0.86" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>`,
    `<radialGradient id="${glint}" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  );
  const r = rng(21);
  const out = [];
  for (let i = 0; i < 520; i++) {
    const y = 280 + r() ** 0.8 * 800;
    const x = -60 + r() * 1720;
    const s = (0.45 + (y - 260) / 820) * (3 + r() ** 2.5 * 15);
    const rx = s,
      ry = s * (0.62 + r() * 0.2);
    out.push(
      `<ellipse cx="${f(x + 1.5)}" cy="${f(y + ry * 0.5)}" rx="${f(rx)}" ry="${f(ry)}" fill="#000" opacity="0.25"/>` +
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#${body})"/>` +
        `<ellipse cx="${f(x - rx * 0.35)}" cy="${f(y - ry * 0.38)}" rx="${f(rx * 0.32)}" ry="${f(ry * 0.22)}" fill="url(#${glint})"/>` +
        (s > 7
          ? `<path d="M${f(x - rx * 0.6)} ${f(y + ry * 0.45)}Q${f(x)} ${f(y + ry * 0.95)} ${f(x + rx * 0.6)} ${f(y + ry * 0.45)}" fill="none" stroke="#fff" stroke-width="${f(Math.max(0.8, s * 0.08))}" opacity="0.45"/>`
          : ""),
    );
  }
  return `<g>${out.join("")}</g>`;
}

/* ------------------------------------------------------------------------ */
/* Roof from above (black car, hail)                                         */
/* ------------------------------------------------------------------------ */
export function roofScene(name, { paint, dents = [] }) {
  const doc = new Doc(W, H, name);
  const parts = [];
  const roof =
    "M360 150C700 130 900 130 1240 150C1340 420 1440 720 1520 1000C1100 1040 500 1040 80 1000C160 720 260 420 360 150Z";
  const clip = doc.clip(`<path d="${roof}"/>`);
  parts.push(
    `<rect width="${W}" height="${H}" fill="${doc.lin(
      [
        [0, "#1b1f26"],
        [1, "#0c0e12"],
      ],
      0,
      0,
      0,
      H,
    )}"/>`,
  );
  // rear window (top) and windshield (bottom)
  parts.push(
    `<path d="M420 -10L1180 -10L1236 150C900 128 700 128 364 150Z" fill="${doc.lin(
      [
        [0, "#2b3442"],
        [1, "#090b0f"],
      ],
      0,
      0,
      0,
      150,
    )}"/>`,
  );
  parts.push(
    `<path d="M80 1000C500 1040 1100 1040 1520 1000L1700 1210L-100 1210Z" fill="${doc.lin(
      [
        [0, "#0a0d12"],
        [1, "#2a3546"],
      ],
      0,
      1000,
      0,
      1200,
    )}"/>`,
  );
  parts.push(`<path d="M600 1030L900 1030L980 1210L560 1210Z" fill="#fff" opacity="0.06"/>`);
  parts.push(
    `<path d="${roof}" fill="${doc.lin(
      [
        [0, paint[0]],
        [1, paint[1]],
      ],
      0,
      150,
      0,
      1030,
    )}"/>`,
  );
  parts.push(`<g clip-path="${clip}">`);
  parts.push(
    `<rect width="${W}" height="${H}" fill="${doc.lin(
      [
        [0, "#000", 0.7],
        [0.22, "#000", 0],
        [0.78, "#000", 0],
        [1, "#000", 0.7],
      ],
      0,
      0,
      W,
      0,
    )}"/>`,
  );
  const ys = [215, 285, 365, 455, 560, 680, 820, 960];
  const st = ys.map((y, i) => ({
    c: hLine(-100, 1700, (x) => y - (18 + i * 6) * ((x - 800) / 800) ** 2 + 12),
    w: () => 4 + i * 2.4,
    glow: 0.3,
    core: 0.85,
  }));
  parts.push(stripes(doc, st, dents));
  for (const d of dents) parts.push(dentShade(doc, d, { strength: 1 }));
  parts.push("</g>");
  // roof rails / edges
  parts.push(
    `<path d="M360 150C260 420 160 720 80 1000M1240 150C1340 420 1440 720 1520 1000" fill="none" stroke="#000" stroke-width="10"/>`,
  );
  parts.push(
    `<path d="M372 160C274 424 176 722 98 996M1228 160C1326 424 1424 722 1502 996" fill="none" stroke="#fff" stroke-width="2" opacity="0.3"/>`,
  );
  parts.push(gapLine("M80 1000C500 1040 1100 1040 1520 1000", { w: 6, light: 0.2 }));
  parts.push(gapLine("M364 150C700 128 900 128 1236 150", { w: 5, light: 0.15 }));
  parts.push(vignette(doc, 0.45));
  return doc.render(parts.join("\n"));
}

/* ------------------------------------------------------------------------ */
/* Front bumper corner + fender (green car, scratches and paint damage)      */
/* ------------------------------------------------------------------------ */
export function bumperScene(name, { paint, damaged = false }) {
  const doc = new Doc(W, H, name);
  const parts = [];
  const acx = 1200,
    acy = 1290,
    ar = 400;
  const body = "M150 1210C90 1000 70 720 110 470C140 320 210 230 330 196L1610 150L1610 1210Z";
  const clip = doc.clip(`<path d="${body}"/>`);
  parts.push(
    `<rect width="${W}" height="${H}" fill="${doc.lin(
      [
        [0, "#161a20"],
        [0.85, "#0b0d10"],
        [1, "#15181c"],
      ],
      0,
      0,
      0,
      H,
    )}"/>`,
  );
  parts.push(
    `<path d="${body}" fill="${paintV(
      doc,
      [
        [0, paint[0]],
        [0.22, paint[1]],
        [0.5, paint[2]],
        [0.75, paint[3]],
        [1, paint[4]],
      ],
      160,
      1200,
    )}"/>`,
  );
  parts.push(`<g clip-path="${clip}">`);
  // nose turns away from the viewer: darker towards the left edge
  parts.push(
    `<rect width="${W}" height="${H}" fill="${doc.lin(
      [
        [0, "#000", 0.7],
        [0.2, "#000", 0.1],
        [0.5, "#000", 0],
      ],
      0,
      0,
      W,
      0,
    )}"/>`,
  );
  const yb = (y0, lift) => (x) => y0 - lift * Math.exp(-(x - 60) / 260);
  const st = [
    { c: hLine(40, 1700, yb(300, 40)), w: () => 8, glow: 0.3 },
    { c: hLine(40, 1700, yb(520, 90)), w: () => 22, glow: 0.3 },
    { c: hLine(40, 1700, yb(700, 120)), w: () => 14, glow: 0.25, core: 0.7 },
    { c: hLine(40, 1700, yb(860, 150)), w: () => 30, glow: 0.2, core: 0.4, hot: 0.4 },
  ];
  parts.push(stripes(doc, st, []));
  // upper crease running back from the headlight
  const fadeIn = doc.lin(
    [
      [0, "#fff", 0],
      [0.25, "#fff", 0.55],
      [1, "#fff", 0.55],
    ],
    800,
    0,
    1610,
    0,
  );
  parts.push(`<path d="M800 424C1000 410 1300 396 1610 386" stroke="${fadeIn}" stroke-width="2.5" fill="none"/>`);
  parts.push(
    `<path d="M800 432C1000 418 1300 404 1610 394" stroke="#000" stroke-width="10" opacity="0.25" fill="none" filter="${doc.blur(5)}"/>`,
  );
  if (damaged) {
    const r = rng(11);
    const cx = 430,
      cy = 660;
    // scuffed haze
    parts.push(
      `<ellipse cx="${cx}" cy="${cy}" rx="260" ry="150" fill="#dfeee6" opacity="0.16" transform="rotate(-12 ${cx} ${cy})" filter="${doc.blur(30)}"/>`,
    );
    const lines = [];
    for (let i = 0; i < 70; i++) {
      const ox = (r() - 0.5) * 420,
        oy = (r() - 0.5) * 220,
        len = 40 + r() * 260,
        a = (-12 + (r() - 0.5) * 10) * (Math.PI / 180);
      const x0 = cx + ox - (Math.cos(a) * len) / 2,
        y0 = cy + oy - (Math.sin(a) * len) / 2;
      const x1 = x0 + Math.cos(a) * len,
        y1 = y0 + Math.sin(a) * len;
      const bend = (r() - 0.5) * 10;
      lines.push(
        `<path d="M${f(x0)} ${f(y0)}Q${f((x0 + x1) / 2)} ${f((y0 + y1) / 2 + bend)} ${f(x1)} ${f(y1)}" stroke-width="${f(0.8 + r() * 2)}" opacity="${f((0.2 + r() * 0.5) * 100) / 100}"/>`,
      );
    }
    parts.push(`<g fill="none" stroke="#e9f2ec" stroke-linecap="round">${lines.join("")}</g>`);
    // paint chips down to primer / plastic
    const chip = (x, y, s, col) => {
      const pts = [];
      const n = 9;
      for (let i = 0; i < n; i++) {
        const a = (i / n) * Math.PI * 2,
          rr = s * (0.55 + r() * 0.6);
        pts.push([x + Math.cos(a) * rr * 1.5, y + Math.sin(a) * rr * 0.8]);
      }
      const d = smooth(pts, true, 0.6);
      return `<path d="${d}" fill="#0b1a12" opacity="0.55" transform="translate(2 3)"/><path d="${d}" fill="${col}"/><path d="${d}" fill="none" stroke="#fff" stroke-width="1.2" opacity="0.35"/>`;
    };
    parts.push(chip(360, 640, 26, "#c7cbc4"));
    parts.push(chip(402, 652, 12, "#2b2d30"));
    parts.push(chip(520, 700, 18, "#c7cbc4"));
    parts.push(chip(280, 610, 10, "#b7bcb4"));
    parts.push(chip(610, 684, 9, "#c7cbc4"));
    parts.push(chip(455, 600, 7, "#b7bcb4"));
  }
  parts.push(
    `<rect y="980" width="${W}" height="240" fill="${doc.lin(
      [
        [0, "#000", 0],
        [1, "#000", 0.55],
      ],
      0,
      980,
      0,
      1200,
    )}"/>`,
  );
  parts.push("</g>");
  // headlight
  const hl = "M170 330C260 262 500 222 780 214C760 290 580 352 200 412C176 390 166 360 170 330Z";
  parts.push(
    `<path d="${hl}" fill="${doc.lin(
      [
        [0, "#1d2530"],
        [1, "#07090c"],
      ],
      0,
      214,
      0,
      412,
    )}"/>`,
  );
  parts.push(
    `<path d="M200 338C300 280 520 246 760 236" fill="none" stroke="#eef5ff" stroke-width="6" stroke-linecap="round"/>`,
  );
  parts.push(
    `<path d="M200 338C300 280 520 246 760 236" fill="none" stroke="#bcd6ff" stroke-width="22" opacity="0.45" filter="${doc.blur(10)}"/>`,
  );
  parts.push(
    `<circle cx="420" cy="330" r="34" fill="#0b0e12" stroke="#5b6673" stroke-width="3"/><circle cx="410" cy="322" r="9" fill="#fff" opacity="0.7"/>`,
  );
  parts.push(`<path d="${hl}" fill="none" stroke="#040506" stroke-width="6"/>`);
  // lower intake
  parts.push(`<path d="M220 900C420 880 600 880 780 900L800 1030C600 1020 420 1020 250 1030Z" fill="#060708"/>`);
  parts.push(
    `<path d="M236 940C420 922 610 922 786 940M244 985C420 968 610 968 792 985" stroke="#22262c" stroke-width="4" fill="none"/>`,
  );
  // seams
  parts.push(gapLine("M790 214C800 460 850 760 905 1000"));
  // wheel arch with tyre
  parts.push(`<circle cx="${acx}" cy="${acy}" r="${ar}" fill="#030405"/>`);
  parts.push(bigWheel(doc, acx, acy + 40, ar - 54));
  parts.push(
    `<circle cx="${acx}" cy="${acy}" r="${ar + 10}" fill="none" stroke="#fff" stroke-width="3" opacity="0.3"/>`,
  );
  parts.push(`<circle cx="${acx}" cy="${acy}" r="${ar + 2}" fill="none" stroke="#000" stroke-width="7"/>`);
  parts.push(vignette(doc, 0.35));
  return doc.render(parts.join("\n"));
}
