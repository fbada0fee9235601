import { useCallback, useState } from "react";
import { loadCompressor } from "@/lib/quote/compressor";
import type { QuoteImage } from "@/lib/quote/form";
import type { Compressor } from "@/lib/quote/pipeline";
import { createImagePreparer, type PrepareState } from "@/lib/quote/prepare";

/**
 * The quote's photos made ready as they are chosen (lib/quote/prepare.ts),
 * with what each thumbnail shows (`states`) and how many are ready (`ready`,
 * so the draft can keep the compressed copies).
 */
export function useImagePreparer(compress: () => Promise<Compressor> = loadCompressor) {
  const [states, setStates] = useState<Readonly<Record<string, PrepareState>>>({});
  const [preparer] = useState(() =>
    createImagePreparer(compress, (key, state) =>
      setStates((current) => {
        const next = { ...current };
        if (state) next[key] = state;
        else delete next[key];
        return next;
      }),
    ),
  );
  const ready = Object.values(states).filter((state) => state.stage === "ready").length;
  const prepared = useCallback((image: QuoteImage) => preparer.result(image.key), [preparer]);
  return { preparer, states, ready, prepared };
}
