import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import { BEFORE_AFTER_START, percentForKey, percentFromPointer } from "@/lib/slider";

/**
 * The before/after split: its value (75 % at start), moved by dragging anywhere on the
 * frame with a mouse, pen or finger (the handle takes focus), or by the keys on the handle.
 */
export function useSplitDrag() {
  const [value, setValue] = useState(BEFORE_AFTER_START);
  const [dragging, setDragging] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const handle = useRef<HTMLDivElement>(null);

  function moveTo(clientX: number) {
    const box = frame.current?.getBoundingClientRect();
    if (box) setValue(percentFromPointer(clientX, box.left, box.width));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(true);
    moveTo(event.clientX);
    handle.current?.focus({ preventScroll: true });
    // no text selection or image drag while dragging with a mouse
    if (event.pointerType === "mouse") event.preventDefault();
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (dragging) moveTo(event.clientX);
  }

  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    setDragging(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = percentForKey(event.key, value);
    if (next === undefined) return;
    event.preventDefault();
    setValue(next);
  }

  const frameProps = {
    ref: frame,
    onPointerDown,
    onPointerMove,
    onPointerUp: onPointerEnd,
    onPointerCancel: onPointerEnd,
  };
  return { value, dragging, frameProps, handle, onKeyDown };
}
