"use client";

/**
 * The calculator as /auto-detailing places it: prerendered with the page (its
 * services and prices are in the HTML), its code not in the page's first load
 * but fetched once the page is idle, or at once when the visitor touches it
 * (components/ui/deferred.tsx says how). A draft of earlier choices is
 * restored when the code has arrived.
 */
import { deferred } from "@/components/ui/deferred";

export const CalculatorIsland = deferred(() => import("./CalculatorClient").then((m) => m.CalculatorClient), {
  name: "calculator",
  wanted: () => Promise.resolve(true),
});
