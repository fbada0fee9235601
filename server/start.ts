/**
 * `npm start`: builds the site if out/ is missing or older than the sources,
 * then serves it on http://localhost:3000 (PORT overrides), with the forms
 * answered by the workshop's Payload on the data in .data/ (PREVIEW_DATA_DIR
 * moves it). PREVIEW_PUBLIC_ORIGIN is the origin visitors reach it at when
 * that is not this machine's loopback; PREVIEW_TRUSTED_PROXIES, the
 * addresses of the proxies in front of it (comma-separated), whose
 * X-Forwarded-For then names each visitor.
 */
// first: the .env files' variables (the hosts the forms post to), as the build reads them
import "../lib/hosting/build-env";
import { spawnSync } from "node:child_process";
import type { AddressInfo } from "node:net";
import { isBuildCurrent } from "../lib/hosting/build-stamp";
import { startPreview } from "./preview-server";

const port = Number(process.env.PORT ?? 3000);

if (!isBuildCurrent()) {
  console.log("out/ is missing or older than the sources: building first (npm run build) …");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) {
    console.error("The build failed; see the message above.");
    process.exit(build.status ?? 1);
  }
}

const trustedProxies = (process.env.PREVIEW_TRUSTED_PROXIES ?? "")
  .split(",")
  .map((address) => address.trim())
  .filter(Boolean);
const publicOrigin = process.env.PREVIEW_PUBLIC_ORIGIN || undefined;
const preview = await startPreview({ port, publicOrigin, trustedProxies }).catch((error: NodeJS.ErrnoException) => {
  console.error(error.code === "EADDRINUSE" ? `Port ${port} is taken. Try PORT=3001 npm start.` : error);
  process.exit(1);
});
const { port: listening } = preview.server.address() as AddressInfo;
console.log(`The site runs at http://localhost:${listening}  (Ctrl+C stops it)`);

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void preview.close().then(() => process.exit(0)));
