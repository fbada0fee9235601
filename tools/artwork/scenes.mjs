// Larger scenes: hero, detailing hero, workshop interiors, article images,
// vehicle size icons. Each function returns a complete SVG string.
import { Doc, f, rng, COLORS, stripes, hLine, dentShade } from "./lib.mjs";
import { carSide, carShadow, PAINTS, sizeIcon } from "./car.mjs";

/** Long studio light strip with soft glow. */
function lightStrip(doc, x, y, w, h, { opacity = 1, glow = 18 } = {}) {
  const g = doc.blur(glow);
  const fill = doc.lin(
    [
      [0, "#dfe9f7", 0],
      [0.08, "#f4f8ff"],
      [0.92, "#f4f8ff"],
      [1, "#dfe9f7", 0],
    ],
    x,
    0,
    x + w,
    0,
  );
  return (
    `<rect x="${f(x)}" y="${f(y - h * 1.5)}" width="${f(w)}" height="${f(h * 4)}" rx="${f(h * 2)}" fill="#cfe0ff" opacity="${0.35 * opacity}" filter="${g}"/>` +
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(h / 2)}" fill="${fill}" opacity="${opacity}"/>`
  );
}

/**
 * Hero poster (also used frame by frame for the hero video).
 * opts.sweep: x (car space) of a moving light band, or null for the poster.
 * opts.w/h: output size (video renders at 1280×720 with the same viewBox).
 */
export function hero({ sweep = null, w = 1920, h = 1080 } = {}) {
  const doc = new Doc(1920, 1080, "hero");
  const ground = 830;
  const s = 1.02;
  const cx = 860;
  const parts = [];
  parts.push(`<rect width="1920" height="1080" fill="#06080c"/>`);
  parts.push(
    `<rect width="1920" height="1080" fill="${doc.rad(
      [
        [0, "#243044"],
        [0.45, "#121924"],
        [1, "#06080c", 0],
      ],
      1380,
      560,
      1000,
      { sy: 0.7 },
    )}"/>`,
  );
  // back wall / floor split
  parts.push(
    `<rect y="${ground - 40}" width="1920" height="${1080 - ground + 40}" fill="${doc.lin(
      [
        [0, "#0c1118", 0],
        [0.15, "#0b0f15"],
        [1, "#050608"],
      ],
      0,
      ground - 40,
      0,
      1080,
    )}"/>`,
  );
  // floor light pool
  parts.push(
    `<ellipse cx="1380" cy="${ground + 20}" rx="760" ry="120" fill="${doc.rad(
      [
        [0, "#2a3547", 0.8],
        [1, "#2a3547", 0],
      ],
      1380,
      ground + 20,
      760,
      { sy: 0.16 },
    )}"/>`,
  );
  // overhead strips
  parts.push(lightStrip(doc, 820, 70, 1180, 9));
  parts.push(lightStrip(doc, 900, 150, 1040, 6, { opacity: 0.75 }));
  parts.push(lightStrip(doc, 960, 214, 920, 4, { opacity: 0.5, glow: 12 }));

  const car = carSide(doc, { paint: PAINTS.graphite, caliper: COLORS.accent, sweep });
  // reflection on the polished floor
  parts.push(`<g transform="translate(${cx} ${ground + 300 * s}) scale(${s} ${-s})" opacity="0.16">${car}</g>`);
  parts.push(
    `<rect y="${ground}" width="1920" height="${1080 - ground}" fill="${doc.lin(
      [
        [0, "#06080c", 0.25],
        [0.5, "#06080c", 0.85],
        [1, "#06080c"],
      ],
      0,
      ground,
      0,
      1080,
    )}"/>`,
  );
  parts.push(`<g transform="translate(${cx} ${ground - 300 * s}) scale(${s})">${carShadow(doc)}${car}</g>`);
  // calm, darker left side for the headline
  parts.push(
    `<rect width="1920" height="1080" fill="${doc.lin(
      [
        [0, "#040609", 0.92],
        [0.32, "#040609", 0.7],
        [0.5, "#040609", 0],
      ],
      0,
      0,
      1920,
      0,
    )}"/>`,
  );
  // vignette
  parts.push(
    `<rect width="1920" height="1080" fill="${doc.rad(
      [
        [0.6, "#000", 0],
        [1, "#000", 0.5],
      ],
      960,
      540,
      1150,
      { sy: 0.75 },
    )}"/>`,
  );
  return doc
    .render(parts.join("\n"))
    .replace('width="1920" height="1080" viewBox', `width="${w}" height="${h}" viewBox`);
}

/** Poster-only parts needed by the video script to draw the light sweep. */
export const HERO_CAR = { x: 860, ground: 830, scale: 1.02 };

