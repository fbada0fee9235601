"use client";

import { useEffect } from "react";
import { AppError } from "@/components/errors/AppError";

/**
 * A render error inside the layout, including a page's script chunk that failed
 * to load on a client navigation: the failure screen (components/errors/ErrorScreen.tsx) with the message, a reload
 * and a way home, in the site's header and footer.
 */
export default function ErrorBoundary({ error }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <AppError error={error} />;
}
