import Link from "next/link";
import { Icon } from "@/components/ui/Icon";
import type { HomePage } from "@/lib/content/schemas";
import styles from "./PdrBlock.module.css";
import { Paragraphs } from "@/components/ui/Paragraphs";

/** What paintless dent repair is, with "Les mer" to the article. */
export function PdrBlock({ pdr, href }: { pdr: HomePage["pdr"]; href: string }) {
  return (
    <section className="section" aria-labelledby="pdr-heading">
      <div className={`container ${styles.grid}`}>
        <div>
          <span className="eyebrow">{pdr.eyebrow}</span>
          <h2 id="pdr-heading">{pdr.heading}</h2>
        </div>
        <div className={styles.body}>
          <Paragraphs texts={pdr.paragraphs} />
          <Link href={href} className={styles.more}>
            {pdr.linkLabel}
            <span className="visually-hidden"> {pdr.linkTopic}</span>
            <Icon name="arrow" size={18} />
          </Link>
        </div>
      </div>
    </section>
  );
}
