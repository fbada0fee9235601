import { useRouter } from "next/navigation";
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { useForm, type UseFormRegisterReturn, type UseFormReturn } from "react-hook-form";
import { useDraft } from "@/components/drafts/useDraft";
import { usePrefersReducedMotion } from "@/components/ui/usePrefersReducedMotion";
import { FIELD_LIMITS } from "@/lib/api/schemas";
import { browserFetch } from "@/lib/quote/transport";
import type { Strings } from "@/lib/content/strings-schema";
import { keepTyped, typedSinceDraft } from "@/lib/drafts/typed-since";
import { loadPhotoWork } from "@/lib/photos/photo-work/work";
import { fromDraft, toDraft, type QuoteDraft } from "@/lib/quote/draft";
import { emptyText, firstProblem, textOf, type QuoteProblem, type QuoteText } from "@/lib/quote/form";
import { QuotePhotos, type PhotoDeps } from "@/lib/photos/photos";
import type { VehicleLookup } from "@/lib/quote/vehicle";
import { createQuoteSender, SendState, quoteJson, type PipelineDeps, type PipelineResult } from "@/lib/quote/pipeline";

export type QuoteFailure = Exclude<PipelineResult, { ok: true }>;
export type SubmissionPhase =
  | { name: "editing" }
  | { name: "sending"; inquiry: boolean }
  | { name: "failed"; failure: QuoteFailure }
  /** no connection: the quote goes by itself when it returns */
  | { name: "offline" };

export interface QuoteOptions {
  strings: Strings["quoteForm"];
  /** the e-mail and phone messages shared with the booking form */
  fieldErrors: Strings["fieldErrors"];
  userId: string;
  thanksHref: string;
  /** a test's own network, photo work and look-up of the car; the browser's otherwise */
  deps?: Partial<Pick<PipelineDeps, "fetch"> & PhotoDeps & { vehicle: VehicleLookup }>;
}

const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/** What the quote is made of for the life of the form: its photos, its key, its sender, whether Send is pending. */
function useQuoteParts({ userId, deps = {} }: QuoteOptions) {
  const [parts] = useState(() => ({
    photos: new QuotePhotos({ loadWork: loadPhotoWork, ...deps }),
    state: new SendState(),
    sender: createQuoteSender({ fetch: deps.fetch ?? browserFetch, userId }),
  }));
  return parts;
}
type Parts = ReturnType<typeof useQuoteParts>;

/**
 * The quote's draft on the device: the text and the photos (QuotePhotos.toDraft),
 * saved as they change and when the form leaves (the photos are let go after);
 * put back unless the visitor was quicker. Asked for with `Fortsett`, it comes
 * back beside what the visitor entered meanwhile: a field they filled keeps
 * their text (a message they wrote follows the draft's), and their photos stay
 * with the draft's. A draft whose Send was pressed asks to be sent (`resend`),
 * unless something of the visitor's was added to it: that waits for their own Send.
 */
function useQuoteDraft(form: UseFormReturn<QuoteText>, { photos, state }: Parts) {
  const [resend, setResend] = useState(false);
  const snapshot = useCallback(() => toDraft(textOf(form.getValues()), photos, state), [form, photos, state]);
  const restore = useCallback(
    (stored: QuoteDraft, asked: boolean) => {
      const back = fromDraft(stored);
      const onPage = textOf(form.getValues());
      const chosen = photos.getSnapshot().some((damage) => damage.photos.length > 0);
      const entered = chosen || typedSinceDraft(onPage, back.text);
      if (!asked && entered) return false;
      form.reset(keepTyped(onPage, back.text, { message: FIELD_LIMITS.message }));
      photos.restore(back.damages, { keep: true });
      // Send pressed on the draft alone: what the visitor added since goes only with their own Send
      const pending = back.send.pending && !entered;
      state.set({ ...back.send, pending });
      setResend(pending);
      return true;
    },
    [form, photos, state],
  );
  const draft = useDraft<QuoteDraft>("quote", { snapshot, restore });
  const { schedule, saveUnsaved } = draft;
  useEffect(() => photos.subscribeDraft(schedule), [photos, schedule]);
  // when the form leaves, its last change is saved while the photos are still there; then they are let go
  useEffect(
    () => () => {
      saveUnsaved();
      photos.dispose();
    },
    [saveUnsaved, photos],
  );
  return { draft, resend, resent: useCallback(() => setResend(false), []) };
}

/** A restored quote whose Send was pressed goes by itself; an offline one when the connection returns. */
function useResend(send: () => Promise<void>, phase: SubmissionPhase, resend: boolean, resent: () => void) {
  useEffect(() => {
    if (!resend) return;
    const frame = requestAnimationFrame(() => {
      resent();
      void send();
    });
    return () => cancelAnimationFrame(frame);
  }, [resend, resent, send]);
  useEffect(() => {
    if (phase.name !== "offline") return;
    const onOnline = () => void send();
    window.addEventListener("online", onOnline, { once: true });
    return () => window.removeEventListener("online", onOnline);
  }, [phase.name, send]);
}

