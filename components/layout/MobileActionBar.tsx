"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { Icon } from "@/components/ui/Icon";
import styles from "./MobileActionBar.module.css";

interface Props {
  quote: { label: string; href: string };
  call: { label: string; href: string };
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
        <Icon name="phone" size={18} />
        {call.label}
      </a>
      <Link href={quote.href} className={styles.quote}>
        {quote.label}
      </Link>
    </div>
  );
}
