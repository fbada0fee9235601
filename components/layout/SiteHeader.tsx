import Link from "next/link";
import { Icon } from "@/components/ui/Icon";
import type { Site } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { telHref } from "@/lib/format";
import { Logo } from "./Logo";
import { MainNav } from "./MainNav";
import styles from "./SiteHeader.module.css";
import { HOME_PATH, QUOTE_PATH } from "@/lib/routes";

/**
 * Runs as the page is parsed, right after the main menu. Until the menu's script has taken the
 * `Meny` button over (it then sets `aria-expanded`), a tap or a key on the button is the
 * browser's alone: the browser opens the popover by itself, and the event is kept from React,
 * which would otherwise hydrate the whole page at once before letting the menu open (a quarter of
 * a second on a slow phone). The first event after the takeover removes the listeners. Written
 * here, in a server component, so its text is in the page's HTML and not in its JavaScript.
 */
const MENU_TAPS_TO_BROWSER_UNTIL_HYDRATED = `(function(button){var types=["pointerdown","pointerup","pointercancel","mousedown","mouseup","touchstart","touchend","touchcancel","click","keydown","keyup"];function leave(e){if(button.hasAttribute("aria-expanded"))return types.forEach(function(t){removeEventListener(t,leave,true)});if(button.contains(e.target))e.stopPropagation()}types.forEach(function(t){addEventListener(t,leave,{capture:true,passive:true})})})(document.currentScript.previousElementSibling.querySelector("button[popovertarget]"))`;

/** The top strip (address, e-mail, phone), the logo and the main menu. */
export function SiteHeader({ site, strings }: { site: Site; strings: Strings }) {
  const { address } = site;
  return (
    <header className={styles.header}>
      <div className={styles.strip}>
        <div className={`container ${styles.stripInner}`}>
          <span className={styles.address}>
            <Icon name="pin" size={16} />
            <span className="visually-hidden">{strings.labels.address}: </span>
            <span>
              <span>{address.streetAddress}</span>, {address.postalCode} {address.addressLocality}
            </span>
          </span>
          <a href={`mailto:${site.email}`} className={styles.stripLink}>
            <Icon name="mail" size={16} />
            <span className="visually-hidden">{strings.labels.email}: </span>
            {site.email}
          </a>
          <a href={telHref(site.phone)} className={styles.stripLink}>
            <Icon name="phone" size={16} />
            <span className="visually-hidden">{strings.labels.phone}: </span>
            {site.phone}
          </a>
        </div>
      </div>
      <div className={styles.bar}>
        <div className={`container ${styles.barInner}`}>
          <Link href={HOME_PATH} className={styles.logo}>
            <Logo label={strings.logoAlt} />
          </Link>
          <MainNav
            label={strings.nav.label}
            toggleLabel={strings.nav.menuToggle}
            items={strings.nav.items}
            cta={{ label: strings.cta.quote, href: QUOTE_PATH }}
          />
          <script dangerouslySetInnerHTML={{ __html: MENU_TAPS_TO_BROWSER_UNTIL_HYDRATED }} />
        </div>
      </div>
    </header>
  );
}
