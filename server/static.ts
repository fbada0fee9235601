/**
 * Files served as a static host serves them, with `send` (the engine of
 * Express's serve-static): a conditional request (304) and a HEAD are answered
 * from the file's metadata before the file is opened, and the file's stream is
 * destroyed as soon as its answer ends, is cut off or the client goes, so no
 * request leaves a file open, however it ends.
 *
 * The export's addresses are clean: `/kontakt` is out/kontakt.html, `/` is
 * out/index.html; `/kontakt.html`, `/index.html` and `/kontakt/` lead there
 * with a 301; anything else is out/404.html with the status 404. Links and
 * out/_headers (the host's rules, never served) are not files here.
 */
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import send from "send";
import { cleanUrlFiles, isPublished } from "../lib/hosting/export-inspect";
import { IMAGE_TYPES } from "../lib/api/schemas";
import { HttpError } from "./http";
import type { Target } from "./request";

/** A file to serve: its folder and its path below it. */
export interface StaticFile {
  root: string;
  /** relative to root, with `/` between folders */
  relative: string;
}

/** The regular file at `relative` under `root` (no link, no folder), or undefined. */
async function regularFile(root: string, relative: string): Promise<StaticFile | undefined> {
  const full = path.join(root, relative);
  if (!isPublished(full, root)) return undefined;
  const stat = await fs.promises.lstat(full).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR" || error.code === "ENAMETOOLONG") return undefined;
    throw error;
  });
  return stat?.isFile() ? { root, relative } : undefined;
}

/** The export's file for a clean path (`/kontakt` → kontakt.html, `/` → index.html), or undefined. */
export async function exportFile(root: string, cleanPath: string): Promise<StaticFile | undefined> {
  for (const candidate of cleanUrlFiles(cleanPath)) {
    const file = await regularFile(root, candidate.replace(/^\/+/, ""));
    if (file) return file;
  }
  return undefined;
}

/** The clean address a request for an `.html` file, an `/index` or a path with a trailing `/` is sent on to. */
export function cleanRedirect(target: Target): string | undefined {
  const stripped = target.path.replace(/(\.html|\/index)$/, "") || "/";
  const trailing = target.path !== "/" && target.servedUrl.split("?")[0]!.endsWith("/");
  if (stripped === target.path && !trailing) return undefined;
  const query = target.query.size ? `?${target.query}` : "";
  return encodeURI(stripped) + query;
}

/** Content types `send`'s table may lack, by extension: every image type the quote takes. */
const IMAGE_CONTENT_TYPES = new Map<string, string>(
  IMAGE_TYPES.flatMap((type) => type.extensions.map((ext) => [ext, type.mime] as const)),
);

/**
 * Sends `file` as the answer to `req`, with `status` (a 404 page is never
 * answered 304). Resolves once the answer is done or the client has gone;
 * rejects with the file system's error (EMFILE, a file removed meanwhile)
 * when the file cannot be read before anything was sent, so the caller's
 * error boundary answers it, and with HttpError 412 or 416 for a
 * precondition or range that cannot be met.
 */
export function sendFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  file: StaticFile,
  status = 200,
): Promise<void> {
  res.statusCode = status;
  const type = IMAGE_CONTENT_TYPES.get(path.extname(file.relative).toLowerCase());
  if (type) res.setHeader("Content-Type", type);
  const encoded = `/${file.relative.split(/[\\/]/).map(encodeURIComponent).join("/")}`;
  const fresh = status === 200;
  return new Promise<void>((resolve, reject) => {
    const stream = send(req, encoded, {
      root: file.root,
      dotfiles: "allow",
      index: false,
      etag: fresh,
      lastModified: fresh,
      cacheControl: false,
    });
    stream.on("error", (error: Error & { status?: number }) => {
      // what `send` set for the file it could not send is not the error's answer
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      res.statusCode = 200;
      const code = (error as NodeJS.ErrnoException).code;
      reject(
        code || !error.status || error.status >= 500
          ? error
          : new HttpError(error.status, error.status === 416 ? "Ugyldig område" : "Forutsetningen holder ikke"),
      );
    });
    res.once("close", () => resolve());
    res.once("finish", () => resolve());
    stream.pipe(res);
  });
}
