"use client";

/**
 * The booking form as /kontakt places it: prerendered with the page, its code
 * (react-hook-form, the checks, the send) loaded only when the visitor comes
 * near it or touches it, or at once when there is something to fill in: a
 * draft to restore or the calculator's choice for the message
 * (components/ui/deferred.tsx says how).
 */
import { deferred } from "@/components/ui/deferred";
import { hasStoredSelection } from "@/lib/calculator/storage";
import { hasDraft } from "@/lib/drafts/store";

export const BookingFormIsland = deferred(() => import("./BookingForm").then((m) => m.BookingForm), {
  name: "booking-form",
  wanted: async () => hasStoredSelection() || (await hasDraft("booking")),
  steps: [() => import("@/lib/api/transport"), () => import("react-hook-form")],
});