/* ------------------------------------------------------------------------ */
/* Auto-detailing hero: a black car, larger and cropped, vertical softboxes. */
/* ------------------------------------------------------------------------ */
export function detailingHero() {
  const doc = new Doc(1920, 1080, "dhero");
  const ground = 1010,
    s = 1.55,
    cx = 620;
  const parts = [];
  parts.push(`<rect width="1920" height="1080" fill="#05070a"/>`);
  parts.push(
    `<rect width="1920" height="1080" fill="${doc.rad(
      [
        [0, "#1e2838"],
        [0.5, "#0d121a"],
        [1, "#05070a", 0],
      ],
      1300,
      520,
      900,
      { sy: 0.8 },
    )}"/>`,
  );
  // vertical softboxes in the background
  for (const [x, o] of [
    [980, 0.55],
    [1480, 0.8],
    [1800, 0.45],
  ]) {
    parts.push(
      `<rect x="${x - 30}" y="60" width="100" height="640" rx="40" fill="#cfe0ff" opacity="${0.2 * o}" filter="${doc.blur(24)}"/>`,
    );
    parts.push(
      `<rect x="${x}" y="90" width="40" height="580" rx="6" fill="${doc.lin(
        [
          [0, "#f4f8ff", 0],
          [0.15, "#f4f8ff"],
          [0.85, "#f4f8ff"],
          [1, "#f4f8ff", 0],
        ],
        0,
        90,
        0,
        670,
      )}" opacity="${o}"/>`,
    );
  }
  parts.push(`<rect y="${ground - 30}" width="1920" height="${1080 - ground + 30}" fill="#040507"/>`);
  // vertical reflections of the softboxes, bent by the body's curvature
  const refl = [];
  for (const [x, w, o] of [
    [250, 18, 0.35],
    [560, 26, 0.5],
    [760, 14, 0.3],
  ]) {
    refl.push(
      `<path d="M${x} 30C${x - 10} 120 ${x - 26} 200 ${x - 50} 300L${x - 50 + w} 300C${x - 26 + w} 200 ${x - 10 + w} 120 ${x + w} 30Z" fill="#eaf2ff" opacity="${o}" filter="${doc.blur(3)}"/>`,
    );
  }
  const car = carSide(doc, { paint: PAINTS.black, caliper: null, extra: refl.join("") });
  parts.push(`<g transform="translate(${cx} ${ground + 300 * s}) scale(${s} ${-s})" opacity="0.14">${car}</g>`);
  parts.push(
    `<rect y="${ground}" width="1920" height="${1080 - ground}" fill="${doc.lin(
      [
        [0, "#040507", 0.3],
        [1, "#040507"],
      ],
      0,
      ground,
      0,
      1080,
    )}"/>`,
  );
  parts.push(`<g transform="translate(${cx} ${ground - 300 * s}) scale(${s})">${carShadow(doc)}${car}</g>`);
  parts.push(
    `<rect width="1920" height="1080" fill="${doc.lin(
      [
        [0, "#030406", 0.95],
        [0.3, "#030406", 0.75],
        [0.52, "#030406", 0],
      ],
      0,
      0,
      1920,
      0,
    )}"/>`,
  );
  parts.push(
    `<rect width="1920" height="1080" fill="${doc.rad(
      [
        [0.6, "#000", 0],
        [1, "#000", 0.5],
      ],
      960,
      540,
      1150,
      { sy: 0.75 },
    )}"/>`,
  );
  return doc.render(parts.join("\n"));
}

/* ------------------------------------------------------------------------ */
/* Room helpers (one-point perspective)                                      */
/* ------------------------------------------------------------------------ */
function room(doc, { W, H, back, wall, ceiling, floor }) {
  const [bx0, by0, bx1, by1] = back;
  return [
    `<path d="M0 0L${W} 0L${bx1} ${by0}L${bx0} ${by0}Z" fill="${ceiling}"/>`,
    `<path d="M0 0L${bx0} ${by0}L${bx0} ${by1}L0 ${H}Z" fill="${wall[0]}"/>`,
    `<path d="M${W} 0L${bx1} ${by0}L${bx1} ${by1}L${W} ${H}Z" fill="${wall[1]}"/>`,
    `<path d="M${bx0} ${by1}L${bx1} ${by1}L${W} ${H}L0 ${H}Z" fill="${floor}"/>`,
    `<rect x="${bx0}" y="${by0}" width="${bx1 - bx0}" height="${by1 - by0}" fill="${wall[2]}"/>`,
  ].join("");
}

/** A ceiling light panel between two depths (0 = viewer, 1 = back wall). */
function ceilingPanel(doc, { W, back, u0, u1, d0, d1, glow = true }) {
  const [bx0, by0, bx1] = back;
  const P = (u, d) => {
    // u: 0..1 across, d: 0..1 depth
    const xl = lerp(0, bx0, d),
      xr = lerp(W, bx1, d),
      y = lerp(0, by0, d);
    return [lerp(xl, xr, u), y];
  };
  const q = [P(u0, d0), P(u1, d0), P(u1, d1), P(u0, d1)];
  const d = "M" + q.map((p) => `${f(p[0])} ${f(p[1])}`).join("L") + "Z";
  return (
    (glow ? `<path d="${d}" fill="#fff" opacity="0.7" filter="${doc.blur(10)}"/>` : "") +
    `<path d="${d}" fill="#ffffff"/><path d="${d}" fill="none" stroke="#c6ced8" stroke-width="2"/>`
  );
}
const lerp = (a, b, t) => a + (b - a) * t;

