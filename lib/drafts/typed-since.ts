/**
 * Whether the visitor typed something of their own before a stored draft was
 * read: a field on the page holds text that is not the draft's.
 *
 * A field that is empty, or that holds the draft's own text, does not count:
 * on a reload the browser may put back some fields by itself (those it
 * remembers, not those marked `autocomplete="off"`), and those hold what the
 * draft holds. Then the draft is restored whole. Only text the draft does not
 * have means the visitor was quicker, and then the page is left as it is.
 */
export function typedSinceDraft<K extends string>(
  onPage: Readonly<Record<K, string>>,
  draft: Readonly<Partial<Record<NoInfer<K>, string>>>,
): boolean {
  return (Object.keys(onPage) as K[]).some((field) => {
    const text = onPage[field].trim();
    return text !== "" && text !== (draft[field] ?? "").trim();
  });
}

/**
 * A draft's fields with the visitor's own text in place of each field they filled on the page.
 * A free text (`join`, with its longest length) keeps both: the draft's, then a blank line and
 * what was typed on the page, when neither holds the other and together they fit the field.
 */
export function keepTyped<K extends string>(
  onPage: Readonly<Record<K, string>>,
  draft: Readonly<Record<NoInfer<K>, string>>,
  join: Partial<Record<NoInfer<K>, number>> = {},
): Record<K, string> {
  const fields = Object.keys(draft) as K[];
  const merged = (field: K) => {
    const typed = onPage[field]?.trim() ?? "";
    const saved = draft[field].trim();
    if (!typed) return draft[field];
    const limit = join[field];
    if (limit === undefined || !saved || typed.includes(saved)) return onPage[field];
    if (saved.includes(typed)) return draft[field];
    const both = `${saved}\n\n${typed}`;
    return both.length <= limit ? both : onPage[field];
  };
  return Object.fromEntries(fields.map((field) => [field, merged(field)])) as Record<K, string>;
}
