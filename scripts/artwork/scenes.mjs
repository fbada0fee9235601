// Larger scenes: hero, detailing hero, workshop interiors, article images,
// vehicle size icons. Each function returns a complete SVG string.
import { Doc, f, rng, COLORS } from './lib.mjs';
import { carSide, carShadow, PAINTS, sizeIcon } from './car.mjs';

/** Long studio light strip with soft glow. */
function lightStrip(doc, x, y, w, h, { opacity = 1, glow = 18 } = {}) {
  const g = doc.blur(glow);
  const fill = doc.lin([[0, '#dfe9f7', 0], [0.08, '#f4f8ff'], [0.92, '#f4f8ff'], [1, '#dfe9f7', 0]], x, 0, x + w, 0);
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
  const doc = new Doc(1920, 1080, 'hero');
  const ground = 830;
  const s = 1.02;
  const cx = 860;
  const parts = [];
  parts.push(`<rect width="1920" height="1080" fill="#06080c"/>`);
  parts.push(`<rect width="1920" height="1080" fill="${doc.rad([[0, '#243044'], [0.45, '#121924'], [1, '#06080c', 0]], 1380, 560, 1000, { sy: 0.7 })}"/>`);
  // back wall / floor split
  parts.push(`<rect y="${ground - 40}" width="1920" height="${1080 - ground + 40}" fill="${doc.lin([[0, '#0c1118', 0], [0.15, '#0b0f15'], [1, '#050608']], 0, ground - 40, 0, 1080)}"/>`);
  // floor light pool
  parts.push(`<ellipse cx="1380" cy="${ground + 20}" rx="760" ry="120" fill="${doc.rad([[0, '#2a3547', 0.8], [1, '#2a3547', 0]], 1380, ground + 20, 760, { sy: 0.16 })}"/>`);
  // overhead strips
  parts.push(lightStrip(doc, 820, 70, 1180, 9));
  parts.push(lightStrip(doc, 900, 150, 1040, 6, { opacity: 0.75 }));
  parts.push(lightStrip(doc, 960, 214, 920, 4, { opacity: 0.5, glow: 12 }));
  // faint vertical strip at the far right
  parts.push(`<rect x="1884" y="160" width="8" height="600" rx="4" fill="#dfe9f7" opacity="0.5"/>`);
  parts.push(`<rect x="1870" y="160" width="36" height="600" rx="18" fill="#cfe0ff" opacity="0.18" filter="${doc.blur(16)}"/>`);

  const car = carSide(doc, { paint: PAINTS.graphite, caliper: COLORS.accent, sweep });
  // reflection on the polished floor
  parts.push(`<g transform="translate(${cx} ${ground + 300 * s}) scale(${s} ${-s})" opacity="0.16">${car}</g>`);
  parts.push(`<rect y="${ground}" width="1920" height="${1080 - ground}" fill="${doc.lin([[0, '#06080c', 0.25], [0.5, '#06080c', 0.85], [1, '#06080c']], 0, ground, 0, 1080)}"/>`);
  parts.push(`<g transform="translate(${cx} ${ground - 300 * s}) scale(${s})">${carShadow(doc)}${car}</g>`);
  // calm, darker left side for the headline
  parts.push(`<rect width="1920" height="1080" fill="${doc.lin([[0, '#040609', 0.92], [0.32, '#040609', 0.7], [0.5, '#040609', 0]], 0, 0, 1920, 0)}"/>`);
  // vignette
  parts.push(`<rect width="1920" height="1080" fill="${doc.rad([[0.6, '#000', 0], [1, '#000', 0.5]], 960, 540, 1150, { sy: 0.75 })}"/>`);
  return doc.render(parts.join('\n')).replace('width="1920" height="1080" viewBox', `width="${w}" height="${h}" viewBox`);
}
