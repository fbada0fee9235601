/**
 * How a mistake in a content file is reported: the file and each field at
 * fault, the way a marketer sees the file. Free of the file system, so the
 * Payload plugin reports its content files' mistakes the same way.
 */

export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Feil i innholdsfilen ${file}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ContentError";
  }
}

/** `reviews[2].date` style path, the way a marketer sees the file. */
export function formatFieldPath(fieldPath: readonly PropertyKey[]): string {
  return fieldPath.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, "");
}
