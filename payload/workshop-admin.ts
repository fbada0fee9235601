/**
 * The workshop's own admin: its logo on the login page, its mark in the
 * header, its name and logo atop the navigation and in each page's title,
 * dates as Norwegians write them, a first page with the cases waiting for
 * it, and the Timebok, the week's drop-offs (the components are in ./admin/). What the app sets itself stays:
 * its own graphics and views win, and its own navigation components follow
 * the plugin's.
 */
import type { Config } from "payload";
import { ADMIN_COMPONENTS, TIMEBOOK_PATH } from "./names";

export function withWorkshopAdmin(admin: Config["admin"], siteName: string): Config["admin"] {
  const components = admin?.components;
  return {
    ...admin,
    meta: { titleSuffix: ` – ${siteName}`, ...admin?.meta },
    // the workshop's logo is drawn for a light background
    theme: admin?.theme ?? "light",
    // `29. november 2026 kl. 08:15`, as Norwegians write a time
    dateFormat: admin?.dateFormat ?? "d. MMMM yyyy 'kl.' HH:mm",
    components: {
      ...components,
      graphics: { Logo: ADMIN_COMPONENTS.logo, Icon: ADMIN_COMPONENTS.icon, ...components?.graphics },
      beforeNavLinks: [ADMIN_COMPONENTS.navBrand, ADMIN_COMPONENTS.timebookLink, ...(components?.beforeNavLinks ?? [])],
      views: {
        dashboard: { Component: ADMIN_COMPONENTS.dashboard },
        timebook: { Component: ADMIN_COMPONENTS.timebook, path: TIMEBOOK_PATH, exact: true },
        ...components?.views,
      },
    },
  };
}
