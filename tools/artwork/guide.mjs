// The photo guide's three drawings (the quote form's "which photos to take"):
// the whole part, a close-up of the dent, and an angled shot in which the
// reflection lines bend around the dent. Flat, like the car-size icons: navy
// shapes, light reflection lines, the accent colour for the camera's frame.
import { COLORS, Doc, f, hLine, poly, stripe } from "./lib.mjs";
import { ICONS } from "./car.mjs";

const W = 240;
const H = 160;
const LIGHT = "#C9D4E2";

/** A camera's frame: four corner brackets around the box x0,y0 – x1,y1. */
function frame(x0, y0, x1, y1, len = 16) {
  const c = (x, y, dx, dy) => `M${f(x)} ${f(y + dy * len)}V${f(y)}H${f(x + dx * len)}`;
  const d = c(x0, y0, 1, 1) + c(x1, y0, -1, 1) + c(x1, y1, -1, -1) + c(x0, y1, 1, -1);
  return `<path d="${d}" fill="none" stroke="${COLORS.accent}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** Reflection lines across a panel, bent by one dent (flat: no glow). */
function lines(ys, x0, x1, dent, width = 3.2, slope = () => 0) {
  return ys
    .map((y0) =>
      stripe(
        hLine(x0, x1, (x) => y0 + slope(x, y0)),
        () => width,
        [dent],
      ),
    )
    .map((d) => `<path d="${d}" fill="${LIGHT}"/>`)
    .join("");
}

/** The whole part: the car's side with its front door framed. */
export function guideWhole() {
  const doc = new Doc(W, H, "guide-whole");
  const car = ICONS.small;
  const navy = COLORS.navy;
  const s = 0.4;
  const parts = [`<g transform="translate(0 24) scale(${s})">`];
  parts.push(`<ellipse cx="300" cy="283" rx="250" ry="6" fill="${navy}" opacity="0.12"/>`);
  parts.push(`<path d="${car.body}" fill="${navy}"/>`);
  parts.push(`<path d="${car.glass.join("")}" fill="${LIGHT}"/>`);
  // the front door's seams, and a small dent on it
  parts.push(
    `<path d="M326 94V226M204 150C202 180 206 206 214 226" fill="none" stroke="${LIGHT}" stroke-width="5" opacity="0.7"/>`,
  );
  parts.push(`<ellipse cx="266" cy="190" rx="14" ry="9" fill="${LIGHT}" opacity="0.35"/>`);
  for (const [cx, cy] of car.wheels) {
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${car.r}" fill="${navy}"/>`);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${car.r * 0.5}" fill="none" stroke="${LIGHT}" stroke-width="6"/>`);
  }
  parts.push("</g>");
  parts.push(frame(70, 50, 142, 124));
  return doc.render(parts.join(""));
}

/** A close-up: the panel fills the frame; its reflection lines bend at the dent. */
export function guideClose() {
  const doc = new Doc(W, H, "guide-close");
  const dent = { x: 122, y: 82, r: 30, pinch: 0.6, dy: 6 };
  const panel = "M22 18H218V142H22Z";
  const clip = doc.clip(`<path d="${panel}"/>`);
  const parts = [`<path d="${panel}" fill="${COLORS.navy}"/>`];
  parts.push(`<g clip-path="${clip}">${lines([38, 60, 82, 104, 126], 10, 230, dent)}</g>`);
  parts.push(frame(82, 44, 162, 120));
  return doc.render(parts.join(""));
}

/** An angled shot: the panel seen from the side, the phone looking along it. */
export function guideAngled() {
  const doc = new Doc(W, H, "guide-angled");
  const dent = { x: 168, y: 84, r: 20, pinch: 0.65, dy: 5 };
  const panel = poly([
    [96, 8],
    [226, 32],
    [226, 128],
    [96, 152],
  ]);
  const clip = doc.clip(`<path d="${panel}"/>`);
  // the near edge is the phone's (left); lines converge towards the far edge, as in perspective
  const slope = (x, y0) => (-(y0 - 80) * 0.34 * (x - 96)) / 130;
  const parts = [`<path d="${panel}" fill="${COLORS.navy}"/>`];
  parts.push(`<g clip-path="${clip}">${lines([20, 50, 80, 110, 140], 90, 232, dent, 2.8, slope)}</g>`);
  // the phone, tilted, and its line of sight to the dent
  parts.push(
    `<path d="M34 108L${dent.x - 10} ${dent.y + 4}" stroke="${COLORS.accent}" stroke-width="3.5" stroke-dasharray="2 7" stroke-linecap="round"/>`,
  );
  parts.push(
    `<g transform="rotate(-22 32 110)"><rect x="14" y="84" width="36" height="54" rx="7" fill="${COLORS.navy}"/><rect x="18" y="90" width="28" height="42" rx="3" fill="${LIGHT}"/><circle cx="32" cy="111" r="7" fill="none" stroke="${COLORS.accent}" stroke-width="3"/></g>`,
  );
  return doc.render(parts.join(""));
}
