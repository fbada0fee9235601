import { Icon } from "@/components/ui/Icon";
import type { Site } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { addressLine, fill, openingTimes } from "@/lib/format";
import styles from "./LocationMap.module.css";
import { MapCanvas } from "./MapCanvas";

interface Props {
  site: Site;
  strings: Strings["map"];
  labels: Strings["labels"];
  /** leave the opening hours out of the fallback where the block beside it already lists them */
  showHours?: boolean;
}

/**
 * Where the workshop is: a Google map (with consent and a key, see MapCanvas)
 * over a fallback with the address and opening hours, and always the link that
 * opens the location in a maps site in a new tab.
 */
export function LocationMap({ site, strings, labels, showHours = true }: Props) {
  const { address } = site;
  const oneLine = addressLine(address);
  return (
    <div className={styles.area} role="group" aria-label={fill(strings.label, { name: site.name })}>
      <MapCanvas
        center={{ lat: site.geo.latitude, lng: site.geo.longitude }}
        markerTitle={fill(strings.markerTitle, { name: site.name, address: oneLine })}
      >
        <span className={styles.pin}>
          <Icon name="pin" size={28} />
        </span>
        <p className={styles.name}>{site.name}</p>
        <p className={styles.address}>
          <span className="visually-hidden">{labels.address}: </span>
          {oneLine}
        </p>
        {showHours && (
          <p className={styles.hours}>
            <span className="visually-hidden">{labels.openingHours}: </span>
            {site.openingHours.map((h) => (
              <span key={h.label}>
                {h.label} {openingTimes(h)}
              </span>
            ))}
            <span>{labels.closed}</span>
          </p>
        )}
      </MapCanvas>
      <p className={styles.link}>
        <a href={site.mapsUrl} target="_blank" rel="noopener noreferrer">
          <Icon name="arrow" size={18} />
          {strings.link}
          <span className="visually-hidden"> {labels.newTab}</span>
        </a>
      </p>
    </div>
  );
}
