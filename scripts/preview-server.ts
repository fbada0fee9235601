/**
 * The preview server: serves the static export in out/ the way a static host
 * does (clean URLs, the real 404 page, gzip, long caching for hashed assets)
 * with serve-handler and compression, and answers the site's form calls itself (scripts/api/), so
 * every form works end to end. Used by `npm start` and by the tests.
 */
import http from "node:http";
import compression from "compression";
import serveHandler from "serve-handler";
import { handleApi } from "./api";
import { OUT_DIR } from "./lib/build-stamp";

export interface PreviewOptions {
  root?: string;
  /** where received records and media are kept (default .data/) */
  dataDir?: string;
  log?: (line: string) => void;
}

type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
/** gzip, as any CDN does, so what the tests and `npm run bench` measure is what visitors get */
const compress = compression() as unknown as Middleware;

export function createPreviewServer({ root = OUT_DIR, dataDir, log = console.log }: PreviewOptions = {}): http.Server {
  return http.createServer(async (req, res) => {
    const started = performance.now();
    res.on("finish", () => {
      log(`${req.method} ${req.url} ${res.statusCode} ${Math.round(performance.now() - started)}ms`);
    });
    if (await handleApi(req, res, { dataDir, log })) return;
    compress(req, res, () => serveStatic(req, res));
  });

  function serveStatic(req: http.IncomingMessage, res: http.ServerResponse) {
    serveHandler(req, res, {
      public: root,
      cleanUrls: true,
      directoryListing: false,
      trailingSlash: false,
      etag: true,
      headers: [
        {
          source: "_next/static/**",
          headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }],
        },
        { source: "img/**", headers: [{ key: "Cache-Control", value: "public, max-age=604800" }] },
        { source: "**/*.html", headers: [{ key: "Cache-Control", value: "no-cache" }] },
      ],
    }).catch((error: unknown) => {
      log(`preview-server: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Intern feil i forhåndsvisningsserveren");
    });
  }
}
