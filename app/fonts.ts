/** Inter, self-hosted from @fontsource-variable (the build needs no font CDN). Latin covers æ, ø and å. */
import localFont from "next/font/local";

export const inter = localFont({
  // Upright only: the site sets nothing in italics, so browsers need not preload a second file.
  src: [
    {
      path: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
      style: "normal",
      weight: "100 900",
    },
  ],
  variable: "--font-sans",
  display: "swap",
  fallback: ["system-ui", "Segoe UI", "Roboto", "Arial", "sans-serif"],
});
