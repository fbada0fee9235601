"use client";

import { createContext, useContext } from "react";
import { ErrorScreen, type ErrorTexts } from "@/components/errors/ErrorScreen";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { isChunkLoadError } from "@/lib/chunk-error";
import { HOME_PATH } from "@/lib/routes";

/**
 * The failure screen's texts, given by the root layout to ChunkFailureCatcher,
 * which hands them down: the error boundary (app/error.tsx) renders inside it.
 */
export const ErrorTextsContext = createContext<ErrorTexts | null>(null);

/** The error's message as the visitor sees it. */
function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/**
 * The failure screen (ErrorScreen) for an error in the browser: `Unexpected Application
 * Error!`, the message, a reload and a way home. A script chunk that failed to
 * load says so, since a reload is what fixes it.
 */
export function AppError({ error }: { error: unknown }) {
  const page = useContext(ErrorTextsContext);
  if (!page) throw error; // outside the layout: the global error screen shows it
  return (
    <ErrorScreen
      heading={page.heading}
      status={errorMessage(error)}
      text={isChunkLoadError(error) ? page.chunkText : page.errorText}
      actions={
        <>
          <button type="button" onClick={() => window.location.reload()}>
            {page.reload}
          </button>
          <ButtonLink href={HOME_PATH} variant="primary">
            {page.homeLink}
          </ButtonLink>
        </>
      }
    />
  );
}