/** Which damages are folded away. */
function useCollapsed() {
  const [collapsed, setCollapsed] = useState<readonly string[]>([]);
  const setExpanded = useCallback((damage: string, expanded: boolean) => {
    setCollapsed((current) => [...current.filter((d) => d !== damage), ...(expanded ? [] : [damage])]);
  }, []);
  return { expanded: (damage: string) => !collapsed.includes(damage), setExpanded };
}

/** Where the keyboard goes for a damage's photos: its picker's box, brought into view, and its input. */
export interface PickerTarget {
  box: HTMLElement;
  input: HTMLElement;
}

/**
 * Where the keyboard goes: to the problem that stopped a send (the field, the
 * `Legg til skade` button, or the image picker of the damage without images,
 * unfolded first), to the progress heading while sending, to the alert after a
 * failure, and to the offline notice when the quote waits for the connection.
 * Every target is an element the form hands over (a ref, or a field or picker
 * registered as it mounts). Scrolling is smooth unless the visitor asks for reduced motion.
 */
function useFocus(
  phase: SubmissionPhase,
  photos: QuotePhotos,
  setExpanded: (damage: string, expanded: boolean) => void,
) {
  const reducedMotion = usePrefersReducedMotion();
  const [fields] = useState(() => new Map<string, HTMLElement>());
  const [pickers] = useState(() => new Map<string, PickerTarget>());
  const refs = {
    addButtonRef: useRef<HTMLButtonElement>(null),
    alertRef: useRef<HTMLDivElement>(null),
    offlineRef: useRef<HTMLDivElement>(null),
    progressHeadingRef: useRef<HTMLHeadingElement>(null),
    /** a field's element, as it mounts */
    field: useCallback(
      (name: string, element: HTMLElement | null) => void (element ? fields.set(name, element) : fields.delete(name)),
      [fields],
    ),
    /** a damage's picker, as it mounts; the returned function forgets it */
    picker: useCallback(
      (damage: string, target: PickerTarget) => {
        pickers.set(damage, target);
        return () => void pickers.delete(damage);
      },
      [pickers],
    ),
  };
  const bringIntoView = useCallback(
    (target: HTMLElement | null | undefined, focus = target) => {
      target?.scrollIntoView({ block: "center", behavior: reducedMotion ? "auto" : "smooth" });
      focus?.focus({ preventScroll: true });
    },
    [reducedMotion],
  );
  useEffect(() => {
    if (phase.name === "failed") bringIntoView(refs.alertRef.current);
    if (phase.name === "offline") bringIntoView(refs.offlineRef.current);
    if (phase.name === "sending") refs.progressHeadingRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the phase changes
  }, [phase.name]);
  const { addButtonRef } = refs;
  const focusProblem = useCallback(
    (problem: QuoteProblem) => {
      if (problem.kind === "damages") return bringIntoView(addButtonRef.current);
      if (problem.kind === "field") return bringIntoView(fields.get(problem.field));
      const damage = photos.getSnapshot()[problem.damage]?.id;
      if (!damage) return;
      flushSync(() => setExpanded(damage, true));
      bringIntoView(pickers.get(damage)?.box, pickers.get(damage)?.input);
    },
    [bringIntoView, addButtonRef, fields, pickers, photos, setExpanded],
  );
  return { refs, pickers, focusProblem };
}

/** A check that failed at Send: a quote that waited for the connection waits for the visitor instead. */
function waitForVisitor(
  setPhase: (update: (p: SubmissionPhase) => SubmissionPhase) => void,
  state: SendState,
  draft: { flush: () => void },
) {
  setPhase((current) => (current.name === "offline" ? { name: "editing" } : current));
  if (!state.pending) return;
  state.set({ pending: false });
  draft.flush();
}

/**
 * The quote form's state and actions: the text fields (react-hook-form), the
 * photos (lib/photos/photos.ts, the one owner of every image), the draft on the
 * device, the check at Send (lib/quote/form.ts, the first problem only), the
 * send (lib/quote/pipeline.ts) and where focus goes. Components render what
 * this returns and call its actions.
 */
