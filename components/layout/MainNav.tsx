"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "@/components/ui/useHydrated";
import styles from "./MainNav.module.css";

interface Props {
  label: string;
  toggleLabel: string;
  items: { label: string; href: string }[];
  cta: { label: string; href: string };
}

/**
 * The main menu. On wide screens a row of links; on phones a `Meny` button that
 * opens it as a panel. The panel is a popover (`popovertarget`), so the browser
 * opens and closes it from the first paint, before any script has run, and
 * closes it on Escape or a tap outside. The script adds `aria-expanded`, gives
 * focus back to the button on Escape, and closes the panel on navigation.
 */
export function MainNav({ label, toggleLabel, items, cta }: Props) {
  const pathname = usePathname();
  const hydrated = useHydrated();
  const panelId = useId();
  // Hydrating, the panel may already be open: a tap or Enter before the script ran opened it,
  // and the browser's toggle event for that came before React listened.
  const [open, setOpen] = useState(() => typeof document !== "undefined" && isOpen(document.getElementById(panelId)));
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  const close = () => closePanel(panelRef.current);

  // Navigating to another page (a link, back or forward) closes the panel; hydrating does not
  // (a tap before the script ran may have opened it).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closePanel(panelRef.current);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      closePanel(panelRef.current);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className={styles.root}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        popoverTarget={panelId}
        // Before hydration the browser itself reports the popover's state; an attribute would freeze it.
        aria-expanded={hydrated ? open : undefined}
        aria-controls={panelId}
      >
        <span className={styles.burger} aria-hidden="true" />
        {toggleLabel}
      </button>
      <nav
        ref={panelRef}
        id={panelId}
        popover="auto"
        aria-label={label}
        className={styles.nav}
        onToggle={(event) => setOpen(event.newState === "open")}
      >
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.label}>
              <Link
                href={item.href}
                className={styles.link}
                aria-current={pathname === item.href ? "page" : undefined}
                onClick={close}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        <Link href={cta.href} className={styles.cta} onClick={close}>
          {cta.label}
        </Link>
      </nav>
    </div>
  );
}

function isOpen(panel: HTMLElement | null): panel is HTMLElement {
  return panel?.matches(":popover-open") ?? false;
}

function closePanel(panel: HTMLElement | null) {
  if (isOpen(panel)) panel.hidePopover();
}
