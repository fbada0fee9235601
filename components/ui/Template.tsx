import { Fragment, type ReactNode } from "react";
import { PLACEHOLDER } from "@/lib/format";

/** A content text with `{placeholders}` filled by elements, e.g. links: "Ring {phone}" → Ring <a>…</a>. */
export function Template({ text, values }: { text: string; values: Record<string, ReactNode> }) {
  const parts = text.split(PLACEHOLDER); // the names at the odd places
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{i % 2 === 1 ? (values[part] ?? `{${part}}`) : part}</Fragment>
      ))}
    </>
  );
}
