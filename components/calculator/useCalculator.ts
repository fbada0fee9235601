import { useRouter } from "next/navigation";
import { type Dispatch, useEffect, useReducer, useRef, useState } from "react";
import { clearCalculatorDraft, loadCalculatorDraft, saveCalculatorDraft } from "@/lib/calculator/draft";
import type { ServiceId } from "@/lib/calculator/ids";
import {
  allServices,
  calculatorReducer,
  initialState,
  toggleService,
  validateBooking,
  type CalculatorAction,
  type CalculatorState,
  type Catalog,
} from "@/lib/calculator/state";
import { clearSelection, hasStoredSelection, saveSelection, sessionStore } from "@/lib/calculator/storage";
import { fill } from "@/lib/format";
import { BOOKING_PATH } from "@/lib/routes";

/** The texts the calculator's logic says out loud (what the rules added or removed). */
export interface RuleNotes {
  autoAdded: string;
  autoRemoved: string;
}

/** What the rules changed besides the clicked service, as one sentence ("" when nothing). */
function ruleNote(catalog: Catalog, before: readonly ServiceId[], id: ServiceId, notes: RuleNotes): string {
  const after = toggleService(before, id);
  const byId = new Map(allServices(catalog).map((s) => [s.id, s.title]));
  const titles = (ids: ServiceId[]) => ids.map((x) => byId.get(x) ?? x).join(", ");
  const added = after.filter((x) => x !== id && !before.includes(x));
  const removed = before.filter((x) => x !== id && !after.includes(x));
  return [
    added.length ? fill(notes.autoAdded, { services: titles(added) }) : "",
    removed.length ? fill(notes.autoRemoved, { services: titles(removed) }) : "",
  ]
    .filter(Boolean)
    .join(". ");
}

/**
 * The calculator's choices kept as a draft on the device (lib/calculator/draft.ts): restored
 * once after mount, unless the visitor already changed something, then saved on every change.
 */
function useCalculatorDraft(catalog: Catalog, state: CalculatorState, dispatch: Dispatch<CalculatorAction>) {
  const [loaded, setLoaded] = useState(false);
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  useEffect(() => {
    const start = latest.current;
    let live = true;
    void loadCalculatorDraft(catalog).then((draft) => {
      if (!live) return;
      const untouched = latest.current.chosen === start.chosen && latest.current.size === start.size;
      if (draft && untouched) dispatch({ type: "restore", chosen: draft.chosen, size: draft.size });
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [catalog, dispatch]);
  const { chosen, size } = state;
  useEffect(() => {
    if (!loaded) return;
    // nothing chosen and the usual size: nothing worth keeping
    const untouched = chosen.length === 0 && size === catalog.defaultSize;
    void (untouched ? clearCalculatorDraft() : saveCalculatorDraft({ chosen, size }));
  }, [loaded, catalog, chosen, size]);
  // Once `Bestill time` has left a hand-over, it follows the choice: /kontakt, reached again by
  // Forward or the menu, shows what is chosen now, or nothing while it could not be booked.
  useEffect(() => {
    const storage = sessionStore();
    if (!loaded || !storage || !hasStoredSelection()) return;
    if (validateBooking({ chosen })) clearSelection(storage);
    else saveSelection(storage, catalog, { chosen, size });
  }, [loaded, catalog, chosen, size]);
}

/** The calculator's state and its actions: toggling with the rules, `Bestill time`, the toast and the badge. */
export function useCalculator(catalog: Catalog, notes: RuleNotes) {
  const router = useRouter();
  const [state, dispatch] = useReducer(calculatorReducer, catalog, initialState);
  const [note, setNote] = useState("");
  const bookButton = useRef<HTMLButtonElement>(null);
  useCalculatorDraft(catalog, state, dispatch);

  function toggle(id: ServiceId) {
    setNote(ruleNote(catalog, state.chosen, id, notes));
    dispatch({ type: "toggleService", id });
  }

  function book() {
    const error = validateBooking(state);
    if (error) {
      dispatch({ type: "showError", error });
      return;
    }
    dispatch({ type: "clearError" });
    const storage = sessionStore();
    if (storage) saveSelection(storage, catalog, state);
    router.push(BOOKING_PATH);
  }

  function closeToast() {
    dispatch({ type: "clearError" });
    bookButton.current?.focus();
  }

  function closeBadge() {
    dispatch({ type: "closeBadge" });
    bookButton.current?.focus({ preventScroll: true });
  }

  return { state, dispatch, note, bookButton, toggle, book, closeToast, closeBadge };
}
