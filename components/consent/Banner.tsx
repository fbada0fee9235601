"use client";

import Link from "next/link";
import { type RefObject, useLayoutEffect, useRef } from "react";
import { writeConsent } from "@/lib/consent";
import type { Strings } from "@/lib/content/strings-schema";
import { choiceClass } from "./choice";
import styles from "./Consent.module.css";

/** What the banner says, and where its privacy link goes. */
export interface ConsentBannerProps {
  strings: Pick<Strings["consent"], "bannerHeading" | "bannerText" | "privacyLink" | "accept" | "decline">;
  privacyHref: string;
}

/** the room kept between the banner's top and what the keyboard moves to */
const CLEARANCE_PX = 12;
const REACH = "--consent-banner-reach";

/**
 * While the banner is shown, what Tab moves to is scrolled clear of it instead of hidden under it:
 * `--consent-banner-reach` on <html> says how far up from the window's bottom the banner reaches,
 * and the page keeps that much clear (its scroll padding, and room after the footer, so its last
 * links can be scrolled above the banner too). Measured from the banner's place and height (its
 * rising animation's offset aside); it follows the banner's size and the window's, and is taken
 * away when the banner goes.
 */
function useScrollClearOf(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const { style } = document.documentElement;
    const update = () => {
      const reach = parseFloat(getComputedStyle(banner).bottom) + banner.offsetHeight + CLEARANCE_PX;
      style.setProperty(REACH, `${Math.ceil(reach)}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(banner);
    window.addEventListener("resize", update);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", update);
      style.removeProperty(REACH);
    };
  }, [ref]);
}

/** The banner itself: the question, the privacy link, `Godta` and `Avslå` (ConsentBanner says when). */
export function Banner({ strings, privacyHref }: ConsentBannerProps) {
  const ref = useRef<HTMLElement>(null);
  useScrollClearOf(ref);
  // the banner goes with the choice: the keyboard goes on from the page's content, not from the top
  const choose = (consent: "granted" | "denied") => {
    document.getElementById("main")?.focus({ preventScroll: true });
    writeConsent(consent);
  };
  return (
    <section ref={ref} className={styles.banner} aria-labelledby="samtykke-tittel" data-consent-banner="">
      <div className={styles.inner}>
        <div className={styles.copy}>
          <h2 id="samtykke-tittel" className={styles.heading}>
            {strings.bannerHeading}
          </h2>
          <p className={styles.text}>
            {strings.bannerText} <Link href={privacyHref}>{strings.privacyLink}</Link>
          </p>
        </div>
        <div className={styles.choices}>
          <button type="button" className={choiceClass} onClick={() => choose("granted")}>
            {strings.accept}
          </button>
          <button type="button" className={choiceClass} onClick={() => choose("denied")}>
            {strings.decline}
          </button>
        </div>
      </div>
    </section>
  );
}
