import { Icon } from "@/components/ui/Icon";
import type { Site } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { formatClock, telHref } from "@/lib/format";
import styles from "./ContactDetails.module.css";

interface Props {
  site: Site;
  labels: Strings["labels"];
  /** `dark` for the footer */
  tone?: "light" | "dark";
  showHours?: boolean;
}

/** Address, phone (a call link), e-mail (a mail link) and opening hours, as a definition list. */
export function ContactDetails({ site, labels, tone = "light", showHours = true }: Props) {
  const { address } = site;
  return (
    <dl className={styles.list} data-tone={tone}>
      <div className={styles.row}>
        <dt>
          <Icon name="pin" />
          <span className="visually-hidden">{labels.address}</span>
        </dt>
        <dd>
          <span>{address.streetAddress}</span>, {address.postalCode} {address.addressLocality}
        </dd>
      </div>
      <div className={styles.row}>
        <dt>
          <Icon name="phone" />
          <span className="visually-hidden">{labels.phone}</span>
        </dt>
        <dd>
          <a href={telHref(site.phone)}>{site.phone}</a>
        </dd>
      </div>
      <div className={styles.row}>
        <dt>
          <Icon name="mail" />
          <span className="visually-hidden">{labels.email}</span>
        </dt>
        <dd>
          <a href={`mailto:${site.email}`}>
            {/* On a narrow phone the address may wrap, but only after the @. */}
            {site.email.split("@")[0]}@<wbr />
            {site.email.split("@")[1]}
          </a>
        </dd>
      </div>
      {showHours && (
        <div className={styles.row}>
          <dt>
            <Icon name="clock" />
            <span className="visually-hidden">{labels.openingHours}</span>
          </dt>
          <dd>
            {site.openingHours.map((h) => (
              <span key={h.label} className={styles.hours}>
                {h.label} {formatClock(h.opens)}–{formatClock(h.closes)}
              </span>
            ))}
            <span className={styles.hours}>{labels.closed}</span>
          </dd>
        </div>
      )}
    </dl>
  );
}
