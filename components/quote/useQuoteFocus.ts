import { useCallback, useEffect, useRef, type RefObject } from "react";
import { flushSync } from "react-dom";
import { usePrefersReducedMotion } from "@/components/ui/usePrefersReducedMotion";
import type { QuoteProblem } from "@/lib/quote/form";
import type { Damage } from "@/lib/quote/photos";

interface Options {
  phase: { name: string };
  fieldId: (name: string) => string;
  pickerId: (damage: string) => string;
  /** the damages as they stand */
  damages: () => readonly Damage[];
  setExpanded: (damage: string, expanded: boolean) => void;
  addButtonRef: RefObject<HTMLElement | null>;
}

/**
 * Where the keyboard goes: to the problem that stopped a send (the field, the
 * `Legg til skade` button, or the image picker of the damage without images,
 * unfolded first), to the progress heading while sending, and to the alert
 * after a failure. Scrolling is smooth unless the visitor asks for reduced motion.
 */
export function useQuoteFocus({ phase, fieldId, pickerId, damages, setExpanded, addButtonRef }: Options) {
  const reducedMotion = usePrefersReducedMotion();
  const alertRef = useRef<HTMLDivElement>(null);
  const progressHeadingRef = useRef<HTMLHeadingElement>(null);
  const bringIntoView = useCallback(
    (target: HTMLElement, focus: HTMLElement = target) => {
      target.scrollIntoView({ block: "center", behavior: reducedMotion ? "auto" : "smooth" });
      focus.focus({ preventScroll: true });
    },
    [reducedMotion],
  );

  useEffect(() => {
    if (phase.name === "failed" && alertRef.current) bringIntoView(alertRef.current);
    if (phase.name === "sending") progressHeadingRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the phase changes
  }, [phase.name]);

  const focusProblem = useCallback(
    (problem: QuoteProblem) => {
      if (problem.kind === "damages") {
        if (addButtonRef.current) bringIntoView(addButtonRef.current);
      } else if (problem.kind === "images") {
        const damage = damages()[problem.damage]?.id;
        if (!damage) return;
        flushSync(() => setExpanded(damage, true));
        const picker = document.getElementById(pickerId(damage));
        if (picker)
          bringIntoView(picker.closest("section")?.querySelector<HTMLElement>("[data-picker]") ?? picker, picker);
      } else {
        const input = document.getElementById(fieldId(problem.field));
        if (input) bringIntoView(input);
      }
    },
    [addButtonRef, bringIntoView, damages, fieldId, pickerId, setExpanded],
  );
  return { focusProblem, alertRef, progressHeadingRef };
}
