"use client";

import { useEffect, useRef, useState } from "react";
import type { Strings } from "@/lib/content/strings-schema";
import styles from "./HeroBanner.module.css";
import { usePrefersReducedMotion } from "@/components/ui/usePrefersReducedMotion";

interface Props {
  webm: string;
  mp4: string;
  strings: Strings["heroVideo"];
}

/**
 * The hero's muted, looping background video. The hero image under it is the
 * page's largest paint: the video downloads nothing until the page has loaded
 * and stays invisible until it really plays, so it has no poster of its own
 * (one would be a second download of the hero image that never shows). It
 * then autoplays inline, unless the visitor asks for reduced motion: then it
 * waits, and the button offers to play it. The same button pauses it (WCAG 2.2.2).
 */
export function HeroVideo({ webm, mp4, strings }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [playing, setPlaying] = useState(false);
  const [shown, setShown] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element || reducedMotion !== false) return;
    const start = () => {
      element.autoplay = true;
      element.preload = "auto";
      // a browser may refuse to autoplay (battery saver): the button stays, showing "play"
      element.play().catch(() => {});
    };
    if (document.readyState === "complete") {
      start();
      return;
    }
    window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, [reducedMotion]);

  function toggle() {
    const element = video.current;
    if (!element) return;
    if (element.paused) {
      element.preload = "auto";
      element.play().catch(() => {});
    } else {
      element.pause();
    }
  }

  return (
    <>
      <video
        ref={video}
        className={styles.video}
        data-shown={shown || undefined}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        onPlaying={() => {
          setPlaying(true);
          setShown(true);
        }}
        onPause={() => setPlaying(false)}
      >
        <source src={webm} type="video/webm" />
        <source src={mp4} type="video/mp4" onError={() => setFailed(true)} />
      </video>
      {reducedMotion !== null && !failed && (
        <button type="button" className={styles.videoToggle} onClick={toggle}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path fill="currentColor" d={playing ? "M6 4h4v16H6zM14 4h4v16h-4z" : "M7 4v16l13-8z"} />
          </svg>
          <span className="visually-hidden">{playing ? strings.pause : strings.play}</span>
        </button>
      )}
    </>
  );
}
