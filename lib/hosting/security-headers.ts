/**
 * The HTTP headers the site is served with, from one place: `scripts/postbuild.ts`
 * writes them to `out/_headers` (the file Netlify and Cloudflare Pages read), the
 * preview server reads that same file back and sends what it says, and the nginx
 * fragment in docs/hosting.md is printed from it (`npx tsx scripts/host-headers.ts nginx`).
 *
 * The Content Security Policy allows what the site uses and nothing else:
 * - scripts: our own files, plus the SHA-256 hash of each inline script Next wrote
 *   into that page (a static export has no server to hand out nonces), so every
 *   HTML page has its own policy;
 * - connections: our origin and the configured API and admin hosts;
 * - images: our origin, `data:` (the quote form's previews, small drawings in the CSS),
 *   `blob:` (a restored draft's previews);
 *   workers: our origin only (the photo worker is a bundled script, lib/photos/photo-work);
 * - styles: our stylesheets; `style` attributes only (React's server-rendered
 *   placeholders and the slider's custom property), never `<style>` elements;
 * - Google Tag Manager's and Google Maps' hosts only when the build has a GTM id or
 *   a maps key (NEXT_PUBLIC_GTM_ID, NEXT_PUBLIC_GOOGLE_MAPS_API_KEY). Both still load only after consent.
 *
 * The customer's case page (CASE_PATH) is private: its address carries the key to a
 * customer's case, so it sends no referrer anywhere and allows no third party at all,
 * with or without consent; its images may come from the API and admin hosts (the
 * customer's own photos, which the workshop's host serves).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config as buildConfig } from "../config";
import { CASE_PATH } from "../routes";

export interface CspOptions {
  apiUrl: string;
  adminUrl: string;
  googleMapsApiKey: string;
  gtmId: string;
  /** `'sha256-…'` sources for the page's inline scripts */
  scriptHashes: string[];
  /** a private page: no third party whatever the build has, and images from the API and admin hosts */
  private?: boolean;
}

export type HeaderList = [name: string, value: string][];
export interface HeaderRule {
  /** a URL path (`/kontakt`), or a prefix ending in `/*` */
  path: string;
  headers: HeaderList;
}

/** Google's documented hosts for a GA4 tag in Google Tag Manager. */
const GTM = {
  script: ["https://www.googletagmanager.com"],
  img: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
  connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
};

/**
 * What the Maps JavaScript API loads and connects to: its hosts, and the blob:
 * workers and scripts and the data: and blob: URLs the map makes itself; never
 * 'unsafe-eval'.
 */
const MAPS = {
  script: ["https://*.googleapis.com", "https://*.gstatic.com", "https://*.google.com", "https://*.ggpht.com", "blob:"],
  style: ["https://fonts.googleapis.com"],
  img: [
    "https://*.googleapis.com",
    "https://*.gstatic.com",
    "https://*.google.com",
    "https://*.ggpht.com",
    "https://*.googleusercontent.com",
  ],
  font: ["https://fonts.gstatic.com"],
  connect: ["https://*.googleapis.com", "https://*.google.com", "https://*.gstatic.com", "data:", "blob:"],
  worker: ["blob:"],
  frame: ["https://*.google.com"],
};

/** The origin of a configured host (`https://api.example.no/v1` → `https://api.example.no`), or none when empty. */
function origin(url: string): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    throw new Error(`Not a valid address in the configuration: ${url}`);
  }
}

const unique = (values: string[]) => [...new Set(values)];

