/**
 * `npm start`: builds the site if out/ is missing or older than the sources,
 * then serves it on http://localhost:3000 (PORT overrides). PREVIEW_PUBLIC_ORIGIN
 * is the origin visitors reach it at when that is not this machine's loopback.
 */
// first: the .env files' variables (the hosts the forms post to), as the build reads them
import "../lib/hosting/build-env";
import { spawnSync } from "node:child_process";
import { isBuildCurrent } from "../lib/hosting/build-stamp";
import { createPreviewServer } from "./preview-server";

const port = Number(process.env.PORT ?? 3000);

if (!isBuildCurrent()) {
  console.log("out/ is missing or older than the sources: building first (npm run build) …");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) {
    console.error("The build failed; see the message above.");
    process.exit(build.status ?? 1);
  }
}

const server = createPreviewServer({ publicOrigin: process.env.PREVIEW_PUBLIC_ORIGIN || undefined });
server.on("error", (error: NodeJS.ErrnoException) => {
  console.error(error.code === "EADDRINUSE" ? `Port ${port} is taken. Try PORT=3001 npm start.` : error);
  process.exit(1);
});
server.listen(port, () => {
  console.log(`The site runs at http://localhost:${port}  (Ctrl+C stops it)`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
