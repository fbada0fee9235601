"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import styles from "./MainNav.module.css";

interface Props {
  label: string;
  toggleLabel: string;
  items: { label: string; href: string }[];
  cta: { label: string; href: string };
}

/**
 * The main menu. On wide screens a row of links; on phones a `Meny` button
 * (aria-expanded) opens it as a panel. Escape or a click outside closes it and
 * focus returns to the button; navigating closes it too.
 */
export function MainNav({ label, toggleLabel, items, cta }: Props) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // Navigating to another page closes the menu (state adjusted during render, not in an effect).
  if (open && openedAt !== pathname) setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((value) => !value);
        }}
      >
        <span className={styles.burger} aria-hidden="true" data-open={open} />
        {toggleLabel}
      </button>
      <nav id={panelId} aria-label={label} className={styles.nav} data-open={open}>
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.label}>
              <Link
                href={item.href}
                className={styles.link}
                aria-current={pathname === item.href ? "page" : undefined}
                onClick={() => setOpen(false)}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        <Link href={cta.href} className={styles.cta} onClick={() => setOpen(false)}>
          {cta.label}
        </Link>
      </nav>
    </div>
  );
}
