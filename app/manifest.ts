import type { MetadataRoute } from "next";
import { getSite } from "@/lib/content";
import { backgroundColor, themeColor } from "@/lib/theme";

export const dynamic = "force-static";

/**
 * The web app manifest (/manifest.webmanifest, linked from every page): the name,
 * the icons scripts/build-icons.ts makes from the logo, and the colours of the design tokens.
 */
export default function manifest(): MetadataRoute.Manifest {
  const site = getSite();
  return {
    name: `${site.name} – ${site.address.addressLocality}`,
    short_name: site.name,
    description: site.description,
    lang: "nb",
    start_url: "/",
    scope: "/",
    display: "browser",
    theme_color: themeColor(),
    background_color: backgroundColor(),
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