/* ------------------------------------------------------------------------ */
/* About: bright, clean workshop bay with a car on a two-post lift.          */
/* ------------------------------------------------------------------------ */
export function about() {
  const W = 1600,
    H = 1000;
  const doc = new Doc(W, H, "about");
  const back = [300, 130, 1300, 600];
  const parts = [];
  parts.push(
    room(doc, {
      W,
      H,
      back,
      wall: [
        doc.lin(
          [
            [0, "#d9dfe6"],
            [1, "#eef1f4"],
          ],
          0,
          0,
          300,
          0,
        ),
        doc.lin(
          [
            [0, "#eef1f4"],
            [1, "#d3dae2"],
          ],
          1300,
          0,
          1600,
          0,
        ),
        doc.lin(
          [
            [0, "#f4f6f8"],
            [1, "#e4e9ee"],
          ],
          0,
          130,
          0,
          600,
        ),
      ],
      ceiling: doc.lin(
        [
          [0, "#e6eaef"],
          [1, "#f7f8fa"],
        ],
        0,
        0,
        0,
        130,
      ),
      floor: doc.lin(
        [
          [0, "#c9d0d8"],
          [1, "#9aa4af"],
        ],
        0,
        600,
        0,
        1000,
      ),
    }),
  );
  for (const [u0, u1] of [
    [0.2, 0.3],
    [0.45, 0.55],
    [0.7, 0.8],
  ])
    for (const [d0, d1] of [
      [0.15, 0.45],
      [0.55, 0.85],
    ])
      parts.push(ceilingPanel(doc, { W, back, u0, u1, d0, d1 }));
  // sectional door with windows on the back wall
  parts.push(`<rect x="560" y="250" width="480" height="350" fill="#e2e7ed" stroke="#b9c2cc" stroke-width="3"/>`);
  for (let i = 1; i < 6; i++) parts.push(`<rect x="560" y="${250 + i * 58}" width="480" height="2" fill="#b9c2cc"/>`);
  for (let i = 0; i < 6; i++)
    parts.push(
      `<rect x="${576 + i * 77}" y="268" width="64" height="34" rx="3" fill="${doc.lin(
        [
          [0, "#dfeeff"],
          [1, "#a9c4e2"],
        ],
        0,
        268,
        0,
        302,
      )}"/>`,
    );
  // tool cabinets (left) with the accent as a thin brand band
  parts.push(
    `<rect x="320" y="440" width="200" height="160" fill="${doc.lin(
      [
        [0, "#2a323d"],
        [1, "#1a2029"],
      ],
      0,
      440,
      0,
      600,
    )}"/>`,
  );
  for (let i = 0; i < 5; i++)
    parts.push(
      `<rect x="330" y="${452 + i * 29}" width="180" height="22" rx="2" fill="#323b47"/><rect x="390" y="${460 + i * 29}" width="60" height="3" rx="1.5" fill="#aab3bd"/>`,
    );
  parts.push(`<rect x="320" y="434" width="200" height="6" fill="${COLORS.accent}"/>`);
  // pegboard with tool outlines (right)
  parts.push(
    `<rect x="1090" y="300" width="180" height="150" rx="4" fill="#dfe4ea" stroke="#c3cbd4" stroke-width="2"/>`,
  );
  parts.push(
    `<path d="M1115 320L1115 420M1145 320L1145 400M1175 330C1175 360 1195 360 1195 330M1225 320L1225 430M1215 330L1235 330" stroke="#4a5563" stroke-width="6" stroke-linecap="round" fill="none"/>`,
  );
  parts.push(
    `<rect x="1090" y="470" width="180" height="130" fill="#2a323d"/><rect x="1080" y="462" width="200" height="10" fill="#8a949f"/>`,
  );
  // floor sheen: reflections of the ceiling panels
  parts.push(`<path d="M620 620L980 620L1160 1000L440 1000Z" fill="#fff" opacity="0.22" filter="${doc.blur(30)}"/>`);
  // lift posts
  const ground = 900;
  for (const x of [250, 1330]) {
    parts.push(
      `<rect x="${x}" y="250" width="56" height="${ground - 250}" fill="${doc.lin(
        [
          [0, "#3a4350"],
          [0.5, "#59636f"],
          [1, "#2b323c"],
        ],
        x,
        0,
        x + 56,
        0,
      )}"/>`,
    );
    parts.push(`<rect x="${x - 14}" y="${ground - 12}" width="84" height="16" rx="3" fill="#2b323c"/>`);
    parts.push(`<rect x="${x + 8}" y="300" width="8" height="${ground - 330}" fill="#fff" opacity="0.15"/>`);
  }
  parts.push(
    `<ellipse cx="800" cy="${ground + 6}" rx="620" ry="26" fill="#000" opacity="0.22" filter="${doc.blur(22)}"/>`,
  );
  // car raised on the lift
  const s = 1.0,
    cx = 300,
    lifted = 150;
  const carTop = ground - lifted - 300 * s;
  parts.push(
    `<g transform="translate(${cx} ${carTop}) scale(${s})">${carSide(doc, { paint: PAINTS.navy, streaks: 0.9 })}</g>`,
  );
  // lift arms under the sills
  for (const [x0, x1] of [
    [306, 440],
    [1330, 1110],
  ]) {
    parts.push(
      `<path d="M${x0} ${ground - lifted - 26}L${x1} ${ground - lifted - 26}L${x1} ${ground - lifted - 14}L${x0} ${ground - lifted - 10}Z" fill="#2b323c"/>`,
    );
    parts.push(`<rect x="${x1 - 14}" y="${ground - lifted - 40}" width="28" height="16" rx="3" fill="#1a1f26"/>`);
  }
  parts.push(
    `<rect width="${W}" height="${H}" fill="${doc.rad(
      [
        [0.65, "#0F1B2D", 0],
        [1, "#0F1B2D", 0.22],
      ],
      800,
      500,
      1000,
      { sy: 0.7 },
    )}"/>`,
  );
  return doc.render(parts.join("\n"));
}

