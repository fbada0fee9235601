/**
 * Is this error a script chunk that could not be loaded? After a new deploy an
 * open tab asks for chunks that are gone, and a bad connection drops them
 * (webpack: `ChunkLoadError: Loading chunk N failed` after its 120 s time-out;
 * Turbopack: `Failed to load chunk …`; the browsers' own dynamic `import()`
 * messages). Such a page can only be saved by loading it again.
 */
const CHUNK_MESSAGES = [
  /Loading (?:CSS )?chunk [\w-]+ failed/i,
  /Failed to load chunk/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === "ChunkLoadError") return true;
  return typeof message === "string" && CHUNK_MESSAGES.some((pattern) => pattern.test(message));
}
