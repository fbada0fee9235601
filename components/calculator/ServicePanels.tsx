import { useId, useState } from "react";
import { CheckIcon } from "@/components/ui/CheckIcon";
import type { CategoryId, ServiceId } from "@/lib/calculator/ids";
import { servicePrice, type Catalog } from "@/lib/calculator/state";
import type { Strings } from "@/lib/content/strings-schema";
import { fill, formatPrice } from "@/lib/format";
import styles from "./Calculator.module.css";

/** A short description per service, shown under its title. */
export type ServiceDetails = Partial<Record<ServiceId, string>>;

interface Props {
  catalog: Catalog;
  details: ServiceDetails;
  chosen: readonly ServiceId[];
  size: string | null;
  onToggle: (id: ServiceId) => void;
  /** false until the page's script runs: the buttons are disabled */
  ready: boolean;
  strings: Strings["calculator"];
}

/** One accordion panel per category; each service with its price for the chosen size and `Legg til` / `Fjern`. */
export function ServicePanels({ catalog, details, chosen, size, onToggle, ready, strings }: Props) {
  const id = useId();
  const [closed, setClosed] = useState<ReadonlySet<CategoryId>>(new Set());
  const flip = (category: CategoryId) =>
    setClosed((prev) => {
      const next = new Set(prev);
      if (!next.delete(category)) next.add(category);
      return next;
    });

  return (
    <div className={styles.block}>
      <p className={`eyebrow ${styles.servicesLabel}`}>{strings.servicesHeading}</p>
      <div className={styles.panels}>
        {catalog.categories.map((category) => {
          const open = !closed.has(category.id);
          const count = category.services.filter((s) => chosen.includes(s.id)).length;
          const buttonId = `${id}-${category.id}-button`;
          const panelId = `${id}-${category.id}-panel`;
          return (
            <div key={category.id} className={styles.panel} data-open={open}>
              <h3 className={styles.panelHeading}>
                <button
                  type="button"
                  id={buttonId}
                  aria-expanded={open}
                  aria-controls={panelId}
                  className={styles.panelToggle}
                  disabled={!ready}
                  onClick={() => flip(category.id)}
                >
                  <span>{category.title}</span>
                  {count > 0 && <span className={styles.count}>{fill(strings.chosenCount, { n: count })}</span>}
                  <span className={styles.chevron} aria-hidden="true" />
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open}>
                <ul className={styles.services}>
                  {category.services.map((service) => {
                    const on = chosen.includes(service.id);
                    return (
                      <li key={service.id} className={styles.service} data-chosen={on}>
                        <span className={styles.serviceMark} aria-hidden="true">
                          {on && <CheckIcon size={16} />}
                        </span>
                        <div className={styles.serviceText}>
                          <span className={styles.serviceTitle}>{service.title}</span>
                          {details[service.id] && <span className={styles.serviceSummary}>{details[service.id]}</span>}
                        </div>
                        <span className={styles.servicePrice}>{formatPrice(servicePrice(catalog, service, size))}</span>
                        <button
                          type="button"
                          className={styles.toggle}
                          data-on={on}
                          disabled={!ready}
                          onClick={() => onToggle(service.id)}
                        >
                          {on ? strings.remove : strings.add}
                          <span className="visually-hidden"> {service.title}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
