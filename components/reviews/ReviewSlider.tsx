"use client";

import { type PointerEvent, type ReactNode, useRef, useState } from "react";
import type { Strings } from "@/lib/content/strings-schema";
import { fill } from "@/lib/format";
import { indexForDot, nextIndex, previousIndex, swipeDirection } from "@/lib/slider";
import { useHydrated } from "@/components/ui/useHydrated";
import styles from "./ReviewSlider.module.css";

type SliderStrings = Pick<
  Strings["reviews"],
  "sliderLabel" | "carousel" | "slide" | "slideLabel" | "previous" | "next" | "dot"
>;

/**
 * One review at a time, starting with the first: `Forrige anmeldelse` and
 * `Neste anmeldelse` wrap round both ways, one dot per review jumps to it, and
 * a sideways swipe on a touch screen turns the page. Every slide is in the
 * prerendered HTML (crawlers read them all); the hidden ones are stacked in the
 * same place, so the box keeps the tallest review's height and nothing below
 * jumps. Changes are announced politely; it never moves by itself.
 */
export function ReviewSlider({ slides, strings }: { slides: ReactNode[]; strings: SliderStrings }) {
  const [index, setIndex] = useState(0);
  const count = slides.length;
  const step = (by: 1 | -1) => setIndex((i) => (by === 1 ? nextIndex(i, count) : previousIndex(i, count)));
  const show = (n: number) => setIndex(indexForDot(n, count));
  const swipe = useSwipe(step);

  return (
    <div
      className={styles.slider}
      role="region"
      aria-roledescription={strings.carousel}
      aria-label={strings.sliderLabel}
    >
      <div className={styles.viewport} aria-live="polite" {...swipe}>
        {slides.map((slide, i) => (
          <div
            key={i}
            className={styles.slide}
            role="group"
            aria-roledescription={strings.slide}
            aria-label={fill(strings.slideLabel, { n: i + 1, count })}
            data-current={i === index}
          >
            {slide}
          </div>
        ))}
      </div>
      <Controls count={count} index={index} strings={strings} step={step} show={show} />
    </div>
  );
}

/** A sideways swipe with a finger or a pen (the mouse clicks the buttons): `onStep(1)` to the next, `onStep(-1)` back. */
function useSwipe(onStep: (by: 1 | -1) => void) {
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      if (event.pointerType === "mouse") return;
      swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      const start = swipe.current;
      swipe.current = null;
      if (!start || start.id !== event.pointerId) return;
      const by = swipeDirection(event.clientX - start.x, event.clientY - start.y);
      if (by !== 0) onStep(by);
    },
    onPointerCancel() {
      swipe.current = null;
    },
  };
}

/** The arrows and one dot per review; they need the script, so they are disabled in the prerendered HTML until it runs. */
function Controls({
  count,
  index,
  strings,
  step,
  show,
}: {
  count: number;
  index: number;
  strings: SliderStrings;
  step: (by: 1 | -1) => void;
  /** shows review `n`, counted from 1 */
  show: (n: number) => void;
}) {
  const ready = useHydrated();
  return (
    <div className={styles.controls}>
      <button
        type="button"
        className={styles.arrow}
        aria-label={strings.previous}
        disabled={!ready}
        onClick={() => step(-1)}
      >
        <Chevron direction="left" />
      </button>
      <ul className={`plain-list ${styles.dots}`}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <button
              type="button"
              className={styles.dot}
              aria-label={fill(strings.dot, { n: i + 1 })}
              aria-current={i === index ? "true" : undefined}
              disabled={!ready}
              onClick={() => show(i + 1)}
            />
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={styles.arrow}
        aria-label={strings.next}
        disabled={!ready}
        onClick={() => step(1)}
      >
        <Chevron direction="right" />
      </button>
    </div>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={direction === "left" ? "m15 6-6 6 6 6" : "m9 6 6 6-6 6"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
