/**
 * The workshop app's Next config, as Payload's app template has it, built
 * standalone: the plugin and the site's contract and content it imports live
 * beside this folder in the repository, so the build's root (and the
 * standalone folder's layout) is the repository's.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { withPayload } from "@payloadcms/next/withPayload";
import type { NextConfig } from "next";

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const nextConfig: NextConfig = {
  // a server folder with only what it needs at run time (scripts/admin.ts assembles it)
  output: "standalone",
  transpilePackages: ["@bulkeklinikken/payload-plugin"],
  outputFileTracingRoot: repository,
  turbopack: { root: repository },
  // `npm test` builds with NEXT_SKIP_TYPECHECK=1 after its own type check of this folder
  // (`tsc -p admin`), the same check; `npm run admin:build` and a host's build still run it.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
};

export default withPayload(nextConfig, { devBundleServerPackages: false });
