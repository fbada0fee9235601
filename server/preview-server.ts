/**
 * The preview server: serves the static export in out/ the way a static host
 * does (clean URLs, the real 404 page, gzip) with serve-handler and compression, with the headers the
 * build wrote to out/_headers for the host (security headers, each page's Content
 * Security Policy, caching: scripts/lib/security-headers.ts), and answers the
 * site's form calls itself (scripts/api/), so every form works end to end.
 * Used by `npm start` and by the tests.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import serveHandler from "serve-handler";
import { handleApi } from "./api";
import { OUT_DIR } from "./lib/build-stamp";
import { fileForPath } from "./lib/export-inspect";
import { type HeaderRule, headersFor, parseHeadersFile } from "./lib/security-headers";

export interface PreviewOptions {
  root?: string;
  /** where received records and media are kept (default .data/) */
  dataDir?: string;
  log?: (line: string) => void;
}

/** out/_headers, read again whenever a build rewrites it. */
function headerRulesReader(root: string): () => HeaderRule[] {
  const file = path.join(root, "_headers");
  let cache: { mtimeMs: number; rules: HeaderRule[] } | undefined;
  return () => {
    const mtimeMs = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
    if (cache?.mtimeMs !== mtimeMs) {
      cache = { mtimeMs, rules: mtimeMs ? parseHeadersFile(fs.readFileSync(file, "utf8")) : [] };
    }
    return cache.rules;
  };
}

/** The path whose rules apply: the page's own, or the 404 page's when nothing is there. */
function rulePath(root: string, url: string | undefined): string {
  let urlPath: string;
  try {
    urlPath = decodeURIComponent(new URL(url ?? "/", "http://preview").pathname);
  } catch {
    return "/404";
  }
  const clean = urlPath.length > 1 ? urlPath.replace(/\/+$/, "") : urlPath;
  if (clean.endsWith(".html")) return clean === "/index.html" ? "/" : clean.slice(0, -5);
  return fileForPath(clean, root) ? clean : "/404";
}

type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
/** gzip, as any CDN does, so what the tests and `npm run bench` measure is what visitors get */
const compress = compression() as unknown as Middleware;

export function createPreviewServer({ root = OUT_DIR, dataDir, log = console.log }: PreviewOptions = {}): http.Server {
  const rules = headerRulesReader(root);
  return http.createServer(async (req, res) => {
    const started = performance.now();
    res.on("finish", () => {
      log(`${req.method} ${req.url} ${res.statusCode} ${Math.round(performance.now() - started)}ms`);
    });
    if (await handleApi(req, res, { dataDir, log })) return;
    for (const [name, value] of headersFor(rules(), rulePath(root, req.url))) {
      const before = res.getHeader(name);
      // two rules for one header are joined, as Netlify and Cloudflare Pages do
      res.setHeader(name, before === undefined ? value : `${String(before)}, ${value}`);
    }
    compress(req, res, () => serveStatic(req, res));
  });

  function serveStatic(req: http.IncomingMessage, res: http.ServerResponse) {
    serveHandler(req, res, {
      public: root,
      cleanUrls: true,
      directoryListing: false,
      trailingSlash: false,
      etag: true,
    }).catch((error: unknown) => {
      log(`preview-server: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Intern feil i forhåndsvisningsserveren");
    });
  }
}
