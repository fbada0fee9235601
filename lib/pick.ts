/**
 * The named `keys` of `source` and nothing else. A server component hands a
 * client component only the texts it renders: every prop of a client component
 * is written into the page's payload, used or not.
 */
export function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>;
}
