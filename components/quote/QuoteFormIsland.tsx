"use client";

/**
 * The quote form as the pages place it: prerendered with the page, its code
 * (react-hook-form, the checks, the sending pipeline) loaded only when the
 * visitor comes near it or touches it, or at once when a draft waits to be
 * restored (components/ui/deferred.tsx says how).
 */
import { deferred } from "@/components/ui/deferred";
import { hasDraft } from "@/lib/drafts/store";

export const QuoteFormIsland = deferred(() => import("./QuoteForm").then((m) => m.QuoteForm), {
  name: "quote-form",
  wanted: () => hasDraft("quote"),
  steps: [() => import("@/lib/quote/transport"), () => import("react-hook-form")],
});
