import { useCallback, useRef } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import {
  emptyQuote,
  firstProblem,
  type QuoteFormValues,
  type QuoteMessages,
  type QuoteProblem,
} from "@/lib/quote/form";

/** react-hook-form's error shape for one problem: a field, the damage list's root, or one damage's images. */
function toErrors(problem: QuoteProblem): FieldErrors<QuoteFormValues> {
  const error = { type: "validate", message: problem.message };
  switch (problem.kind) {
    case "field":
      return { [problem.field]: error };
    case "damages":
      return { damages: { root: error } } as FieldErrors<QuoteFormValues>;
    case "images": {
      const damages: unknown[] = [];
      damages[problem.damage] = { images: error };
      return { damages } as FieldErrors<QuoteFormValues>;
    }
  }
}

/**
 * The quote's react-hook-form, checked only at `Send` by lib/quote/form.ts:
 * the first problem in the form's order becomes the one error shown, and is
 * kept in `problem` for the caller to move focus to (it is worked out once).
 */
export function useQuoteForm(messages: QuoteMessages) {
  const problem = useRef<QuoteProblem | undefined>(undefined);
  const resolver = useCallback<Resolver<QuoteFormValues>>(
    async (values) => {
      problem.current = firstProblem(values, messages);
      return problem.current ? { values: {}, errors: toErrors(problem.current) } : { values, errors: {} };
    },
    [messages],
  );
  const form = useForm<QuoteFormValues>({
    // No defaults for the text fields: react-hook-form then takes each field's
    // value from the page when it registers it, so what was typed into the
    // prerendered form before this code arrived stays (emptyQuote() is what
    // `Start på nytt` resets to).
    defaultValues: { damages: emptyQuote().damages },
    resolver,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  return { form, problem };
}
