"use client";

import type { CSSProperties } from "react";
import { fill } from "@/lib/format";
import type { ResolvedImage } from "@/lib/images";
import { useHydrated } from "@/components/ui/useHydrated";
import styles from "./BeforeAfterSlider.module.css";
import { Picture } from "./Picture";
import { useSplitDrag } from "./useSplitDrag";

interface Side {
  /** resolved on the server (lib/images.ts) and passed down as plain data */
  image: ResolvedImage;
  alt: string;
}

export interface BeforeAfterSliderProps {
  before: Side;
  after: Side;
  labels: { before: string; after: string };
  /** the handle's accessible name and value text; `{name}`, `{before}` and `{after}` are filled in */
  strings: { sliderLabel: string; valueText: string };
  /** the case or project the photos show, named in the handle's label */
  name: string;
  /** `sizes` for each of the two images (both are drawn at the slider's full width) */
  sizes: string;
  /** above the fold: load both eagerly */
  priority?: boolean;
}

/**
 * The before photo over the after photo, split where the handle is (75 % at
 * start): drag anywhere on the pictures with a mouse, pen or finger (a vertical
 * swipe still scrolls the page), or focus the handle and use the arrow keys,
 * PageUp/PageDown, Home and End. The box takes the photo's proportions before
 * any image loads, so nothing moves when they arrive. Without JavaScript (and
 * until it runs) it is a still comparison at 75 %, without a handle.
 */
export function BeforeAfterSlider({
  before,
  after,
  labels,
  strings,
  name,
  sizes,
  priority = false,
}: BeforeAfterSliderProps) {
  const { value, dragging, frameProps, handle, onKeyDown } = useSplitDrag();
  // the handle moves only with the script: until it runs, no handle to grab (a still comparison)
  const ready = useHydrated();

  const ratio = `${before.image.width} / ${before.image.height}`;
  return (
    <div
      {...frameProps}
      className={styles.slider}
      data-dragging={dragging || undefined}
      style={{ "--split": `${value}%`, aspectRatio: ratio } as CSSProperties}
    >
      <Picture image={after.image} alt={after.alt} sizes={sizes} priority={priority} className={styles.layer} />
      <div className={styles.before}>
        <Picture image={before.image} alt={before.alt} sizes={sizes} priority={priority} className={styles.layer} />
      </div>
      <span className={styles.label} data-side="before" data-faded={value < 15 || undefined}>
        {labels.before}
      </span>
      <span className={styles.label} data-side="after" data-faded={value > 85 || undefined}>
        {labels.after}
      </span>
      <div className={styles.divider}>
        <div
          ref={handle}
          className={styles.handle}
          role="slider"
          tabIndex={ready ? 0 : -1}
          aria-disabled={ready ? undefined : true}
          aria-label={fill(strings.sliderLabel, { name })}
          aria-orientation="horizontal"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
          aria-valuetext={fill(strings.valueText, { before: value, after: 100 - value })}
          onKeyDown={onKeyDown}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="m9 6-6 6 6 6M15 6l6 6-6 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </div>
      </div>
    </div>
  );
}
