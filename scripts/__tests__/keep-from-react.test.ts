/** @jest-environment jsdom */
/**
 * The loader's part that leaves an element to the browser until React has
 * hydrated it: events on a marked element never reach a listener on the
 * document (where React listens); once the mark is gone, they do.
 */
import { KEEP_FROM_REACT_UNTIL_HYDRATED, NATIVE_UNTIL_HYDRATED } from "../lib/scripts-after-paint";

// the loader's own text, run as the page runs it
new Function(KEEP_FROM_REACT_UNTIL_HYDRATED)();

document.body.innerHTML = `<button type="button" ${NATIVE_UNTIL_HYDRATED}=""><span>Meny</span></button><a href="#x">Lenke</a>`;
const button = document.querySelector("button")!;
const link = document.querySelector("a")!;
const seen: string[] = [];
for (const type of ["pointerdown", "click", "dblclick", "contextmenu", "keydown", "keypress", "keyup"]) {
  document.addEventListener(type, (event) => seen.push(`${type} on ${(event.target as Element).tagName}`), true);
}
const fire = (target: Element, type: string) =>
  target.dispatchEvent(
    type.startsWith("key") ? new KeyboardEvent(type, { bubbles: true }) : new MouseEvent(type, { bubbles: true }),
  );

beforeEach(() => (seen.length = 0));

test("taps and keys on a marked element, or on anything inside it, never reach the document", () => {
  for (const type of ["pointerdown", "click", "dblclick", "contextmenu", "keydown", "keypress", "keyup"]) {
    fire(button, type);
    fire(button.querySelector("span")!, type);
  }
  expect(seen).toEqual([]);
});

test("the browser still does what the event does: a click is not cancelled", () => {
  const click = new MouseEvent("click", { bubbles: true, cancelable: true });
  button.dispatchEvent(click);
  expect(click.defaultPrevented).toBe(false);
});

test("events elsewhere reach the document as usual", () => {
  fire(link, "click");
  expect(seen).toEqual(["click on A"]);
});

test("once React has hydrated the element (the mark is gone), its events reach the document", () => {
  button.removeAttribute(NATIVE_UNTIL_HYDRATED);
  fire(button, "click");
  fire(button, "keydown");
  expect(seen).toEqual(["click on BUTTON", "keydown on BUTTON"]);
});
