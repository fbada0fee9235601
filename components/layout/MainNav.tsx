"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useId, useRef, useSyncExternalStore } from "react";
import styles from "./MainNav.module.css";
import { useRouteChange } from "./useRouteChange";

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
 * closes it on Escape or a tap outside. The script adds `aria-expanded` (read
 * from the popover itself, which may have been opened before the script ran),
 * gives focus back to the button on Escape, and closes the panel on navigation.
 * Hydrating changes nothing the browser shows: a panel opened before the script
 * ran stays open and the button then says so.
 */
export function MainNav({ label, toggleLabel, items, cta }: Props) {
  const pathname = usePathname();
  const panelId = useId();
  const open = usePopoverOpen(panelId);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  const close = () => closePanel(panelRef.current);

  // Navigating to another page closes the panel; hydrating does not (a tap before the script ran
  // may have opened it).
  useRouteChange(useCallback(() => closePanel(panelRef.current), []));

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
        // Until the script runs the browser itself reports the popover's state; an attribute would freeze it.
        aria-expanded={open}
        aria-controls={panelId}
      >
        <span className={styles.burger} aria-hidden="true" />
        {toggleLabel}
      </button>
      <nav ref={panelRef} id={panelId} popover="auto" aria-label={label} className={styles.nav}>
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

/**
 * Whether the popover is open, as the browser says: it opens and closes the panel itself, also
 * before hydration (a tap or Enter then fires its toggle event before React listens). Unknown
 * (undefined) in the prerendered HTML and while hydrating, so hydration matches that HTML.
 */
function usePopoverOpen(id: string): boolean | undefined {
  const subscribe = useCallback(
    (changed: () => void) => {
      const panel = document.getElementById(id);
      panel?.addEventListener("toggle", changed);
      return () => panel?.removeEventListener("toggle", changed);
    },
    [id],
  );
  const getSnapshot = useCallback(() => isOpen(document.getElementById(id)), [id]);
  return useSyncExternalStore(subscribe, getSnapshot, () => undefined);
}

function isOpen(panel: HTMLElement | null): panel is HTMLElement {
  return panel?.matches(":popover-open") ?? false;
}

function closePanel(panel: HTMLElement | null) {
  if (isOpen(panel)) panel.hidePopover();
}