/* ------------------------------------------------------------------------ */
/* Premises: detailing bay, darker, a white car under light panels.          */
/* ------------------------------------------------------------------------ */
export function premises() {
  const W = 1600,
    H = 1000;
  const doc = new Doc(W, H, "prem");
  const back = [260, 150, 1340, 640];
  const parts = [];
  parts.push(
    room(doc, {
      W,
      H,
      back,
      wall: [
        doc.lin(
          [
            [0, "#0c1016"],
            [1, "#181e27"],
          ],
          0,
          0,
          260,
          0,
        ),
        doc.lin(
          [
            [0, "#181e27"],
            [1, "#0c1016"],
          ],
          1340,
          0,
          1600,
          0,
        ),
        doc.lin(
          [
            [0, "#1b222c"],
            [1, "#141a22"],
          ],
          0,
          150,
          0,
          640,
        ),
      ],
      ceiling: doc.lin(
        [
          [0, "#080a0e"],
          [1, "#151a21"],
        ],
        0,
        0,
        0,
        150,
      ),
      floor: doc.lin(
        [
          [0, "#1a2029"],
          [1, "#07090c"],
        ],
        0,
        640,
        0,
        1000,
      ),
    }),
  );
  // light panels: a grid above the car
  for (const [u0, u1] of [
    [0.12, 0.3],
    [0.41, 0.59],
    [0.7, 0.88],
  ])
    for (const [d0, d1] of [
      [0.05, 0.3],
      [0.38, 0.62],
      [0.7, 0.92],
    ])
      parts.push(ceilingPanel(doc, { W, back, u0, u1, d0, d1 }));
  // wall light line + slatted wall
  parts.push(
    `<rect x="260" y="300" width="1080" height="6" fill="#eaf2ff" opacity="0.8"/><rect x="260" y="290" width="1080" height="26" fill="#cfe0ff" opacity="0.2" filter="${doc.blur(10)}"/>`,
  );
  for (let i = 0; i < 18; i++)
    parts.push(`<rect x="${280 + i * 60}" y="330" width="3" height="310" fill="#000" opacity="0.25"/>`);
  // glossy floor: reflected panels
  parts.push(
    `<path d="M520 660L1080 660L1300 1000L300 1000Z" fill="#cfe0ff" opacity="0.08" filter="${doc.blur(30)}"/>`,
  );
  const ground = 880,
    s = 1.1,
    cx = 250;
  // reflections of the ceiling grid on the car's upper surfaces
  const refl = [];
  for (const [x, w] of [
    [120, 90],
    [470, 110],
    [700, 80],
  ])
    refl.push(
      `<path d="M${x} 40L${x + w} 40L${x + w - 20} 180L${x - 20} 180Z" fill="#fff" opacity="0.28" filter="${doc.blur(4)}"/>`,
    );
  const car = carSide(doc, { paint: PAINTS.white, streaks: 1, extra: refl.join("") });
  parts.push(`<g transform="translate(${cx} ${ground + 300 * s}) scale(${s} ${-s})" opacity="0.18">${car}</g>`);
  parts.push(
    `<rect y="${ground}" width="${W}" height="${H - ground}" fill="${doc.lin(
      [
        [0, "#07090c", 0.35],
        [1, "#07090c", 0.95],
      ],
      0,
      ground,
      0,
      H,
    )}"/>`,
  );
  parts.push(`<g transform="translate(${cx} ${ground - 300 * s}) scale(${s})">${carShadow(doc, 0.9)}${car}</g>`);
  parts.push(
    `<rect width="${W}" height="${H}" fill="${doc.rad(
      [
        [0.6, "#000", 0],
        [1, "#000", 0.45],
      ],
      800,
      500,
      1000,
      { sy: 0.7 },
    )}"/>`,
  );
  return doc.render(parts.join("\n"));
}

/* ------------------------------------------------------------------------ */
/* Vehicle size icons                                                         */
/* ------------------------------------------------------------------------ */
export function icon(kind) {
  const doc = new Doc(600, 300, `size-${kind}`);
  return doc.render(sizeIcon(doc, kind));
}

