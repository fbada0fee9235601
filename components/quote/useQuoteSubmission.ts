import { useCallback, useEffect, useRef, useState } from "react";
import { xhrFetch } from "@/lib/api/contract";
import { loadCompressor } from "@/lib/quote/compressor";
import type { QuoteFormValues, QuoteImage } from "@/lib/quote/form";
import { createQuoteSender, type ImageProgress, type PipelineDeps, type PipelineResult } from "@/lib/quote/pipeline";
import type { ProgressItem } from "./QuoteProgress";

export type QuoteFailure = Exclude<PipelineResult, { ok: true }>;
export type SubmissionPhase =
  | { name: "editing" }
  | { name: "sending" }
  | { name: "failed"; failure: QuoteFailure }
  /** no connection: the quote goes by itself when it returns */
  | { name: "offline" };

interface Options extends Partial<Pick<PipelineDeps, "fetch" | "compress" | "prepared" | "uploadFetch">> {
  userId: string;
  /** the thumbnail of an image, shown beside its progress */
  previewUrl: (image: QuoteImage) => string;
  /** called once the workshop has the inquiry */
  onSent: () => void;
  /** sends the form again (checked as at Send) when the connection returns */
  resend: () => void;
  /** what the quote keeps changed while sending (an upload's name chosen, an upload stored): save the draft */
  onKept?: () => void;
}

const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/** Uploads report their bytes through XMLHttpRequest, unless a test gives its own fetch. */
const browserUploadFetch: PipelineDeps["uploadFetch"] = (onProgress) => xhrFetch(onProgress);

/** While offline, waits for the `online` event and then resends, once. */
function useResendWhenOnline(phase: SubmissionPhase, resend: () => void) {
  const latest = useRef(resend);
  useEffect(() => {
    latest.current = resend;
  });
  const isOffline = phase.name === "offline";
  useEffect(() => {
    if (!isOffline) return;
    const onOnline = () => latest.current();
    window.addEventListener("online", onOnline, { once: true });
    return () => window.removeEventListener("online", onOnline);
  }, [isOffline]);
}

/**
 * The send phase of the quote form: one sender for the life of the form (it
 * keeps the uploads that succeeded between tries), the phase (editing, sending,
 * failed with what failed, offline), and each image's progress while sending.
 * A second `send` while one runs does nothing. Offline at Send, or a send that
 * fails because the connection went, is the `offline` phase: nothing is lost,
 * and `resend` runs by itself, once, on the `online` event. `fetch` and
 * `compress` are the browser's and the compression library's unless a test
 * gives its own.
 */
export function useQuoteSubmission({
  fetch: fetchOverride,
  compress = loadCompressor,
  prepared,
  uploadFetch = fetchOverride ? undefined : browserUploadFetch,
  userId,
  previewUrl,
  onSent,
  resend,
  onKept,
}: Options) {
  const fetch = fetchOverride ?? ((input, init) => window.fetch(input, init));
  const [sender] = useState(() => createQuoteSender({ fetch, compress, userId, prepared, uploadFetch }));
  const [phase, setPhase] = useState<SubmissionPhase>({ name: "editing" });
  const [items, setItems] = useState<ProgressItem[]>([]);
  const [progress, setProgress] = useState<Record<string, ImageProgress>>({});
  const [sendingInquiry, setSendingInquiry] = useState(false);
  useResendWhenOnline(phase, resend);

  const send = useCallback(
    async (values: QuoteFormValues): Promise<QuoteFailure | undefined> => {
      if (sender.busy) return undefined;
      if (offline()) {
        setPhase({ name: "offline" });
        return undefined;
      }
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
        else if (event.type === "kept") onKept?.();
        else setProgress((current) => ({ ...current, [event.progress.key]: event.progress }));
      });
      if (result.ok) {
        onSent();
        return undefined;
      }
      if (result.status === 0 && offline()) {
        setPhase({ name: "offline" });
        return undefined;
      }
      setPhase({ name: "failed", failure: result });
      return result;
    },
    [sender, previewUrl, onSent, onKept],
  );

  /** forget an image's upload when it is removed from the form */
  const forget = useCallback((key: string) => sender.forget(key), [sender]);

  /** back to an empty form's state (`Start på nytt`): nothing uploaded, no inquiry key */
  const reset = useCallback(() => {
    sender.reset();
    setPhase({ name: "editing" });
  }, [sender]);

  return { phase, items, progress, sendingInquiry, send, forget, reset, kept: sender.state };
}
