/** @jest-environment jsdom */
import { renderHook } from "@testing-library/react";
import { useObjectUrls } from "../useObjectUrls";

let made = 0;
const create = jest.fn(() => `blob:test/${++made}`);
const revoke = jest.fn();
beforeEach(() => {
  made = 0;
  create.mockClear();
  revoke.mockClear();
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
});

const file = (name: string) => new File(["x"], name, { type: "image/jpeg" });

test("one URL per key, however often it is shown", () => {
  const { result, rerender } = renderHook(() => useObjectUrls());
  const a = file("a.jpg");
  const first = result.current.urlFor("a", a);
  rerender();
  expect(result.current.urlFor("a", a)).toBe(first);
  expect(result.current.urlFor("b", file("b.jpg"))).not.toBe(first);
  expect(create).toHaveBeenCalledTimes(2);
});

test("release gives back only the URLs of the keys it is given", () => {
  const { result } = renderHook(() => useObjectUrls());
  const a = result.current.urlFor("a", file("a.jpg"));
  result.current.urlFor("b", file("b.jpg"));
  result.current.release(["a", "unknown"]);
  expect(revoke.mock.calls).toEqual([[a]]);
  // a released key gets a fresh URL when it is shown again
  expect(result.current.urlFor("a", file("a.jpg"))).not.toBe(a);
});

test("the URLs still held are given back when the form goes away", () => {
  const { result, unmount } = renderHook(() => useObjectUrls());
  const a = result.current.urlFor("a", file("a.jpg"));
  const b = result.current.urlFor("b", file("b.jpg"));
  result.current.release(["a"]);
  revoke.mockClear();
  unmount();
  expect(revoke.mock.calls).toEqual([[b]]);
  expect(revoke).not.toHaveBeenCalledWith(a);
});
