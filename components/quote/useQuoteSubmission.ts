import { useCallback, useState } from "react";
import { loadCompressor } from "@/lib/quote/compressor";
import type { QuoteFormValues, QuoteImage } from "@/lib/quote/form";
import { createQuoteSender, type ImageProgress, type PipelineDeps, type PipelineResult } from "@/lib/quote/pipeline";
import type { ProgressItem } from "./QuoteProgress";

export type QuoteFailure = Exclude<PipelineResult, { ok: true }>;
export type SubmissionPhase = { name: "editing" } | { name: "sending" } | { name: "failed"; failure: QuoteFailure };

interface Options extends Partial<Pick<PipelineDeps, "fetch" | "compress">> {
  userId: string;
  /** the thumbnail of an image, shown beside its progress */
  previewUrl: (image: QuoteImage) => string;
  /** called once the workshop has the inquiry */
  onSent: () => void;
}

/**
 * The send phase of the quote form: one sender for the life of the form (it
 * keeps the uploads that succeeded between tries), the phase (editing, sending,
 * failed with what failed), and each image's progress while sending. A second
 * `send` while one runs does nothing. `fetch` and `compress` are the
 * browser's and the compression library's unless a test gives its own.
 */
export function useQuoteSubmission({
  fetch = (input, init) => window.fetch(input, init),
  compress = loadCompressor,
  userId,
  previewUrl,
  onSent,
}: Options) {
  const [sender] = useState(() => createQuoteSender({ fetch, compress, userId }));
  const [phase, setPhase] = useState<SubmissionPhase>({ name: "editing" });
  const [items, setItems] = useState<ProgressItem[]>([]);
  const [progress, setProgress] = useState<Record<string, ImageProgress>>({});
  const [sendingInquiry, setSendingInquiry] = useState(false);

  const send = useCallback(
    async (values: QuoteFormValues): Promise<QuoteFailure | undefined> => {
      if (sender.busy) return undefined;
      setItems(
        values.damages.flatMap((damage, d) =>
          damage.images.map((image) => ({
            key: image.key,
            name: image.file.name,
            damage: d + 1,
            preview: previewUrl(image),
          })),
        ),
      );
      setProgress({});
      setSendingInquiry(false);
      setPhase({ name: "sending" });
      const result = await sender.send(values, (event) => {
        if (event.type === "inquiry") setSendingInquiry(true);
        else setProgress((current) => ({ ...current, [event.progress.key]: event.progress }));
      });
      if (result.ok) {
        onSent();
        return undefined;
      }
      setPhase({ name: "failed", failure: result });
      return result;
    },
    [sender, previewUrl, onSent],
  );

  /** forget an image's upload when it is removed from the form */
  const forget = useCallback((key: string) => sender.forget(key), [sender]);

  /** back to an empty form's state (`Start på nytt`) */
  const reset = useCallback(() => {
    sender.uploaded.clear();
    setPhase({ name: "editing" });
  }, [sender]);

  return { phase, items, progress, sendingInquiry, send, forget, reset, uploaded: sender.uploaded };
}