export function contentSecurityPolicy(options: CspOptions): string {
  const gtm = options.gtmId !== "" && !options.private;
  const maps = options.googleMapsApiKey !== "" && !options.private;
  const hosts = options.private ? [...origin(options.apiUrl), ...origin(options.adminUrl)] : [];
  const pick = (feature: boolean, hosts: string[]) => (feature ? hosts : []);
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...options.scriptHashes, ...pick(gtm, GTM.script), ...pick(maps, MAPS.script)]],
    // Google Maps writes <style> elements; our own pages never do
    ["style-src", ["'self'", ...pick(maps, ["'unsafe-inline'", ...MAPS.style])]],
    ["style-src-attr", ["'unsafe-inline'"]],
    ["img-src", ["'self'", "blob:", "data:", ...hosts, ...pick(gtm, GTM.img), ...pick(maps, MAPS.img)]],
    ["font-src", ["'self'", ...pick(maps, MAPS.font)]],
    [
      "connect-src",
      [
        "'self'",
        ...origin(options.apiUrl),
        ...origin(options.adminUrl),
        ...pick(gtm, GTM.connect),
        ...pick(maps, MAPS.connect),
      ],
    ],
    ["media-src", ["'self'"]],
    ["worker-src", ["'self'", ...pick(maps, MAPS.worker)]],
    ["frame-src", maps ? MAPS.frame : ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(" ")}`).join("; ");
}

/** The CSP hash sources of a page's inline scripts (JSON-LD data blocks are not run, so not listed). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc=/i.test(attributes)) continue;
    const type = /\stype="([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !["text/javascript", "module", "application/javascript"].includes(type)) continue;
    hashes.push(`'sha256-${crypto.createHash("sha256").update(match[2]!, "utf8").digest("base64")}'`);
  }
  return unique(hashes);
}

export const PERMISSIONS_POLICY = [
  "camera=(self)", // the quote form's image picker may open the camera
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "accelerometer=()",
  "gyroscope=()",
  "magnetometer=()",
  "display-capture=()",
  "browsing-topics=()",
].join(", ");

/** Sent with every response. */
export const COMMON_HEADERS: HeaderList = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Permissions-Policy", PERMISSIONS_POLICY],
  ["X-Frame-Options", "DENY"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Strict-Transport-Security", "max-age=63072000"],
];

export const CACHE = {
  /** file names carry a content hash */
  immutable: "public, max-age=31536000, immutable",
  /** the image variants and the video: stable names, rarely changed */
  week: "public, max-age=604800",
  /** HTML and unhashed files: always revalidated (ETag), so a deploy shows at once */
  revalidate: "no-cache",
};

/** The URL path an exported HTML file answers (`kontakt.html` → `/kontakt`, `index.html` → `/`). */
export function routeForHtmlFile(relative: string): string {
  const route =
    "/" +
    relative
      .split(path.sep)
      .join("/")
      .replace(/\.html$/, "");
  return route === "/index" ? "/" : route.replace(/\/index$/, "");
}

function listHtml(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listHtml(full, base);
    return entry.name.endsWith(".html") ? [path.relative(base, full)] : [];
  });
}

export type BuildConfig = Omit<CspOptions, "scriptHashes" | "private">;

/** Pages whose address holds a secret: no referrer, no third party (see the policy above). */
export const PRIVATE_PAGES: readonly string[] = [CASE_PATH];

/** Every rule for the export in `outDir`: common headers, caching, and one CSP per HTML page. */
export function headerRules(outDir: string, settings: BuildConfig = buildConfig): HeaderRule[] {
  const pages = listHtml(outDir)
    .sort()
    .map((file): HeaderRule => {
      const html = fs.readFileSync(path.join(outDir, file), "utf8");
      const route = routeForHtmlFile(file);
      const isPrivate = PRIVATE_PAGES.includes(route);
      const csp = contentSecurityPolicy({ ...settings, scriptHashes: inlineScriptHashes(html), private: isPrivate });
      return {
        path: route,
        headers: [
          ["Content-Security-Policy", csp],
          ["Cache-Control", CACHE.revalidate],
          // after the common rule's, so it is the one a browser applies (the last policy in the list wins)
          ...(isPrivate ? [["Referrer-Policy", "no-referrer"] as [string, string]] : []),
        ],
      };
    });
  return [
    { path: "/*", headers: COMMON_HEADERS },
    { path: "/_next/static/*", headers: [["Cache-Control", CACHE.immutable]] },
    { path: "/img/*", headers: [["Cache-Control", CACHE.week]] },
    { path: "/video/*", headers: [["Cache-Control", CACHE.week]] },
    ...pages,
  ];
}

/** Cloudflare Pages reads at most 100 rules and 2,000 characters a line. */
export const HEADERS_FILE_LIMITS = { rules: 100, lineLength: 2000 };

/** The `_headers` file (Netlify, Cloudflare Pages). */
export function formatHeadersFile(rules: HeaderRule[]): string {
  const lines = [
    "# Written by scripts/postbuild.ts from lib/hosting/security-headers.ts. Do not edit; rebuild.",
    ...rules.flatMap((rule) => [rule.path, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`), ""]),
  ];
  const tooLong = lines.find((line) => line.length > HEADERS_FILE_LIMITS.lineLength);
  if (rules.length > HEADERS_FILE_LIMITS.rules || tooLong) {
    throw new Error(`_headers goes over the host's limits (${rules.length} rules): ${tooLong?.slice(0, 80) ?? ""}`);
  }
  return lines.join("\n");
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(":");
    if (!rule || colon < 0) throw new Error(`_headers: unexpected line "${line.trim()}"`);
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

