/** @jest-environment jsdom */
/**
 * The quote draft with a real draft store (fake-indexeddb): what the form
 * holds when its code arrives is kept, a stored draft comes back unless the
 * visitor typed something else first, and the idempotency key is made at the
 * first Send and saved with `pending`, back on the next visit, kept when a
 * send fails, gone after `Start på nytt`.
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

/**
 * The form and its draft, as one visit of the page has them; `onPage` is what
 * the fields hold when the form's code arrives (typed before it, or put back by the browser).
 */
async function visit(kept: SendState = new SendState(), onPage: Partial<QuoteFormValues> = {}) {
  const onPending = jest.fn();
  const hook = renderHook(() => {
    const form = useForm<QuoteFormValues>({ defaultValues: { ...emptyQuote(), ...onPage } });
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

test("what was typed before the form's code arrived is saved, with no further change", async () => {
  await visit(undefined, { regNumber: "AB12345", email: "kari@example.no" });
  await waitFor(async () => expect((await stored())?.regNumber).toBe("AB12345"));
  expect((await stored())?.email).toBe("kari@example.no");
});

test("a draft comes back whole when the page holds only some of its own fields (the browser put them back)", async () => {
  const first = await visit();
  act(() => {
    first.hook.result.current.form.setValue("regNumber", "AB12345");
    first.hook.result.current.form.setValue("email", "kari@example.no");
  });
  await waitFor(async () => expect((await stored())?.email).toBe("kari@example.no"));
  first.hook.unmount();

  const next = await visit(undefined, { email: "kari@example.no" });
  expect(next.hook.result.current.form.getValues("regNumber")).toBe("AB12345");
  expect(next.hook.result.current.draft.restored).toBe(true);
});

test("text of the visitor's own, typed before the draft was read, wins and becomes the draft", async () => {
  const first = await visit();
  act(() => first.hook.result.current.form.setValue("regNumber", "AB12345"));
  await waitFor(async () => expect((await stored())?.regNumber).toBe("AB12345"));
  first.hook.unmount();

  const next = await visit(undefined, { email: "ola@example.no" });
  expect(next.hook.result.current.form.getValues("regNumber")).toBe("");
  expect(next.hook.result.current.draft.restored).toBe(false);
  await waitFor(async () => expect((await stored())?.email).toBe("ola@example.no"));
});
