import { isChunkLoadError } from "../chunk-error";

test.each([
  Object.assign(new Error("Loading chunk 123 failed.\n(timeout: /x.js)"), { name: "ChunkLoadError" }),
  new Error("Loading chunk 5 failed."),
  new Error("Loading CSS chunk 5 failed."),
  new Error("Failed to load chunk /_next/static/chunks/abc.js from module 42"),
  new TypeError("Failed to fetch dynamically imported module: https://x/y.js"),
  new TypeError("error loading dynamically imported module"),
  new TypeError("Importing a module script failed."),
])("%s is a chunk load error", (error) => {
  expect(isChunkLoadError(error)).toBe(true);
});

test.each([new Error("Noe annet"), "Loading chunk 1 failed.", null, undefined, { message: 3 }])(
  "%p is not",
  (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  },
);
