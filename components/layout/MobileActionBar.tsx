"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import styles from "./MobileActionBar.module.css";

interface Props {
  quote: { label: string; href: string };
  /** `icon`: rendered by the server (the layout), so the icons' code stays out of the page's JavaScript */
  call: { label: string; href: string; icon: ReactNode };
  /** pages where the bar would only repeat what the page already is */
  hiddenOn: string[];
}

/** On a phone, the quote button and a call button stay within thumb reach at the bottom of the screen. */
export function MobileActionBar({ quote, call, hiddenOn }: Props) {
  const pathname = usePathname();
  if (hiddenOn.includes(pathname)) return null;
  return (
    <div className={styles.bar}>
      <a href={call.href} className={styles.call}>
        {call.icon}
        {call.label}
      </a>
      <Link href={quote.href} className={styles.quote}>
        {quote.label}
      </Link>
    </div>
  );
}
