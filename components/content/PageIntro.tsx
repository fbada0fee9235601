import type { ReactNode } from "react";
import styles from "./PageIntro.module.css";

/** The top of a plain page: eyebrow, the page's one h1, a lead paragraph and optional extras. */
export function PageIntro({
  eyebrow,
  title,
  titleId,
  lead,
  children,
}: {
  eyebrow?: ReactNode;
  title: string;
  /** for a form or region named by the page's heading */
  titleId?: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.intro}>
      <div className="container">
        {eyebrow && <div className="eyebrow">{eyebrow}</div>}
        <h1 className={styles.title} id={titleId}>
          {title}
        </h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
