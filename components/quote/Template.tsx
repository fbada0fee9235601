import { Fragment, type ReactNode } from "react";

/** A content text with `{placeholders}` filled by elements, e.g. links: "Ring {phone}" → Ring <a>…</a>. */
export function Template({ text, values }: { text: string; values: Record<string, ReactNode> }) {
  const parts = text.split(/\{(\w+)\}/g);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{i % 2 === 1 ? (values[part] ?? `{${part}}`) : part}</Fragment>
      ))}
    </>
  );
}
