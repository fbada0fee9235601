/**
 * The photos the labelled set is made from: real photographs from Debian's
 * `python3-skimage` sample data, the site's own case and project images
 * (content/images, drawn at the phone's width), and hard cases made here: a
 * plain car panel with one crisp crease (large smooth areas must not read as
 * blur), the same panel bare (no edge at all: never called blurred) and night shots with bright lamps (a few bright points must not make a
 * dark photo read as light).
 */
import fs from "node:fs";
import path from "node:path";
import type { PhotoVerdict } from "../../lib/photos/photo-check";

/** One photo the set is made from. */
export interface Source {
  name: string;
  /** a file sharp reads (photo or SVG), or an SVG document made here */
  file?: string;
  svg?: string;
  /** width of the phone-sized copy */
  width: number;
  /** a hard case, named in the report */
  hard?: string;
  /** what the source itself should be called (a night shot is dark as it is) */
  expected?: PhotoVerdict;
  /** no edge at all (a bare panel): a blur of it is the same photo, so its blurred variants are ok */
  featureless?: boolean;
  /** bright points added after darkening (a night shot's lamps), as fractions of width/height */
  lamps?: [number, number][];
  /** stops darker applied to make the source itself (a night shot) */
  stops?: number;
}

export const SKIMAGE_DATA = process.env.SKIMAGE_DATA ?? "/usr/lib/python3/dist-packages/skimage/data";

/** Photographs (not drawings, not microscope or telescope images) of skimage's sample data. */
const SKIMAGE_PHOTOS = [
  "astronaut.png",
  "coffee.png",
  "chelsea.png",
  "rocket.jpg",
  "motorcycle_left.png",
  "camera.png",
  "brick.png",
  "grass.png",
  "gravel.png",
  "coins.png",
];

/** The site's pictures of cars and the workshop (the damaged "before" of each pair). */
const SITE_IMAGES = [
  "case-1-before.svg",
  "case-2-before.svg",
  "case-3-before.svg",
  "project-1-before.svg",
  "project-2-before.svg",
  "project-3-before.svg",
  "project-4-before.svg",
  "article-bulkoppretting.svg",
  "article-lakkrens.svg",
  "premises.svg",
];

/** A plain panel: a smooth gradient with a soft reflection and one crisp crease (none without `crease`). */
export function plainPanelSvg(top: string, bottom: string, crease?: number): string {
  const w = 4000;
  const h = 3000;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="a" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<linearGradient id="r" x1="0" y1="0" x2="1" y2="0.2"><stop offset="0.2" stop-color="#fff" stop-opacity="0"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.7" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#a)"/><rect width="${w}" height="${h}" fill="url(#r)"/>
${
  crease === undefined
    ? ""
    : `<path d="M0 ${crease}L${w} ${crease - 400}V${h}H0Z" fill="#000" opacity="0.18"/>
<path d="M0 ${crease}L${w} ${crease - 400}" stroke="#fff" stroke-opacity="0.6" stroke-width="14"/>`
}
</svg>`;
}

/** Phone widths: a 12 MP (4000 px) and a 9 MP (3024 px) camera, in turn. */
const width = (index: number) => (index % 2 === 0 ? 4000 : 3024);

export function defaultSources(root = process.cwd()): Source[] {
  const sources: Source[] = [];
  for (const file of SKIMAGE_PHOTOS) {
    const full = path.join(SKIMAGE_DATA, file);
    if (!fs.existsSync(full)) throw new Error(`${full} is missing: apt-get install -y python3-skimage`);
    sources.push({ name: file.replace(/\.\w+$/, "").replace(/_/g, "-"), file: full, width: width(sources.length) });
  }
  for (const file of SITE_IMAGES) {
    sources.push({
      name: file.replace(/\.svg$/, ""),
      file: path.join(root, "content/images", file),
      width: width(sources.length),
    });
  }
  sources.push(
    { name: "plain-panel-silver", svg: plainPanelSvg("#d9dde2", "#9aa1aa", 1900), width: 4000, hard: "plain panel" },
    { name: "plain-panel-blue", svg: plainPanelSvg("#3d5f94", "#1b2f52", 1500), width: 3024, hard: "plain panel" },
    {
      name: "bare-panel-silver",
      svg: plainPanelSvg("#d9dde2", "#9aa1aa"),
      width: 4000,
      featureless: true,
      hard: "bare panel, no edge",
    },
    {
      name: "bare-panel-blue",
      svg: plainPanelSvg("#3d5f94", "#1b2f52"),
      width: 3024,
      featureless: true,
      hard: "bare panel, no edge",
    },
    {
      name: "night-case-2",
      file: path.join(root, "content/images/case-2-before.svg"),
      width: 4000,
      stops: 5,
      lamps: [
        [0.12, 0.1],
        [0.55, 0.06],
        [0.9, 0.14],
      ],
      expected: "dark",
      hard: "night shot with lamps",
    },
    {
      name: "night-motorcycle",
      file: path.join(SKIMAGE_DATA, "motorcycle_left.png"),
      width: 3024,
      stops: 5,
      lamps: [
        [0.2, 0.15],
        [0.8, 0.2],
      ],
      expected: "dark",
      hard: "night shot with lamps",
    },
  );
  return sources;
}
