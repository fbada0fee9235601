/**
 * Where `npm run admin:build` assembles the workshop app's server and where
 * `npm run admin:start` (and the tests that start the built app) run it from.
 */
import path from "node:path";

/** The server folder: Next's standalone output and the static files beside it. */
export const ADMIN_SERVER_DIR = path.join(process.cwd(), "dist", "admin");
/** Its entry: the standalone output mirrors the repository, so the app's server is under admin/. */
export const ADMIN_SERVER_ENTRY = path.join(ADMIN_SERVER_DIR, "admin", "server.js");
/** The fingerprint of the sources the server was built from. */
export const ADMIN_BUILD_STAMP = path.join(ADMIN_SERVER_DIR, "build-stamp");
