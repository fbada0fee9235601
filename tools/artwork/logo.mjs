// Logo mark: an orange tile with a car profile line and two reflection lines,
// the upper one with a small dip being smoothed out (dent repair).
import { COLORS } from "./lib.mjs";

function mark(x, y, s) {
  // designed in a 48×48 box
  return (
    `<g transform="translate(${x} ${y}) scale(${s})">` +
    `<rect width="48" height="48" rx="11" fill="${COLORS.accent}"/>` +
    `<path d="M7 27L15 25C18 18.5 22 15.5 27.5 15.5C33 15.5 36.5 19.5 39 24L41.5 25.5" fill="none" stroke="#fff" stroke-width="3.6" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="M9 31.5L17 31.5C20 31.5 21.5 34.5 24 34.5C26.5 34.5 28 31.5 31 31.5L39 31.5" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity="0.95"/>` +
    `<path d="M9 38.5L39 38.5" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity="0.7"/>` +
    `</g>`
  );
}

export function logo({ light = false } = {}) {
  const ink = light ? "#FFFFFF" : COLORS.navy;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="56" viewBox="0 0 240 56" role="img" aria-label="Bulkeklinikken – Oslo &amp; Bærum">',
    mark(2, 6, 44 / 48),
    `<text x="56" y="29" font-family="Inter, Arial, sans-serif" font-weight="700" font-size="21" letter-spacing="-0.2" textLength="176" lengthAdjust="spacingAndGlyphs" fill="${ink}">Bulkeklinikken</text>`,
    `<text x="56.5" y="46" font-family="Inter, Arial, sans-serif" font-weight="700" font-size="11.5" letter-spacing="0.6" fill="${ink}" opacity="0.72">Oslo &amp; Bærum</text>`,
    "</svg>",
    "",
  ].join("\n");
}

export function favicon() {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    mark(0, 0, 64 / 48),
    "</svg>",
    "",
  ].join("\n");
}