/* ------------------------------------------------------------------------ */
/* Article images (1600×900)                                                  */
/* ------------------------------------------------------------------------ */

/** Dent repair: a striped line board reflected (and bent) in a door panel, PDR rods. */
export function articleBulkoppretting() {
  const W = 1600,
    H = 900;
  const doc = new Doc(W, H, "a-bulk");
  const parts = [];
  parts.push(
    `<rect width="${W}" height="${H}" fill="${doc.lin(
      [
        [0, "#141a22"],
        [1, "#07090c"],
      ],
      0,
      0,
      0,
      H,
    )}"/>`,
  );
  // door panel (right ~70%)
  const panel = "M420 -10L1610 -10L1610 910L470 910C440 600 430 300 420 -10Z";
  const clip = doc.clip(`<path d="${panel}"/>`);
  parts.push(
    `<path d="${panel}" fill="${doc.lin(
      [
        [0, "#3e4a5a"],
        [0.3, "#222a35"],
        [0.7, "#161c24"],
        [1, "#07090c"],
      ],
      0,
      0,
      0,
      H,
    )}"/>`,
  );
  parts.push(`<g clip-path="${clip}">`);
  // reflection of the line board: a window of alternating stripes, bent by a dent
  const dent = { x: 1080, y: 470, r: 95, pinch: 0.6, dy: 10 };
  const board = "M640 190L1500 150L1520 760L660 740Z";
  const bclip = doc.clip(`<path d="${board}"/>`);
  parts.push(`<path d="${board}" fill="#0b0e12" opacity="0.8"/>`);
  const st = [];
  for (let i = 0; i < 11; i++) {
    const y0 = 200 + i * 52;
    st.push({
      c: hLine(600, 1560, (x) => y0 - (x - 640) * 0.045 + i * 0.003 * (x - 640)),
      w: () => 12,
      glow: 0.25,
      core: 0.9,
    });
  }
  parts.push(`<g clip-path="${bclip}">${stripes(doc, st, [dent])}</g>`);
  parts.push(dentShade(doc, dent, { strength: 0.7 }));
  // glue-puller tab on the dent (the single accent)
  parts.push(
    `<ellipse cx="${dent.x}" cy="${dent.y + 4}" rx="26" ry="24" fill="#000" opacity="0.4" filter="${doc.blur(4)}"/>`,
  );
  parts.push(
    `<circle cx="${dent.x}" cy="${dent.y}" r="22" fill="${doc.rad(
      [
        [0, "#ff8a45"],
        [1, COLORS.accent],
      ],
      dent.x - 6,
      dent.y - 8,
      26,
    )}"/>`,
  );
  parts.push(
    `<rect x="${dent.x - 7}" y="${dent.y - 34}" width="14" height="30" rx="4" fill="${COLORS.accent}"/><rect x="${dent.x - 12}" y="${dent.y - 42}" width="24" height="12" rx="4" fill="#c9480a"/>`,
  );
  // door character line
  parts.push(`<path d="M430 110C800 96 1200 88 1610 84" stroke="#fff" stroke-width="2.5" opacity="0.5" fill="none"/>`);
  parts.push(
    `<rect x="400" y="800" width="1220" height="120" fill="${doc.lin(
      [
        [0, "#000", 0],
        [1, "#000", 0.6],
      ],
      0,
      800,
      0,
      910,
    )}"/>`,
  );
  parts.push("</g>");
  parts.push(`<path d="M420 -10C430 300 440 600 470 910" stroke="#020304" stroke-width="6" fill="none"/>`);
  // the line board itself on a stand (left)
  parts.push(
    `<rect x="96" y="820" width="220" height="14" rx="7" fill="#1b2028"/><rect x="198" y="560" width="16" height="270" fill="#2b323c"/>`,
  );
  parts.push(
    `<rect x="70" y="160" width="290" height="420" rx="12" fill="#cfe0ff" opacity="0.35" filter="${doc.blur(26)}"/>`,
  );
  parts.push(
    `<rect x="90" y="180" width="250" height="380" rx="10" fill="#0d1116" stroke="#2e3641" stroke-width="6"/>`,
  );
  for (let i = 0; i < 11; i++)
    parts.push(`<rect x="104" y="${192 + i * 33}" width="222" height="14" rx="3" fill="#f4f8ff"/>`);
  // PDR rods lying across the foreground
  for (const [x0, y0, x1, y1, hw] of [
    [40, 870, 780, 700, 5],
    [120, 900, 860, 770, 4],
  ]) {
    parts.push(
      `<path d="M${x0} ${y0}L${x1} ${y1}" stroke="#000" stroke-width="${hw * 3}" opacity="0.45" filter="${doc.blur(6)}" transform="translate(0 14)"/>`,
    );
    parts.push(
      `<path d="M${x0 + 160} ${y0 - 37}L${x1} ${y1}Q${x1 + 26} ${y1 - 6} ${x1 + 30} ${y1 - 30}" stroke="${doc.lin(
        [
          [0, "#6d7784"],
          [0.5, "#d9dee4"],
          [1, "#7a8591"],
        ],
        0,
        y1 - 30,
        0,
        y0,
      )}" stroke-width="${hw * 2}" stroke-linecap="round" fill="none"/>`,
    );
    parts.push(
      `<path d="M${x0} ${y0}L${x0 + 170} ${y0 - 39}" stroke="#15191f" stroke-width="${hw * 5}" stroke-linecap="round"/>`,
    );
  }
  parts.push(
    `<rect width="${W}" height="${H}" fill="${doc.rad(
      [
        [0.6, "#000", 0],
        [1, "#000", 0.45],
      ],
      800,
      450,
      950,
      { sy: 0.7 },
    )}"/>`,
  );
  return doc.render(parts.join("\n"));
}

