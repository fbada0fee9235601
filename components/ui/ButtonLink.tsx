import Link from "next/link";
import type { ReactNode } from "react";
import styles from "./ButtonLink.module.css";

interface Props {
  href: string;
  children: ReactNode;
  /** `action` is the accent call to action; `secondary` an outlined button; `light` for dark backgrounds */
  variant?: "action" | "secondary" | "light";
  size?: "md" | "lg";
  className?: string;
}

/** A link that looks like a button. Internal paths go through next/link; tel:/mailto: stay plain anchors. */
export function ButtonLink({ href, children, variant = "action", size = "md", className }: Props) {
  const classes = [styles.button, styles[variant], styles[size], className].filter(Boolean).join(" ");
  if (href.startsWith("/")) {
    return (
      <Link href={href} className={classes}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={classes}>
      {children}
    </a>
  );
}
