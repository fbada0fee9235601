/**
 * The rules of the site's two sliders, as pure functions: the review carousel's
 * index (wraps both ways) and the before/after handle's position (0–100 %).
 */

/** Where the before/after split starts (75 %: mostly the "before", so the drag reveals the repair). */
export const BEFORE_AFTER_START = 75;
/** How far one arrow key moves the split, and PageUp/PageDown. */
const BEFORE_AFTER_STEP = 5;
const BEFORE_AFTER_PAGE_STEP = 20;
/** A horizontal swipe shorter than this (px) is not a swipe. */
const SWIPE_THRESHOLD = 40;

/** Any integer brought into 0…count-1, wrapping both ways (-1 → last, count → 0). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((Math.trunc(index) % count) + count) % count;
}

export function nextIndex(index: number, count: number): number {
  return wrapIndex(index + 1, count);
}

export function previousIndex(index: number, count: number): number {
  return wrapIndex(index - 1, count);
}

/** A dot's target: the dot number (1-based, as read out: "Vis anmeldelse 3") to an index, kept in range. */
export function indexForDot(dot: number, count: number): number {
  return wrapIndex(dot - 1, count);
}

/** A swipe's horizontal distance to a step: left swipe → next (+1), right → previous (-1), short → 0. */
export function swipeDirection(deltaX: number, deltaY = 0, threshold = SWIPE_THRESHOLD): -1 | 0 | 1 {
  if (Math.abs(deltaX) < threshold || Math.abs(deltaX) < Math.abs(deltaY)) return 0;
  return deltaX < 0 ? 1 : -1;
}

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** The pointer's x position over the element, as a whole percentage of its width. */
export function percentFromPointer(clientX: number, left: number, width: number): number {
  if (width <= 0) return 0;
  return clampPercent(((clientX - left) / width) * 100);
}

/**
 * The new split for a key press on the slider handle, or undefined when the key
 * is not one of the slider's (so the page handles it as usual).
 */
export function percentForKey(key: string, value: number): number | undefined {
  switch (key) {
    case "ArrowLeft":
    case "ArrowDown":
      return clampPercent(value - BEFORE_AFTER_STEP);
    case "ArrowRight":
    case "ArrowUp":
      return clampPercent(value + BEFORE_AFTER_STEP);
    case "PageDown":
      return clampPercent(value - BEFORE_AFTER_PAGE_STEP);
    case "PageUp":
      return clampPercent(value + BEFORE_AFTER_PAGE_STEP);
    case "Home":
      return 0;
    case "End":
      return 100;
    default:
      return undefined;
  }
}
