/**
 * A value made on its first use, not when its module loads: making an `Intl`
 * formatter loads its locale's data, tens of milliseconds on a slow phone,
 * paid by every page that imports the module whether it formats anything or not.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
