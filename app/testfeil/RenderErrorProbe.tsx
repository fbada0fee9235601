"use client";

import { useSyncExternalStore } from "react";
import { RENDER_ERROR_MESSAGE } from "@/lib/hosting/test-build";

const noSubscription = () => () => {};

/** Renders at build (the export succeeds), then throws once the browser renders it. */
export function RenderErrorProbe() {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (inBrowser) throw new Error(RENDER_ERROR_MESSAGE);
  return <p>…</p>;
}
