/** @jest-environment jsdom */
/**
 * The quote draft's idempotency key with a real draft store (fake-indexeddb):
 * made at the first Send and saved with `pending`, back on the next visit,
 * kept when a send fails, gone after `Start på nytt`.
 */
import "fake-indexeddb/auto";
import v8 from "node:v8";
import { act, renderHook, waitFor } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { IDEMPOTENCY_KEY_PATTERN } from "@/lib/api/contract";
import { draftStore } from "@/lib/drafts/store";
import type { QuoteDraft } from "@/lib/quote/draft";
import { emptyQuote, type QuoteFormValues } from "@/lib/quote/form";
import { SendState } from "@/lib/quote/pipeline";
import { useQuoteDraft } from "../useQuoteDraft";

// jsdom has no structuredClone, which fake-indexeddb uses; Node's serializer copies plain values the same way
globalThis.structuredClone ??= (<T,>(value: T): T => v8.deserialize(v8.serialize(value))) as typeof structuredClone;

const stored = () => draftStore<QuoteDraft>("quote").load();

/** The form and its draft, as one visit of the page has them. */
async function visit(kept: SendState = new SendState()) {
  const onPending = jest.fn();
  const hook = renderHook(() => {
    const form = useForm<QuoteFormValues>({ defaultValues: emptyQuote() });
    const draft = useQuoteDraft({
      form,
      kept,
      compressed: () => new Map(),
      onRestored: () => {},
      release: () => {},
      onPending,
    });
    return { form, draft };
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 50))); // the stored draft is read
  return { hook, kept, onPending };
}

/** Send pressed (`true`) or failed (`false`), and the draft written. */
async function pending(hook: Awaited<ReturnType<typeof visit>>["hook"], value: boolean) {
  act(() => hook.result.current.draft.setPending(value));
  await waitFor(async () => expect((await stored())?.pending).toBe(value));
}

afterEach(() => draftStore("quote").clear());

test("Send makes the key and saves it with pending; the next visit gets it back and sends by itself", async () => {
  const first = await visit();
  act(() => first.hook.result.current.form.setValue("email", "kari@example.no"));
  expect(first.kept.inquiryKey).toBeUndefined(); // no key before Send
  await pending(first.hook, true);
  const key = first.kept.inquiryKey;
  expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  expect((await stored())?.inquiryKey).toBe(key);
  first.hook.unmount();

  const next = await visit();
  expect(next.kept.inquiryKey).toBe(key);
  expect(next.onPending).toHaveBeenCalledTimes(1);
  await pending(next.hook, true); // sent again: the same key, not a new one
  expect(next.kept.inquiryKey).toBe(key);
});

test("a failed send keeps the key for the next try; Start på nytt drops it and the draft", async () => {
  const first = await visit();
  act(() => first.hook.result.current.form.setValue("regNumber", "AB12345"));
  await pending(first.hook, true);
  const key = first.kept.inquiryKey;
  await pending(first.hook, false);
  expect(first.kept.inquiryKey).toBe(key);
  expect((await stored())?.inquiryKey).toBe(key);
  first.hook.unmount();

  const next = await visit();
  expect(next.kept.inquiryKey).toBe(key);
  expect(next.onPending).not.toHaveBeenCalled(); // it failed: the visitor sends it again
  await act(() => next.hook.result.current.draft.startOver());
  expect(next.kept.inquiryKey).toBeUndefined();
  expect(await stored()).toBeUndefined();

  act(() => next.hook.result.current.form.setValue("regNumber", "CD67890"));
  await pending(next.hook, true);
  expect(next.kept.inquiryKey).toMatch(IDEMPOTENCY_KEY_PATTERN);
  expect(next.kept.inquiryKey).not.toBe(key); // a new quote, a new key
});
