import {
  BEFORE_AFTER_START,
  clampPercent,
  indexForDot,
  nextIndex,
  percentForKey,
  percentFromPointer,
  previousIndex,
  swipeDirection,
  wrapIndex,
} from "../slider";

describe("review slider index", () => {
  const count = 8;

  it("goes on from the first and wraps from the last to the first", () => {
    expect(nextIndex(0, count)).toBe(1);
    expect(nextIndex(6, count)).toBe(7);
    expect(nextIndex(7, count)).toBe(0);
  });

  it("goes back and wraps from the first to the last", () => {
    expect(previousIndex(3, count)).toBe(2);
    expect(previousIndex(1, count)).toBe(0);
    expect(previousIndex(0, count)).toBe(7);
  });

  it("comes back to the start after a full round either way", () => {
    let forward = 0;
    let backward = 0;
    const seen = new Set<number>();
    for (let i = 0; i < count; i++) {
      forward = nextIndex(forward, count);
      backward = previousIndex(backward, count);
      seen.add(forward);
    }
    expect(forward).toBe(0);
    expect(backward).toBe(0);
    expect(seen.size).toBe(count);
  });

  it("dots jump to their slide (dot N is index N-1)", () => {
    expect(indexForDot(1, count)).toBe(0);
    expect(indexForDot(5, count)).toBe(4);
    expect(indexForDot(8, count)).toBe(7);
  });

  it("keeps any index in range, and copes with one or no slides", () => {
    expect(wrapIndex(-1, count)).toBe(7);
    expect(wrapIndex(-9, count)).toBe(7);
    expect(wrapIndex(16, count)).toBe(0);
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
    expect(wrapIndex(3, 0)).toBe(0);
  });

  it("reads a swipe: left is next, right is previous, short or vertical is nothing", () => {
    expect(swipeDirection(-80)).toBe(1);
    expect(swipeDirection(80)).toBe(-1);
    expect(swipeDirection(-20)).toBe(0);
    expect(swipeDirection(-60, 120)).toBe(0);
  });
});

describe("before/after split", () => {
  it("starts at 75 %", () => {
    expect(BEFORE_AFTER_START).toBe(75);
  });

  it("follows the pointer across the image, clamped to 0–100", () => {
    expect(percentFromPointer(150, 100, 200)).toBe(25);
    expect(percentFromPointer(100, 100, 200)).toBe(0);
    expect(percentFromPointer(50, 100, 200)).toBe(0);
    expect(percentFromPointer(400, 100, 200)).toBe(100);
    expect(percentFromPointer(150, 100, 0)).toBe(0);
  });

  it("moves by arrow keys, PageUp/PageDown, Home and End, and ignores other keys", () => {
    expect(percentForKey("ArrowLeft", 75)).toBe(70);
    expect(percentForKey("ArrowDown", 75)).toBe(70);
    expect(percentForKey("ArrowRight", 75)).toBe(80);
    expect(percentForKey("ArrowUp", 75)).toBe(80);
    expect(percentForKey("PageDown", 75)).toBe(55);
    expect(percentForKey("PageUp", 75)).toBe(95);
    expect(percentForKey("Home", 75)).toBe(0);
    expect(percentForKey("End", 75)).toBe(100);
    expect(percentForKey("ArrowRight", 98)).toBe(100);
    expect(percentForKey("ArrowLeft", 2)).toBe(0);
    expect(percentForKey("Tab", 75)).toBeUndefined();
    expect(percentForKey("Enter", 75)).toBeUndefined();
  });

  it("rounds and clamps any value", () => {
    expect(clampPercent(33.4)).toBe(33);
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});