/** Paint correction: dual-action polisher on a 50/50 panel (dull left, glossy right). */
export function articleLakkrens() {
  const W = 1600,
    H = 900;
  const doc = new Doc(W, H, "a-lakk");
  const parts = [];
  parts.push(`<rect width="${W}" height="${H}" fill="#07090c"/>`);
  parts.push(
    `<rect width="${W}" height="300" fill="${doc.lin(
      [
        [0, "#1b2330"],
        [1, "#0b0e13"],
      ],
      0,
      0,
      0,
      300,
    )}"/>`,
  );
  parts.push(
    `<rect x="200" y="70" width="1200" height="8" rx="4" fill="#f4f8ff" opacity="0.85"/><rect x="200" y="60" width="1200" height="28" rx="14" fill="#cfe0ff" opacity="0.25" filter="${doc.blur(12)}"/>`,
  );
  const panel = "M-10 260C500 230 1100 230 1610 260L1610 910L-10 910Z";
  const paint = doc.lin(
    [
      [0, "#3a4654"],
      [0.3, "#1c2430"],
      [1, "#080b10"],
    ],
    0,
    240,
    0,
    900,
  );
  const bands = (dull) =>
    stripes(
      doc,
      [
        { c: hLine(-50, 1650, (x) => 300 + 30 * ((x - 800) / 800) ** 2), w: () => 8 },
        { c: hLine(-50, 1650, (x) => 400 + 44 * ((x - 800) / 800) ** 2), w: () => 14 },
        { c: hLine(-50, 1650, (x) => 560 + 60 * ((x - 800) / 800) ** 2), w: () => 22 },
        { c: hLine(-50, 1650, (x) => 770 + 80 * ((x - 800) / 800) ** 2), w: () => 30, core: 0.6 },
      ],
      [],
      { soft: dull ? 2.6 : 1 },
    );
  const left = doc.clip(`<rect x="-10" y="0" width="810" height="910"/>`);
  const right = doc.clip(`<rect x="800" y="0" width="810" height="910"/>`);
  const pclip = doc.clip(`<path d="${panel}"/>`);
  parts.push(`<path d="${panel}" fill="${paint}"/>`);
  parts.push(`<g clip-path="${pclip}">`);
  // dull half: soft bands, haze, swirls
  const r = rng(5);
  const arcs = [];
  for (let i = 0; i < 140; i++) {
    const R = 40 + r() * 520,
      a0 = r() * Math.PI * 2,
      da = 0.2 + r() * 0.6;
    const c = [520, 560];
    const p = (a) => [c[0] + Math.cos(a) * R, c[1] + Math.sin(a) * R * 0.45];
    const q0 = p(a0),
      q1 = p(a0 + da);
    arcs.push(
      `<path d="M${f(q0[0])} ${f(q0[1])}A${f(R)} ${f(R * 0.45)} 0 0 1 ${f(q1[0])} ${f(q1[1])}" stroke-width="${f(0.8 + r() * 1.2)}" opacity="${f((0.1 + r() * 0.3) * 100) / 100}"/>`,
    );
  }
  parts.push(
    `<g clip-path="${left}">${bands(true)}<g fill="none" stroke="#e6eefc">${arcs.join("")}</g><rect width="${W}" height="${H}" fill="#b9c4d2" opacity="0.14"/></g>`,
  );
  parts.push(`<g clip-path="${right}">${bands(false)}</g>`);
  parts.push(
    `<rect y="700" width="${W}" height="210" fill="${doc.lin(
      [
        [0, "#000", 0],
        [1, "#000", 0.5],
      ],
      0,
      700,
      0,
      900,
    )}"/>`,
  );
  parts.push("</g>");
  // masking tape line between the halves
  parts.push(
    `<path d="M794 246L806 246L818 910L782 910Z" fill="#d9d2bd"/><path d="M806 246L818 910" stroke="#000" stroke-width="2" opacity="0.3"/>`,
  );
  // the polisher: orange foam pad, backing plate, machine body
  const px = 860,
    py = 640;
  parts.push(
    `<ellipse cx="${px}" cy="${py + 34}" rx="220" ry="44" fill="#000" opacity="0.6" filter="${doc.blur(16)}"/>`,
  );
  parts.push(
    `<path d="M${px - 170} ${py}L${px - 170} ${py + 30}A170 38 0 0 0 ${px + 170} ${py + 30}L${px + 170} ${py}Z" fill="#b8460a"/>`,
  );
  parts.push(
    `<ellipse cx="${px}" cy="${py}" rx="170" ry="38" fill="${doc.rad(
      [
        [0, "#ff8a45"],
        [1, COLORS.accent],
      ],
      px - 40,
      py - 10,
      180,
    )}"/>`,
  );
  parts.push(
    `<path d="M${px - 130} ${py - 14}L${px - 130} ${py - 2}A130 28 0 0 0 ${px + 130} ${py - 2}L${px + 130} ${py - 14}Z" fill="#111418"/>`,
  );
  parts.push(`<ellipse cx="${px}" cy="${py - 14}" rx="130" ry="28" fill="#262c34"/>`);
  const metal = doc.lin(
    [
      [0, "#1a1f26"],
      [0.4, "#4a5461"],
      [0.6, "#38414c"],
      [1, "#14181d"],
    ],
    px - 70,
    0,
    px + 70,
    0,
  );
  parts.push(
    `<path d="M${px - 60} ${py - 20}L${px - 70} ${py - 170}L${px + 70} ${py - 170}L${px + 60} ${py - 20}Z" fill="${metal}"/>`,
  );
  parts.push(
    `<path d="M${px - 80} ${py - 150}C${px - 60} ${py - 230} ${px + 80} ${py - 240} ${px + 140} ${py - 230}L${px + 470} ${py - 260}C${px + 510} ${py - 262} ${px + 520} ${py - 200} ${px + 480} ${py - 190}L${px + 100} ${py - 140}C${px + 40} ${py - 130} ${px - 60} ${py - 120} ${px - 80} ${py - 150}Z" fill="${doc.lin(
      [
        [0, "#5a6471"],
        [0.35, "#2b323b"],
        [1, "#11151a"],
      ],
      0,
      py - 260,
      0,
      py - 120,
    )}"/>`,
  );
  parts.push(
    `<path d="M${px - 40} ${py - 200}C${px + 40} ${py - 226} ${px + 300} ${py - 238} ${px + 470} ${py - 248}" stroke="#fff" stroke-width="3" opacity="0.35" fill="none"/>`,
  );
  parts.push(
    `<path d="M${px + 200} ${py - 176}L${px + 440} ${py - 206}" stroke="#0b0d10" stroke-width="22" stroke-linecap="round"/>`,
  );
  parts.push(
    `<ellipse cx="${px - 10}" cy="${py - 200}" rx="70" ry="22" fill="#16191e"/><ellipse cx="${px - 10}" cy="${py - 206}" rx="60" ry="16" fill="#2b323b"/>`,
  );
  parts.push(
    `<rect width="${W}" height="${H}" fill="${doc.rad(
      [
        [0.6, "#000", 0],
        [1, "#000", 0.45],
      ],
      800,
      450,
      950,
      { sy: 0.7 },
    )}"/>`,
  );
  return doc.render(parts.join("\n"));
}

