"use client";

import { useCallback, useRef, useState } from "react";
import type { Fetch } from "@/lib/api/transport";
import { sendAction, type CaseRequest, type CaseResult } from "@/lib/case/client";

/** The problems an answer can show: one per field, and what is not a field's. */
export type FieldErrors = Partial<Record<"name" | "chosenTime" | "earlyStart" | "text" | "photos" | "general", string>>;

/**
 * One button's call at a time: while one runs `busy` is true (the buttons are
 * disabled), and a second press, even one in the same moment, sends nothing.
 * A field's refusal (400) lands on that field; no answer or a server fault is
 * `failed`, kept with the request so `Prøv igjen` sends the same again.
 */
export function useCaseAction(token: string, fetchImpl: Fetch | undefined, onResult: (result: CaseResult) => void) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<CaseRequest>();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const run = useCallback(
    async (request: CaseRequest): Promise<CaseResult | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      setFailed(undefined);
      setFieldErrors({});
      try {
        const result = await sendAction(token, request, fetchImpl ?? ((input, init) => fetch(input, init)));
        if (result.kind === "failed") setFailed(request);
        else if (result.kind === "invalid") setFieldErrors(fieldErrorsOf(result.errors));
        else onResult(result);
        return result;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [token, fetchImpl, onResult],
  );
  return { busy, failed, fieldErrors, setFieldErrors, run };
}

const FIELDS = new Set(["name", "chosenTime", "earlyStart", "text", "photos"]);

/** The server's messages by field; one that names no field the page has is shown above the buttons. */
function fieldErrorsOf(errors: { message: string; field?: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const { message, field } of errors) {
    const key = (field && FIELDS.has(field) ? field : "general") as keyof FieldErrors;
    out[key] ??= message;
  }
  return out;
}
