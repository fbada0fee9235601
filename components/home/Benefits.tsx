import { Icon, type IconName } from "@/components/ui/Icon";
import type { HomePage } from "@/lib/content/schemas";
import styles from "./Benefits.module.css";
import { Section } from "@/components/ui/Section";

const icons: IconName[] = ["bolt", "spray", "leaf"];

/** The three benefits: faster, without repainting, environmentally friendly. */
export function Benefits({ benefits }: { benefits: HomePage["benefits"] }) {
  return (
    <Section name="benefits" heading={benefits.heading} headingClassName={styles.heading} alt>
      <ul className={`plain-list ${styles.list}`}>
        {benefits.items.map((item, i) => (
          <li key={item.title} className={styles.item}>
            <span className={styles.icon}>
              <Icon name={icons[i] ?? "check"} size={24} />
            </span>
            <h3 className={styles.title}>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
