/**
 * What a browser has and the test environments lack, given to every Jest test
 * file once, here, before it runs: IndexedDB (fake-indexeddb, which the draft
 * stores write to) and, in jsdom, structuredClone (fake-indexeddb copies
 * values with it), Blob's arrayBuffer and matchMedia (usePrefersReducedMotion
 * asks it). Each is set only where the environment has none.
 */
import "fake-indexeddb/auto";
import v8 from "node:v8";

// Node's serializer copies plain values as structuredClone does
globalThis.structuredClone ??= (<T>(value: T): T => v8.deserialize(v8.serialize(value))) as typeof structuredClone;

if (typeof window !== "undefined") {
  // jsdom's Blob cannot give its bytes; FileReader can
  Blob.prototype.arrayBuffer ??= function (this: Blob) {
    return new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(this);
    });
  };
  // no media query matches: the page as a browser without preferences shows it
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
}
