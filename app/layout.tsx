import type { Metadata, Viewport } from "next";
import { Activity, type ReactNode } from "react";
import { Analytics } from "@/components/consent/Analytics";
import { ConsentBanner } from "@/components/consent/ConsentBanner";
import { ConsentProvider } from "@/components/consent/useConsent";
import { ERROR_TEXT_KEYS } from "@/components/errors/ErrorScreen";
import { ChunkFailureCatcher } from "@/components/errors/ChunkFailureCatcher";
import { MobileActionBar } from "@/components/layout/MobileActionBar";
import { Icon } from "@/components/ui/Icon";
import { ScrollPosition } from "@/components/layout/ScrollPosition";
import { SiteFooter } from "@/components/layout/SiteFooter";
import { SiteHeader } from "@/components/layout/SiteHeader";
import { JsonLd } from "@/components/seo/JsonLd";
import { config } from "@/lib/config";
import { getSite, getStrings } from "@/lib/content";
import { telHref } from "@/lib/format";
import { pick } from "@/lib/pick";
import { businessJsonLd, siteOrigin, websiteJsonLd } from "@/lib/seo";
import { themeColor } from "@/lib/theme";
import { inter } from "./fonts";
import "./styles/globals.css";
import styles from "./layout.module.css";
import { CASE_PATH, PRIVACY_PATH, QUOTE_PATH, THANKS_PATH } from "@/lib/routes";

/** Pages that load no third party even after consent: the customer's case, whose address holds the key to it. */
const NO_THIRD_PARTIES = [CASE_PATH];

export function generateMetadata(): Metadata {
  const site = getSite();
  return {
    metadataBase: new URL(siteOrigin(site)),
    title: { default: `${site.name} – ${site.tagline}`, template: `%s | ${site.name}` },
    description: site.description,
    applicationName: site.name,
    formatDetection: { telephone: false },
    // app/icon.svg is linked by Next itself; these are made from it at build (scripts/build-icons.ts)
    icons: {
      icon: [{ url: "/favicon.ico", sizes: "16x16 32x32 48x48" }],
      apple: [{ url: "/apple-touch-icon.png", sizes: "180x180" }],
    },
  };
}

export const viewport: Viewport = {
  themeColor: themeColor(),
  width: "device-width",
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  const site = getSite();
  const strings = getStrings();
  return (
    <html lang="nb" className={inter.variable}>
      <body>
        <ConsentProvider gtmId={config.gtmId} mapsApiKey={config.googleMapsApiKey}>
          <a href="#main" className={styles.skipLink}>
            {strings.skipLink}
          </a>
          <ConsentBanner
            strings={pick(strings.consent, ["bannerHeading", "bannerText", "privacyLink", "accept", "decline"])}
            privacyHref={PRIVACY_PATH}
            hiddenOn={NO_THIRD_PARTIES}
          />
          {/*
            The header, the page's content and the footer each hydrate on their own (Activity
            boundaries, written in place in the HTML). A tap while the page is still hydrating makes
            React hydrate at once only the shell and the boundary that holds the tapped element, so
            the menu's first tap does not wait for the whole page; the rest hydrates after, at low
            priority.
          */}
          <Activity>
            <SiteHeader site={site} strings={strings} />
          </Activity>
          <main id="main" tabIndex={-1} className={styles.main}>
            <Activity>
              <ChunkFailureCatcher texts={pick(strings.errorPage, ERROR_TEXT_KEYS)}>{children}</ChunkFailureCatcher>
            </Activity>
          </main>
          <Activity>
            <SiteFooter site={site} strings={strings} />
          </Activity>
          <MobileActionBar
            quote={{ label: strings.cta.quote, href: QUOTE_PATH }}
            call={{ label: strings.cta.call, href: telHref(site.phone), icon: <Icon name="phone" size={18} /> }}
            hiddenOn={[QUOTE_PATH, THANKS_PATH]}
          />
          <ScrollPosition />
          <JsonLd data={businessJsonLd(site)} />
          <JsonLd data={websiteJsonLd(site)} />
          <Analytics offOn={NO_THIRD_PARTIES} />
        </ConsentProvider>
      </body>
    </html>
  );
}