function matches(rulePath: string, urlPath: string): boolean {
  if (rulePath.endsWith("/*")) return urlPath.startsWith(rulePath.slice(0, -1)) || urlPath === rulePath.slice(0, -2);
  return rulePath === urlPath;
}

/** The headers for a URL path: every matching rule, in file order (as the static hosts apply them). */
export function headersFor(rules: HeaderRule[], urlPath: string): HeaderList {
  return rules.filter((rule) => matches(rule.path, urlPath)).flatMap((rule) => rule.headers);
}

/**
 * An nginx configuration fragment with the same rules (docs/hosting.md),
 * answering as the preview server does: one address per page (`/kontakt/`,
 * `/kontakt.html` and `/index.html` lead to the clean one), the 404 page with
 * its own policy, files no rule names revalidated, and `_headers` not served.
 */
export function nginxConfig(rules: HeaderRule[]): string {
  const quote = (value: string) => `"${value.replace(/(["\\$])/g, "\\$1")}"`;
  const common = rules.find((r) => r.path === "/*")?.headers ?? [];
  // a page's own header takes the place of the common one of the same name (a private page's Referrer-Policy)
  const addAll = (headers: HeaderList, indent: string) =>
    [...common.filter(([name]) => !headers.some(([own]) => own === name)), ...headers].map(
      ([name, value]) => `${indent}add_header ${name} ${quote(value)} always;`,
    );
  const pages = rules.filter((r) => !r.path.includes("*"));
  const prefixes = rules.filter((r) => r.path.endsWith("/*") && r.path !== "/*");
  const notFound = pages.find((r) => r.path === "/404");
  return [
    "# Written from lib/hosting/security-headers.ts (npx tsx scripts/host-headers.ts nginx). Rebuild, then regenerate.",
    "# Inside your server { } block, with root pointing at out/:",
    "",
    "# a redirect names the path only, so it keeps the scheme and host the visitor used (behind a proxy too)",
    "absolute_redirect off;",
    "",
    "location / {",
    "  rewrite ^/index\\.html$ / permanent;",
    "  rewrite ^/(.+)\\.html$ /$1 permanent;",
    "  rewrite ^/(.+)/$ /$1 permanent;",
    "  try_files $uri =404;",
    ...addAll([["Cache-Control", CACHE.revalidate]], "  "),
    "}",
    "error_page 404 /404.html;",
    "location = /404.html {",
    "  internal;",
    ...(notFound ? addAll(notFound.headers, "  ") : []),
    "}",
    "location = /_headers {",
    "  return 404;",
    "}",
    "",
    ...prefixes.flatMap((rule) => [
      `location ${rule.path.slice(0, -1)} {`,
      "  try_files $uri =404;",
      ...addAll(rule.headers, "  "),
      "}",
      "",
    ]),
    ...pages
      .filter((rule) => rule !== notFound)
      .flatMap((rule) => [
        `location = ${rule.path} {`,
        `  try_files ${rule.path === "/" ? "/index.html" : `${rule.path}.html`} =404;`,
        ...addAll(rule.headers, "  "),
        "}",
        "",
      ]),
  ].join("\n");
}
