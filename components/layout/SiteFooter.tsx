import Link from "next/link";
import { ContactDetails } from "@/components/contact/ContactDetails";
import { ButtonLink } from "@/components/ui/ButtonLink";
import type { Site } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { fill } from "@/lib/format";
import { Logo } from "./Logo";
import styles from "./SiteFooter.module.css";
import { QUOTE_PATH } from "@/lib/routes";

export function SiteFooter({ site, strings }: { site: Site; strings: Strings }) {
  const { footer } = strings;
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.pitch}>
          <div className={styles.logo}>
            <Logo label={site.name} tone="light" width={180} />
          </div>
          <h2 className={styles.heading}>{footer.heading}</h2>
          <p>{footer.text}</p>
          <ButtonLink href={QUOTE_PATH}>{strings.cta.quote}</ButtonLink>
        </div>
        <div>
          <h2 className={styles.subheading}>{footer.contactHeading}</h2>
          <ContactDetails site={site} labels={strings.labels} tone="dark" />
        </div>
        <nav aria-label={footer.linksHeading}>
          <h2 className={styles.subheading}>{footer.linksHeading}</h2>
          <ul className={`plain-list ${styles.links}`}>
            {footer.links.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={`container ${styles.legal}`}>
        <p>{fill(footer.copyright, { year: site.copyrightYear, name: site.legalName })}</p>
        <p>{fill(footer.orgNumber, { number: site.organisationNumber })}</p>
      </div>
    </footer>
  );
}
