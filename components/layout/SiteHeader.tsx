import Link from "next/link";
import { Icon } from "@/components/ui/Icon";
import type { Site } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { telHref } from "@/lib/format";
import { Logo } from "./Logo";
import { MainNav } from "./MainNav";
import styles from "./SiteHeader.module.css";
import { HOME_PATH, QUOTE_PATH } from "@/lib/routes";

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
        </div>
      </div>
    </header>
  );
}