/** Clean interior seen from the rear seat: front seats, dashboard, bright windscreen. */
export function articleInvendig() {
  const W = 1600,
    H = 900;
  const doc = new Doc(W, H, "a-inv");
  const parts = [];
  // roof lining and windscreen
  parts.push(
    `<rect width="${W}" height="${H}" fill="${doc.lin(
      [
        [0, "#d9dde2"],
        [1, "#aeb5bd"],
      ],
      0,
      0,
      0,
      H,
    )}"/>`,
  );
  parts.push(
    `<path d="M250 120C600 90 1000 90 1350 120L1450 420C1000 390 600 390 150 420Z" fill="${doc.lin(
      [
        [0, "#f4f8fd"],
        [0.6, "#dce8f4"],
        [1, "#b8cde2"],
      ],
      0,
      100,
      0,
      420,
    )}"/>`,
  );
  parts.push(`<path d="M700 110L900 110L760 410L520 410Z" fill="#fff" opacity="0.35"/>`);
  // A-pillars
  parts.push(
    `<path d="M0 0L300 0L250 120L150 420L0 520Z" fill="${doc.lin(
      [
        [0, "#c9ced4"],
        [1, "#9aa2ab"],
      ],
      0,
      0,
      300,
      0,
    )}"/>`,
  );
  parts.push(
    `<path d="M1600 0L1300 0L1350 120L1450 420L1600 520Z" fill="${doc.lin(
      [
        [0, "#9aa2ab"],
        [1, "#c9ced4"],
      ],
      1300,
      0,
      1600,
      0,
    )}"/>`,
  );
  parts.push(`<path d="M0 0L1600 0L1600 60C1100 30 500 30 0 60Z" fill="#e6e9ed"/>`);
  // dashboard
  parts.push(
    `<path d="M0 500C300 400 1300 400 1600 500L1600 640L0 640Z" fill="${doc.lin(
      [
        [0, "#3a424d"],
        [0.3, "#232a33"],
        [1, "#151a20"],
      ],
      0,
      410,
      0,
      640,
    )}"/>`,
  );
  parts.push(`<path d="M60 492C400 410 1200 410 1540 492" stroke="#fff" stroke-width="3" opacity="0.2" fill="none"/>`);
  parts.push(
    `<path d="M0 560C400 520 1200 520 1600 560" stroke="#8a929c" stroke-width="4" opacity="0.5" fill="none"/>`,
  );
  // centre screen
  parts.push(
    `<rect x="680" y="440" width="240" height="120" rx="14" fill="#0b0f14" stroke="#4a525d" stroke-width="3"/>`,
  );
  parts.push(
    `<rect x="692" y="452" width="216" height="96" rx="8" fill="${doc.lin(
      [
        [0, "#1d3552"],
        [1, "#0d1826"],
      ],
      0,
      452,
      0,
      548,
    )}"/>`,
  );
  parts.push(
    `<path d="M710 520C760 500 800 510 840 490C860 482 880 480 890 478" stroke="#6fa8e6" stroke-width="3" fill="none" opacity="0.7"/>`,
  );
  // steering wheel (left-hand drive)
  parts.push(`<ellipse cx="420" cy="560" rx="170" ry="150" fill="none" stroke="#14181d" stroke-width="30"/>`);
  parts.push(
    `<ellipse cx="420" cy="555" rx="170" ry="150" fill="none" stroke="#fff" stroke-width="2" opacity="0.15"/>`,
  );
  parts.push(
    `<path d="M270 600L370 590L420 640L470 590L570 600" stroke="#14181d" stroke-width="26" fill="none" stroke-linejoin="round"/>`,
  );
  parts.push(`<ellipse cx="420" cy="610" rx="55" ry="40" fill="#1d232a"/>`);
  // centre console
  parts.push(
    `<path d="M640 640L960 640L1020 910L580 910Z" fill="${doc.lin(
      [
        [0, "#2a313a"],
        [1, "#12161b"],
      ],
      0,
      640,
      0,
      910,
    )}"/>`,
  );
  parts.push(`<rect x="730" y="700" width="140" height="40" rx="12" fill="#0d1014"/>`);
  parts.push(
    `<path d="M610 800C700 780 900 780 990 800L1010 910L590 910Z" fill="${doc.lin(
      [
        [0, "#e9e4da"],
        [1, "#cfc8bb"],
      ],
      0,
      780,
      0,
      910,
    )}"/>`,
  );
  // front seats (backs) in light leather with channel stitching
  const seat = (cx, flip) => {
    const s = flip ? -1 : 1;
    const X = (x) => cx + s * x;
    const back = `M${X(-250)} 910C${X(-270)} 760 ${X(-250)} 620 ${X(-200)} 560C${X(-120)} 520 ${X(120)} 520 ${X(200)} 560C${X(250)} 620 ${X(270)} 760 ${X(250)} 910Z`;
    const head = `M${X(-110)} 520C${X(-120)} 440 ${X(-100)} 400 ${X(0)} 396C${X(100)} 400 ${X(120)} 440 ${X(110)} 520C${X(60)} 536 ${X(-60)} 536 ${X(-110)} 520Z`;
    const leather = doc.lin(
      [
        [0, "#f1ece3"],
        [0.6, "#ddd5c7"],
        [1, "#bfb6a6"],
      ],
      cx - 260,
      0,
      cx + 260,
      0,
    );
    const stitch = [];
    for (const x of [-120, -60, 0, 60, 120])
      stitch.push(`M${X(x)} 600C${X(x * 1.05)} 700 ${X(x * 1.1)} 800 ${X(x * 1.12)} 910`);
    return (
      `<path d="M${X(-30)} 530L${X(-30)} 570M${X(30)} 530L${X(30)} 570" stroke="#8a929c" stroke-width="10"/>` +
      `<path d="${back}" fill="#000" opacity="0.25" filter="${doc.blur(14)}" transform="translate(${s * 16} 10)"/>` +
      `<path d="${back}" fill="${leather}"/>` +
      `<path d="${stitch.join("")}" stroke="#a79e8e" stroke-width="2" stroke-dasharray="6 6" fill="none"/>` +
      `<path d="${back}" fill="${doc.rad(
        [
          [0, "#fff", 0.35],
          [1, "#fff", 0],
        ],
        cx - s * 80,
        620,
        260,
      )}"/>` +
      `<path d="${head}" fill="${leather}"/>` +
      `<path d="${head}" fill="${doc.rad(
        [
          [0, "#fff", 0.4],
          [1, "#fff", 0],
        ],
        cx - s * 40,
        430,
        120,
      )}"/>`
    );
  };
  parts.push(seat(360, false));
  parts.push(seat(1240, true));
  parts.push(
    `<rect width="${W}" height="${H}" fill="${doc.rad(
      [
        [0.6, "#0F1B2D", 0],
        [1, "#0F1B2D", 0.35],
      ],
      800,
      450,
      950,
      { sy: 0.7 },
    )}"/>`,
  );
  return doc.render(parts.join("\n"));
}