export function useQuote(options: QuoteOptions) {
  const { strings, fieldErrors, thanksHref } = options;
  const router = useRouter();
  const messages = useMemo(() => ({ ...fieldErrors, ...strings.errors }), [fieldErrors, strings.errors]);
  // no defaults: react-hook-form takes each field's value from the page, so text typed before the code ran stays
  const form = useForm<QuoteText>();
  const parts = useQuoteParts(options);
  const { photos, state, sender } = parts;
  const damages = useSyncExternalStore(photos.subscribe, photos.getSnapshot, photos.getSnapshot);
  const [phase, setPhase] = useState<SubmissionPhase>({ name: "editing" });
  const [problem, setProblem] = useState<QuoteProblem>();
  const { expanded, setExpanded } = useCollapsed();
  const { draft, resend, resent } = useQuoteDraft(form, parts);
  const { refs, pickers, focusProblem } = useFocus(phase, photos, setExpanded);
  const photoActions = usePhotoActions(photos, pickers, refs.addButtonRef);
  // a photo or a damage changed: the damages' problem is gone
  useEffect(() => photos.subscribe(() => setProblem((p) => (p?.kind === "field" ? p : undefined))), [photos]);

  const send = useCallback(async () => {
    const text = textOf(form.getValues());
    const found = firstProblem({ ...text, damages: photos.toSend() }, messages);
    // rendered before the keyboard moves, so the field is announced with its error
    flushSync(() => setProblem(found));
    if (found) {
      waitForVisitor(setPhase, state, draft);
      return focusProblem(found);
    }
    if (sender.busy) return;
    // Send answers a waiting offer of an earlier draft: this quote is the one to keep
    if (draft.offer) await draft.decline();
    state.set({ pending: true });
    state.keyFor(quoteJson(text, photos)); // made (or kept) and saved before anything is sent
    draft.flush();
    if (offline()) return setPhase({ name: "offline" });
    setPhase({ name: "sending", inquiry: false });
    const result = await sender
      .send(text, photos, state, () => setPhase({ name: "sending", inquiry: true }))
      // a fault of the send itself: the visitor gets the failure and Prøv igjen, never a send that hangs
      .catch((): QuoteFailure => ({ ok: false, reason: "inquiry", status: 0 }));
    if (result.ok) return void draft.discard().finally(() => router.push(thanksHref));
    if (result.status === 0 && offline()) return setPhase({ name: "offline" });
    state.set({ pending: false });
    draft.flush();
    setPhase({ name: "failed", failure: result });
    const failed = result.reason === "upload" ? photos.getSnapshot()[result.damageIndex] : undefined;
    if (failed) setExpanded(failed.id, true);
  }, [form, photos, messages, focusProblem, sender, state, draft, router, thanksHref, setExpanded]);
  useResend(send, phase, resend, resent);

  const actions = {
    send,
    ...photoActions,
    /** a field the visitor changed: its error goes (the next check is at Send), the draft is saved */
    edited(field: string) {
      setProblem((p) => (p?.kind === "field" && p.field === field ? undefined : p));
      draft.schedule();
    },
    /** a text field, with its error cleared as it changes, and its element known for focus */
    register(name: keyof QuoteText): UseFormRegisterReturn {
      const field = form.register(name, { onChange: () => actions.edited(name) });
      return { ...field, ref: (element) => (field.ref(element), refs.field(name, element)) };
    },
    setExpanded,
    /** the keyboard to the form's first field */
    focusFirst: () => form.setFocus("regNumber"),
    /** `Start på nytt`: the draft deleted, the form emptied, the keyboard at its first field */
    startOver() {
      state.clear(); // a new quote gets a new key at its first Send
      photos.restore([[]]);
      form.reset(emptyText());
      setPhase({ name: "editing" });
      void draft.discard();
      requestAnimationFrame(actions.focusFirst); // once the notice (and its button) is gone
    },
  };
  const sending = phase.name === "sending" ? photos.toSend() : [];
  const view = { damages, sending, phase, problem, draft, expanded };
  return { form, view, actions, refs };
}

/** What the form's parts call. */
export type QuoteActions = ReturnType<typeof useQuote>["actions"];

/**
 * What the visitor does to the damages and their photos, the only way a component changes them:
 * stable, so a thumbnail renders again only when its own photo changes. Adding or replacing
 * answers what was left out. A new damage takes the keyboard to its picker; after a damage is
 * removed, it rests on `Legg til skade`.
 */
function usePhotoActions(
  photos: QuotePhotos,
  pickers: ReadonlyMap<string, PickerTarget>,
  addButton: RefObject<HTMLButtonElement | null>,
) {
  return useMemo(
    () => ({
      addDamage() {
        flushSync(() => photos.addDamage());
        pickers.get(photos.getSnapshot().at(-1)!.id)?.input.focus();
      },
      removeDamage(damage: string) {
        // rendered first, so the button is scrolled into view where it now stands
        flushSync(() => photos.removeDamage(damage));
        addButton.current?.focus();
      },
      addPhotos: (damage: string, files: File[]) => photos.add(damage, files),
      replacePhoto: (key: string, file: File) => photos.replace(key, file),
      keepPhoto: (key: string) => photos.keep(key),
      removePhoto: (key: string) => photos.remove(key),
    }),
    [photos, pickers, addButton],
  );
}
