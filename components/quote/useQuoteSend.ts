import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { QuoteFormValues, QuoteImage } from "@/lib/quote/form";
import { useImagePreparer } from "./useImagePreparer";
import { useObjectUrls } from "./useObjectUrls";
import { useQuoteDraft } from "./useQuoteDraft";
import { useQuoteSubmission } from "./useQuoteSubmission";

interface Options {
  form: UseFormReturn<QuoteFormValues>;
  userId: string;
  thanksHref: string;
}

/**
 * What stands behind the quote form's Send: the thumbnails, the photos made
 * ready as they are chosen, the send itself and the draft on the device, wired
 * together. The draft is deleted once the quote is sent; Send marks it pending
 * (so a quote sent offline goes by itself on the `online` event or the next
 * visit); `resend` is the form's own submit, given once the form has it.
 */
export function useQuoteSend({ form, userId, thanksHref }: Options) {
  const router = useRouter();
  const { urlFor, release } = useObjectUrls();
  const previewUrl = useCallback((image: QuoteImage) => urlFor(image.key, image.file), [urlFor]);
  const { preparer, states, ready, prepared } = useImagePreparer();
  const resendRef = useRef<() => void>(() => {});
  const discardRef = useRef<() => Promise<void>>(async () => {});
  const onSent = useCallback(() => {
    void discardRef.current().finally(() => router.push(thanksHref));
  }, [router, thanksHref]);
  const resend = useCallback(() => resendRef.current(), []);
  const scheduleRef = useRef<() => void>(() => {});
  // an upload's name chosen or an upload stored while sending: saved with the draft, so a reload keeps it
  const onKept = useCallback(() => scheduleRef.current(), []);
  const submission = useQuoteSubmission({ userId, previewUrl, onSent, prepared, resend, onKept });
  const releaseImages = useCallback(
    (keys: string[]) => {
      release(keys);
      keys.forEach((key) => preparer.remove(key));
    },
    [release, preparer],
  );
  const draft = useQuoteDraft({
    form,
    kept: submission.kept,
    compressed: useCallback(() => preparer.compressed(), [preparer]),
    onRestored: useCallback(
      (values: QuoteFormValues, copies: ReadonlyMap<string, Blob>) =>
        values.damages.forEach((d) => d.images.forEach((image) => preparer.add(image, copies.get(image.key)))),
      [preparer],
    ),
    release: releaseImages,
    onPending: useCallback(() => requestAnimationFrame(() => resendRef.current()), []),
  });
  const { schedule } = draft;
  useEffect(() => {
    discardRef.current = draft.discard;
    scheduleRef.current = schedule;
  }, [draft.discard, schedule]);
  useEffect(() => {
    if (ready > 0) schedule(); // a compressed copy replaces its original in the draft
  }, [ready, schedule]);
  const setResend = useCallback((submit: () => void) => {
    resendRef.current = submit;
  }, []);
  const prepare = useCallback((images: QuoteImage[]) => images.forEach((image) => preparer.add(image)), [preparer]);
  /** Send: marks the draft pending until the quote has gone (or failed other than offline) */
  const send = async (values: QuoteFormValues) => {
    draft.setPending(true);
    const failure = await submission.send(values);
    if (failure) draft.setPending(false);
    return failure;
  };
  /** `Start på nytt`: the draft deleted, the form emptied, the keyboard at its first field */
  const startOver = () => {
    submission.reset();
    void draft.startOver();
    requestAnimationFrame(() => form.setFocus("regNumber")); // once the notice (and its button) is gone
  };
  const imageHooks = { release: releaseImages, forget: submission.forget, prepare };
  return { submission, draft, previewUrl, preparing: states, imageHooks, send, startOver, setResend };
}
