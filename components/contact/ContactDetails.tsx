import type { ReactNode } from "react";
import { Icon, type IconName } from "@/components/ui/Icon";
import type { Site } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { openingTimes, telHref } from "@/lib/format";
import styles from "./ContactDetails.module.css";

interface Props {
  site: Site;
  labels: Strings["labels"];
  /** `dark` for the footer */
  tone?: "light" | "dark";
  showHours?: boolean;
}

/** One line of the list: its icon, with the label for screen readers, and what it says. */
function Detail({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>
        <Icon name={icon} />
        <span className="visually-hidden">{label}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Address, phone (a call link), e-mail (a mail link) and opening hours, as a definition list. */
export function ContactDetails({ site, labels, tone = "light", showHours = true }: Props) {
  const { address } = site;
  return (
    <dl className={styles.list} data-tone={tone}>
      <Detail icon="pin" label={labels.address}>
        <span>{address.streetAddress}</span>, {address.postalCode} {address.addressLocality}
      </Detail>
      <Detail icon="phone" label={labels.phone}>
        <a href={telHref(site.phone)}>{site.phone}</a>
      </Detail>
      <Detail icon="mail" label={labels.email}>
        <a href={`mailto:${site.email}`}>
          {/* On a narrow phone the address may wrap, but only after the @. */}
          {site.email.split("@")[0]}@<wbr />
          {site.email.split("@")[1]}
        </a>
      </Detail>
      {showHours && (
        <Detail icon="clock" label={labels.openingHours}>
          {site.openingHours.map((h) => (
            <span key={h.label} className={styles.hours}>
              {h.label} {openingTimes(h)}
            </span>
          ))}
          <span className={styles.hours}>{labels.closed}</span>
        </Detail>
      )}
    </dl>
  );
}
