"use client";

import { useEffect } from "react";
import { ErrorScreen } from "@/components/errors/ErrorScreen";
import { ButtonLink } from "@/components/ui/ButtonLink";
import strings from "@/content/strings.json";

/** A render error inside the layout: the spec's screen with the message, a reload and a way home. */
export default function ErrorBoundary({ error }: { error: unknown; retry: () => void }) {
  const page = strings.errorPage;
  const message = error instanceof Error && error.message ? error.message : String(error);
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <ErrorScreen
      heading={page.heading}
      status={message}
      text={page.errorText}
      actions={
        <>
          <button type="button" onClick={() => window.location.reload()}>
            {page.reload}
          </button>
          <ButtonLink href="/">{page.homeLink}</ButtonLink>
        </>
      }
    />
  );
}
