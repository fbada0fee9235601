import { useCallback, useEffect, type RefObject } from "react";
import { flushSync } from "react-dom";
import { usePrefersReducedMotion } from "@/components/ui/usePrefersReducedMotion";
import type { QuoteProblem } from "@/lib/quote/form";
import type { useDamages } from "./useDamages";
import type { SubmissionPhase } from "./useQuoteSubmission";

interface Options {
  phase: SubmissionPhase;
  fieldId: (name: string) => string;
  pickerId: (key: string) => string;
  damages: Pick<ReturnType<typeof useDamages>, "fields" | "setExpanded" | "addButtonRef">;
  alertRef: RefObject<HTMLElement | null>;
  progressHeadingRef: RefObject<HTMLElement | null>;
}

/**
 * Where the keyboard goes: to the problem that stopped a send (the field, the
 * `Legg til skade` button, or the image picker of the damage without images,
 * unfolded first), to the progress heading while sending, and to the alert
 * after a failure. Scrolling is smooth unless the visitor asks for reduced motion.
 */
export function useQuoteFocus({ phase, fieldId, pickerId, damages, ...refs }: Options) {
  const reducedMotion = usePrefersReducedMotion();
  const bringIntoView = useCallback(
    (target: HTMLElement, focus: HTMLElement = target) => {
      target.scrollIntoView({ block: "center", behavior: reducedMotion ? "auto" : "smooth" });
      focus.focus({ preventScroll: true });
    },
    [reducedMotion],
  );

  useEffect(() => {
    if (phase.name === "failed" && refs.alertRef.current) bringIntoView(refs.alertRef.current);
    if (phase.name === "sending") refs.progressHeadingRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the phase changes
  }, [phase]);

  return (problem: QuoteProblem) => {
    if (problem.kind === "damages") {
      if (damages.addButtonRef.current) bringIntoView(damages.addButtonRef.current);
    } else if (problem.kind === "images") {
      const key = damages.fields[problem.damage]?.id;
      if (!key) return;
      flushSync(() => damages.setExpanded(key, true));
      const picker = document.getElementById(pickerId(key));
      const section = picker?.closest("section");
      if (picker) bringIntoView(section?.querySelector<HTMLElement>("[data-picker]") ?? picker, picker);
    } else {
      const input = document.getElementById(fieldId(problem.field));
      if (input) bringIntoView(input);
    }
  };
}
