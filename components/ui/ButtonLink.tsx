import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClass, type ButtonLook } from "./Button";

interface Props extends ButtonLook {
  href: string;
  children: ReactNode;
}

/** A link that looks like a button (Button's look). Internal paths go through next/link; tel:/mailto: stay plain anchors. */
export function ButtonLink({ href, children, variant = "action", size = "md", className }: Props) {
  const classes = buttonClass({ variant, size, className });
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
