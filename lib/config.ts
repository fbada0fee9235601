/**
 * Build-time configuration: hosts and keys come from NEXT_PUBLIC_* environment
 * variables (see README "Configuration"); everything else from content/site.json.
 * Next inlines NEXT_PUBLIC_* values at build, so these work in client code too.
 */
function clean(value: string | undefined): string {
  return (value ?? "").trim().replace(/\/+$/, "");
}

export const config = {
  /** canonical origin; empty means "use content/site.json" */
  siteUrl: clean(process.env.NEXT_PUBLIC_SITE_URL),
  /** API host for POST /inquiry; empty means same origin */
  apiUrl: clean(process.env.NEXT_PUBLIC_API_URL),
  /** admin host for POST /api/media and POST /api/contact; empty means same origin */
  adminUrl: clean(process.env.NEXT_PUBLIC_ADMIN_URL),
  googleMapsApiKey: (process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY ?? "").trim(),
  gtmId: (process.env.NEXT_PUBLIC_GTM_ID ?? "").trim(),
};
