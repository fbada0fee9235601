import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { draftStore, type DraftName } from "@/lib/drafts/store";

interface Options<T> {
  /** the draft as the form stands; undefined when there is nothing to keep (the draft is then deleted) */
  snapshot: () => T | undefined;
  /** puts a loaded draft back into the form; answers whether it did (the notice is shown then) */
  restore: (draft: T) => boolean;
  delayMs?: number;
}

/**
 * A form's draft on the device: loaded once when the form appears (and put
 * back by `restore`), saved `delayMs` after the last change (`schedule`), and
 * at once when the page is hidden (the phone switched to the camera, the tab
 * is closing). Nothing is saved before the stored draft has been read, so an
 * empty form never overwrites it. `discard` deletes it (after a send, or
 * `Start på nytt`). When storage fails the store is silent, and so is this.
 */
export function useDraft<T>(name: DraftName, { snapshot, restore, delayMs = 400 }: Options<T>) {
  const store = useMemo(() => draftStore<T>(name), [name]);
  const [restored, setRestored] = useState(false);
  const loaded = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ snapshot, restore });
  useEffect(() => {
    latest.current = { snapshot, restore };
  });

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!loaded.current) return;
    const value = latest.current.snapshot();
    void (value === undefined ? store.clear() : store.save(value));
  }, [store]);

  const schedule = useCallback(() => {
    if (!loaded.current) return; // the form is saved as it stands once the stored draft has been read
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, delayMs);
  }, [flush, delayMs]);

  useEffect(() => {
    let live = true;
    void store.load().then((value) => {
      if (!live) return;
      loaded.current = true;
      if (value !== undefined && latest.current.restore(value)) setRestored(true);
      // Not restored: the form as it stands is the draft now. It may hold what the
      // visitor typed or chose before its code ran, which fired no change to save on.
      else if (latest.current.snapshot() !== undefined) schedule();
    });
    return () => {
      live = false;
    };
  }, [store, schedule]);

  useEffect(() => {
    const onHide = () => {
      if (timer.current !== undefined && document.visibilityState === "hidden") flush();
    };
    const onPageHide = () => timer.current !== undefined && flush();
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, [flush]);

  const discard = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setRestored(false);
    await store.clear();
  }, [store]);

  return { restored, schedule, flush, discard };
}
