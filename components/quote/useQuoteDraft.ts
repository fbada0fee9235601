import { useCallback, useEffect, useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useDraft } from "@/components/drafts/useDraft";
import type { ImageRef } from "@/lib/api/contract";
import { fromDraft, isEmptyQuote, toDraft, type QuoteDraft } from "@/lib/quote/draft";
import { emptyQuote, type QuoteFormValues } from "@/lib/quote/form";

interface Options {
  form: UseFormReturn<QuoteFormValues>;
  /** the uploads already stored, by image key (the sender's; seeded from the draft) */
  uploaded: Map<string, ImageRef>;
  /** the compressed copies there are, by image key */
  compressed: () => ReadonlyMap<string, Blob>;
  /** the restored form's images and their compressed copies, to be made ready */
  onRestored: (values: QuoteFormValues, copies: ReadonlyMap<string, Blob>) => void;
  /** gives back the thumbnails of images that leave the form */
  release: (keys: string[]) => void;
  /** a restored draft whose Send was pressed and that has not gone yet */
  onPending: () => void;
}

const imageKeys = (values: QuoteFormValues) => values.damages.flatMap((d) => d.images.map((image) => image.key));

/**
 * The quote form's draft on the device: saved as the visitor types and
 * chooses photos (and as uploads are stored), put back on the next visit,
 * deleted after a successful send (`discard`) or `Start på nytt` (`startOver`,
 * which also empties the form). `pending` marks a quote whose Send was pressed
 * but that has not gone yet, so the next visit sends it by itself.
 */
export function useQuoteDraft({ form, uploaded, compressed, onRestored, release, onPending }: Options) {
  const pending = useRef(false);
  const snapshot = useCallback(
    (): QuoteDraft | undefined =>
      toDraft({ values: form.getValues(), compressed: compressed(), uploaded, pending: pending.current }),
    [form, compressed, uploaded],
  );
  const restore = useCallback(
    (draft: QuoteDraft) => {
      if (!isEmptyQuote(form.getValues())) return false; // the visitor was quicker
      const parts = fromDraft(draft);
      form.reset(parts.values);
      for (const [key, ref] of parts.uploaded) uploaded.set(key, ref);
      onRestored(parts.values, parts.compressed);
      if (parts.pending) {
        pending.current = true;
        onPending();
      }
      return true;
    },
    [form, uploaded, onRestored, onPending],
  );
  const { restored, schedule, flush, discard } = useDraft<QuoteDraft>("quote", { snapshot, restore });

  useEffect(() => {
    const subscription = form.watch(() => schedule());
    return () => subscription.unsubscribe();
  }, [form, schedule]);

  /** Send was pressed (`true`) or the quote has gone or failed for good (`false`); saved at once. */
  const setPending = useCallback(
    (value: boolean) => {
      pending.current = value;
      flush();
    },
    [flush],
  );

  const startOver = useCallback(async () => {
    pending.current = false;
    release(imageKeys(form.getValues()));
    uploaded.clear();
    form.reset(emptyQuote());
    await discard();
  }, [form, uploaded, release, discard]);

  return { restored, schedule, setPending, discard, startOver };
}
