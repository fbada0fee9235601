import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { draftStore, type DraftName } from "@/lib/drafts/store";
import { newId } from "@/lib/ids";

interface Options<T> {
  /** the draft as the form stands; undefined when there is nothing to keep (the draft is then deleted). Stable. */
  snapshot: () => T | undefined;
  /**
   * puts a loaded draft back into the form; `asked`: the visitor chose
   * `Fortsett`. Answers whether it did (the notice is shown then). Stable.
   */
  restore: (draft: T, asked: boolean) => boolean;
  delayMs?: number;
}

/** A draft as it is saved: the form, the tab session that made it, and when. */
interface Saved<T> {
  tab: string;
  at: number;
  form: T;
}

const TAB_KEY = "utkast-fane";

/** This tab session's id: the same after a reload or a discarded tab, another in a new tab. */
function tabSession(): string {
  try {
    const id = sessionStorage.getItem(TAB_KEY) ?? newId();
    sessionStorage.setItem(TAB_KEY, id);
    return id;
  } catch {
    return newId(); // no session storage: every visit asks
  }
}

/**
 * `save` when the page is hidden or closed, and when the form leaves (a link within the site).
 * `present` says whether the form is on the page: once it has left, nothing it was still doing
 * (a send that runs on) writes its draft again.
 */
function useSaveOnLeave(save: () => void, present: (here: boolean) => void) {
  useEffect(() => {
    present(true);
    const onHide = () => document.visibilityState === "hidden" && save();
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", save);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", save);
      save();
      present(false);
    };
  }, [save, present]);
}

/** The latest date a draft can carry and still be written as one (`31. desember 9999`). */
const LAST_DATE = Date.UTC(9999, 11, 31);

/**
 * A draft as this page saves it: a form that is an object, and a time that is a date. Anything
 * else (written by another version of the site, or changed by hand) counts as no draft.
 */
function isSaved(value: unknown): value is Saved<unknown> {
  if (typeof value !== "object" || value === null) return false;
  const { form, at } = value as Partial<Saved<unknown>>;
  return typeof form === "object" && form !== null && typeof at === "number" && at >= 0 && at <= LAST_DATE;
}

/**
 * A form's draft on the device, for the person who made it. Within the same
 * tab session (a reload, a tab the phone discarded) it is put back by itself;
 * a draft from another visit is only offered (`offer`, its date: the form
 * shows no personal data) until the visitor chooses `Fortsett` (`accept`) or
 * `Slett` (`decline`). Saved `delayMs` after the last change (`schedule`), and
 * at once when the page is hidden or the form leaves (`saveUnsaved`: a form
 * whose parts go with it saves before they go). Nothing is saved before the
 * stored draft has been read and, when one was offered, answered, so the form
 * never overwrites it unasked. `discard` deletes it (after a send, `Start på nytt`).
 * `restored` is true only while the draft is known to be kept.
 */
export function useDraft<T>(name: DraftName, { snapshot, restore, delayMs = 400 }: Options<T>) {
  const store = useMemo(() => draftStore<Saved<T>>(name), [name]);
  const [restored, setRestored] = useState(false);
  const [offer, setOffer] = useState<Saved<T>>();
  const loaded = useRef(false);
  /** the form is on the page (once it has left, its draft is what it was then) */
  const here = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tab = useMemo(() => tabSession(), []);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!loaded.current || !here.current) return;
    const form = snapshot();
    if (form === undefined) return void store.clear();
    void store.save({ tab, at: Date.now(), form }).then((kept) => !kept && setRestored(false));
  }, [store, snapshot, tab]);

  const schedule = useCallback(() => {
    if (!loaded.current) return; // the form is saved as it stands once the stored draft has been answered
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, delayMs);
  }, [flush, delayMs]);

  /** from here on the form is the draft; it may hold what was typed before its code ran, which fired no change */
  const start = useCallback(() => {
    loaded.current = true;
    if (snapshot() !== undefined) schedule();
  }, [snapshot, schedule]);

  useEffect(() => {
    let live = true;
    void store.load().then((saved) => {
      if (!live) return;
      if (!isSaved(saved)) return start();
      if (saved.tab !== tab) return setOffer(saved);
      if (restore(saved.form, false)) setRestored(true);
      start();
    });
    return () => {
      live = false;
    };
  }, [store, tab, restore, start]);

  /** a change still waiting for its save is saved now */
  const saveUnsaved = useCallback(() => void (timer.current !== undefined && flush()), [flush]);
  useSaveOnLeave(
    saveUnsaved,
    useCallback((present: boolean) => void (here.current = present), []),
  );

  const discard = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setRestored(false);
    await store.clear();
  }, [store]);

  /** `Fortsett`: the offered draft back in the form, and this tab's from now on */
  const accept = useCallback(() => {
    if (offer && restore(offer.form, true)) setRestored(true);
    setOffer(undefined);
    loaded.current = true;
    flush();
  }, [offer, restore, flush]);

  /** `Slett`: the offered draft deleted; the form as it stands is the draft */
  const decline = useCallback(async () => {
    setOffer(undefined);
    await store.clear();
    start();
  }, [store, start]);

  return { restored, offer: offer && new Date(offer.at), accept, decline, schedule, flush, saveUnsaved, discard };
}
