import type { NextConfig } from "next";

/**
 * The site is exported fully static to `out/` (docs/architecture.md says how the build works).
 * Responsive images are produced ahead of the build by `scripts/build-images.ts`
 * and rendered by `components/media/Picture.tsx`, so Next's image optimizer is off.
 */
const nextConfig: NextConfig = {
  output: "export",
  images: { unoptimized: true },
  reactStrictMode: true,
  // `npm start` builds a preview with NEXT_SKIP_TYPECHECK=1: the type check takes time and changes
  // nothing in out/; `npm run build`, `npm test` and CI still run it.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
  pageExtensions: process.env.E2E_TEST_ROUTES === "1" ? ["e2e.tsx", "tsx", "ts"] : ["tsx", "ts"],
};

export default nextConfig;
