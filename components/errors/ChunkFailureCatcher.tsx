"use client";

import { type ReactNode, useEffect, useState } from "react";
import { AppError, ErrorTextsContext } from "@/components/errors/AppError";
import type { ErrorTexts } from "@/components/errors/ErrorScreen";
import { isChunkLoadError } from "@/lib/chunk-error";

/**
 * A chunk that fails to load during rendering reaches the error boundary
 * (app/error.tsx). One that fails in an event handler or an effect (`await
 * import(…)` with nobody catching it) is only an unhandled rejection, and the
 * page would look alive while a part of it is missing. This shows the same
 * failure screen, with a reload, in place of the page's main content.
 * Code that can do without its chunk catches the failure itself (the map shows
 * its fallback; the quote form sends the original image). It hands the failure
 * screen's texts to every AppError below it, app/error.tsx's too.
 */
export function ChunkFailureCatcher({ texts, children }: { texts: ErrorTexts; children: ReactNode }) {
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) setFailure({ error: event.reason });
    };
    const onError = (event: ErrorEvent) => {
      if (isChunkLoadError(event.error)) setFailure({ error: event.error });
    };
    window.addEventListener("unhandledrejection", onRejection);
    window.addEventListener("error", onError);
    return () => {
      window.removeEventListener("unhandledrejection", onRejection);
      window.removeEventListener("error", onError);
    };
  }, []);

  useEffect(() => {
    if (failure) window.scrollTo(0, 0);
  }, [failure]);

  return <ErrorTextsContext value={texts}>{failure ? <AppError error={failure.error} /> : children}</ErrorTextsContext>;
}
