// Shared helpers for the placeholder artwork generator (see generate.mjs).
// Everything here is plain string-building: no dependencies, no filters that
// librsvg renders badly (only feGaussianBlur is used, and sparingly).

export const COLORS = {
  navy: "#0F1B2D",
  graphite: "#1E252E",
  accent: "#E8590C",
  white: "#F5F7FA",
};

/** Round for compact output. */
export const f = (n) => Math.round(n * 10) / 10;
export const lerp = (a, b, t) => a + (b - a) * t;
export const clamp = (v, a, b) => Math.max(a, Math.min(b, v));

/** Deterministic PRNG so reruns produce identical files. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A document under construction: collects <defs> (gradients, clips, filters)
 * with ids unique to the file and renders the final standalone SVG.
 */
export class Doc {
  constructor(width, height, prefix) {
    this.w = width;
    this.h = height;
    this.prefix = prefix;
    this.defs = [];
    this.n = 0;
  }

  id(kind) {
    this.n += 1;
    return `${this.prefix}-${kind}${this.n}`;
  }

  static stops(stops) {
    return stops
      .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}"${a !== 1 ? ` stop-opacity="${a}"` : ""}/>`)
      .join("");
  }

  /** Linear gradient in user space (pixel coordinates of the referencing element). */
  lin(stops, x1, y1, x2, y2, extra = "") {
    const id = this.id("l");
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"${extra}>${Doc.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Radial gradient in user space; sx/sy stretch it into an ellipse, rot rotates (deg). */
  rad(stops, cx, cy, r, { sx = 1, sy = 1, rot = 0 } = {}) {
    const id = this.id("r");
    const tf =
      sx !== 1 || sy !== 1 || rot
        ? ` gradientTransform="translate(${f(cx)} ${f(cy)}) rotate(${rot}) scale(${sx} ${sy}) translate(${f(-cx)} ${f(-cy)})"`
        : "";
    this.defs.push(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"${tf}>${Doc.stops(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** Gaussian blur filter with a generous filter region. */
  blur(sd) {
    const id = this.id("b");
    this.defs.push(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="${sd}"/></filter>`,
    );
    return `url(#${id})`;
  }

  clip(content) {
    const id = this.id("c");
    this.defs.push(`<clipPath id="${id}">${content}</clipPath>`);
    return `url(#${id})`;
  }

  render(body) {
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}">`,
      `<defs>${this.defs.join("")}</defs>`,
      body,
      "</svg>",
      "",
    ].join("\n");
  }
}

/** Smooth closed/open path through points (Catmull-Rom converted to cubic Béziers). */
export function smooth(pts, closed = false, k = 1) {
  const n = pts.length;
  const P = (i) => (closed ? pts[(i + n) % n] : pts[clamp(i, 0, n - 1)]);
  let d = `M${f(pts[0][0])} ${f(pts[0][1])}`;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const p0 = P(i - 1),
      p1 = P(i),
      p2 = P(i + 1),
      p3 = P(i + 2);
    const c1 = [p1[0] + ((p2[0] - p0[0]) / 6) * k, p1[1] + ((p2[1] - p0[1]) / 6) * k];
    const c2 = [p2[0] - ((p3[0] - p1[0]) / 6) * k, p2[1] - ((p3[1] - p1[1]) / 6) * k];
    d += `C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  return closed ? d + "Z" : d;
}

export const poly = (pts, close = true) => "M" + pts.map((p) => `${f(p[0])} ${f(p[1])}`).join("L") + (close ? "Z" : "");

/* ------------------------------------------------------------------------ */
/* Dents: a displacement field applied to reflection geometry.               */
/* ------------------------------------------------------------------------ */

/**
 * A dent is { x, y, r, pinch, dx, dy } (round) or additionally { x2, y2 }
 * (a crease along a segment). Points near the dent are pulled towards it
 * (pinch, 0..0.9) and shifted by (dx, dy): reflection lines bend and pinch.
 */
export function displace([x, y], dents) {
  let ox = 0,
    oy = 0;
  for (const d of dents) {
    let cx = d.x,
      cy = d.y;
    if (d.x2 !== undefined) {
      const vx = d.x2 - d.x,
        vy = d.y2 - d.y;
      const t = clamp(((x - d.x) * vx + (y - d.y) * vy) / (vx * vx + vy * vy), 0, 1);
      cx = d.x + vx * t;
      cy = d.y + vy * t;
    }
    const ex = x - cx,
      ey = y - cy;
    const g = Math.exp(-(ex * ex + ey * ey) / (d.r * d.r));
    const pinch = d.pinch ?? 0.55;
    ox += -ex * pinch * g + (d.dx ?? 0) * g;
    oy += -ey * pinch * g + (d.dy ?? 0) * g;
  }
  return [x + ox, y + oy];
}

/** Adaptively sample a parametric curve t∈[0,1] until flat to `tol` px. */
export function sampleCurve(fn, n = 24, tol = 0.5) {
  const out = [fn(0)];
  const rec = (ta, pa, tb, pb, depth) => {
    const tm = (ta + tb) / 2,
      pm = fn(tm);
    const mx = (pa[0] + pb[0]) / 2,
      my = (pa[1] + pb[1]) / 2;
    if (depth < 9 && Math.hypot(pm[0] - mx, pm[1] - my) > tol) {
      rec(ta, pa, tm, pm, depth + 1);
      rec(tm, pm, tb, pb, depth + 1);
    } else out.push(pb);
  };
  for (let i = 0; i < n; i++) {
    const ta = i / n,
      tb = (i + 1) / n;
    rec(ta, fn(ta), tb, fn(tb), 0);
  }
  return out;
}

/**
 * A reflection stripe: centre curve c(t) -> [x,y], half width w(t), both
 * displaced by the dents. Returns a closed path string.
 */
export function stripe(c, w, dents = [], widthScale = 1) {
  const edge = (s) => (t) => {
    const e = 1e-3;
    const a = c(Math.max(0, t - e)),
      b = c(Math.min(1, t + e));
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const nx = -(b[1] - a[1]) / len,
      ny = (b[0] - a[0]) / len;
    const p = c(t),
      hw = w(t) * widthScale * s;
    return displace([p[0] + nx * hw, p[1] + ny * hw], dents);
  };
  const top = sampleCurve(edge(-1));
  const bottom = sampleCurve(edge(1)).reverse();
  return poly([...top, ...bottom]);
}

/** Straight-ish stripe helpers. */
export const hLine = (x0, x1, yFn) => (t) => {
  const x = lerp(x0, x1, t);
  return [x, yFn(x)];
};
export const seg =
  (x0, y0, x1, y1, bow = 0) =>
  (t) => {
    const nx = -(y1 - y0),
      ny = x1 - x0,
      l = Math.hypot(nx, ny);
    const b = bow * 4 * t * (1 - t);
    return [lerp(x0, x1, t) + (nx / l) * b, lerp(y0, y1, t) + (ny / l) * b];
  };

/**
 * Draws a set of reflection stripes as soft glow + crisp core + hot centre.
 * spec: { c, w, color, core=0.85, glow=0.35, hot=1 }
 */
export function stripes(doc, specs, dents, { soft = 1, blurSd = 14 } = {}) {
  const glowF = doc.blur(blurSd * soft);
  const glow = [],
    core = [],
    hot = [];
  for (const s of specs) {
    const color = s.color ?? "#ffffff";
    const g = s.glow ?? 0.35;
    if (g > 0) glow.push(`<path d="${stripe(s.c, s.w, dents, 1.9)}" fill="${color}" opacity="${g}"/>`);
    const co = (s.core ?? 0.85) / Math.max(1, soft * 0.9);
    core.push(`<path d="${stripe(s.c, s.w, dents, 1)}" fill="${color}" opacity="${f(co * 100) / 100}"/>`);
    if ((s.hot ?? 1) > 0 && soft < 1.5)
      hot.push(`<path d="${stripe(s.c, s.w, dents, 0.4)}" fill="${s.hotColor ?? color}" opacity="${s.hot ?? 1}"/>`);
  }
  const coreF = soft > 1.2 ? ` filter="${doc.blur(3 * soft)}"` : "";
  return `<g filter="${glowF}">${glow.join("")}</g><g${coreF}>${core.join("")}</g><g>${hot.join("")}</g>`;
}

/**
 * Shading for a dent: a soft shadow on the lit side and a bright crescent
 * on the far side, as a shallow depression looks under overhead light.
 * light: angle (deg) the light comes from (default from above: -90).
 */
export function dentShade(doc, d, { shadow = "#000", light = "#fff", strength = 1, angle = -90 } = {}) {
  const r = d.r;
  const a = (angle * Math.PI) / 180,
    ux = Math.cos(a),
    uy = Math.sin(a);
  const parts = [];
  const soft = doc.blur(Math.max(2, r * 0.12));
  if (d.x2 !== undefined) {
    // crease: shadow line on one side, highlight on the other
    const vx = d.x2 - d.x,
      vy = d.y2 - d.y,
      l = Math.hypot(vx, vy);
    const nx = -vy / l,
      ny = vx / l;
    const side = nx * ux + ny * uy > 0 ? 1 : -1;
    const lens = (off, wMax) => {
      const pts = [];
      for (let i = 0; i <= 20; i++) {
        const t = i / 20,
          w = wMax * Math.sin(Math.PI * t) ** 0.7;
        pts.push([d.x + vx * t + nx * (off + w) * side, d.y + vy * t + ny * (off + w) * side]);
      }
      for (let i = 20; i >= 0; i--) {
        const t = i / 20,
          w = wMax * Math.sin(Math.PI * t) ** 0.7;
        pts.push([d.x + vx * t + nx * (off - w) * side, d.y + vy * t + ny * (off - w) * side]);
      }
      return poly(pts);
    };
    parts.push(
      `<path d="${lens(r * 0.25, r * 0.45)}" fill="${shadow}" opacity="${0.55 * strength}" filter="${soft}"/>`,
    );
    parts.push(
      `<path d="${lens(-r * 0.35, r * 0.22)}" fill="${light}" opacity="${0.45 * strength}" filter="${soft}"/>`,
    );
    parts.push(`<path d="${lens(0, 2.2)}" fill="${shadow}" opacity="${0.7 * strength}"/>`);
    parts.push(`<path d="${lens(-4, 1.2)}" fill="${light}" opacity="${0.6 * strength}"/>`);
    return parts.join("");
  }
  // round dent: shadow blob toward the light, crescent highlight away from it
  parts.push(
    `<ellipse cx="${f(d.x + ux * r * 0.22)}" cy="${f(d.y + uy * r * 0.22)}" rx="${f(r * 0.72)}" ry="${f(r * 0.62)}" fill="${shadow}" opacity="${0.42 * strength}" filter="${soft}"/>`,
  );
  // crescent between circle (c, r*0.8) and the same circle shifted toward light
  const R = r * 0.78,
    t = r * 0.28;
  const mx = d.x + (ux * t) / 2,
    my = d.y + (uy * t) / 2;
  const h = Math.sqrt(R * R - (t * t) / 4);
  const px = -uy,
    py = ux;
  const p1 = [mx + px * h, my + py * h],
    p2 = [mx - px * h, my - py * h];
  const cres = `M${f(p1[0])} ${f(p1[1])}A${f(R)} ${f(R)} 0 1 1 ${f(p2[0])} ${f(p2[1])}A${f(R)} ${f(R)} 0 0 0 ${f(p1[0])} ${f(p1[1])}Z`;
  parts.push(`<path d="${cres}" fill="${light}" opacity="${0.55 * strength}" filter="${soft}"/>`);
  parts.push(
    `<ellipse cx="${f(d.x)}" cy="${f(d.y)}" rx="${f(r * 0.3)}" ry="${f(r * 0.24)}" fill="${shadow}" opacity="${0.25 * strength}" filter="${soft}"/>`,
  );
  return parts.join("");
}
