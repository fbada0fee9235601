/** @jest-environment jsdom */
/**
 * The failure box every send shares, and a field's error line: what they say,
 * where the keyboard goes, and what `Prøv igjen` does.
 */
import { createRef } from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { FieldError } from "../FieldError";
import { SendFailure } from "../SendFailure";

const texts = {
  heading: "Forespørselen ble ikke sendt",
  contact: "Ring {phone} eller skriv til {email}.",
  retry: "Prøv igjen",
};
const contact = { phone: "+47 67 10 20 30", email: "post@verksted.example" };

test("says what did not happen and how else to reach the workshop, with links", () => {
  render(<SendFailure texts={texts} text="Svaret ditt ble ikke sendt." contact={contact} onRetry={() => {}} />);
  const box = screen.getByRole("alert");
  expect(box.textContent).toContain("Forespørselen ble ikke sendt");
  expect(box.textContent).toContain("Svaret ditt ble ikke sendt.");
  expect(screen.getByRole("link", { name: contact.phone }).getAttribute("href")).toBe("tel:+4767102030");
  expect(screen.getByRole("link", { name: contact.email }).getAttribute("href")).toBe("mailto:post@verksted.example");
});

test("without a ref from the form, the box takes the keyboard as it appears", () => {
  render(<SendFailure texts={texts} text="Ikke sendt." contact={contact} onRetry={() => {}} />);
  expect(document.activeElement).toBe(screen.getByRole("alert"));
});

test("with a ref from the form, the form decides: the box is found there and takes nothing by itself", () => {
  const boxRef = createRef<HTMLDivElement>();
  render(<SendFailure texts={texts} text="Ikke sendt." contact={contact} onRetry={() => {}} boxRef={boxRef} />);
  expect(boxRef.current).toBe(screen.getByRole("alert"));
  expect(document.activeElement).not.toBe(screen.getByRole("alert"));
});

test("`Prøv igjen` calls the retry, and is disabled while one runs", () => {
  const onRetry = jest.fn();
  const { rerender } = render(<SendFailure texts={texts} text="Ikke sendt." contact={contact} onRetry={onRetry} />);
  fireEvent.click(screen.getByRole("button", { name: "Prøv igjen" }));
  expect(onRetry).toHaveBeenCalledTimes(1);
  rerender(<SendFailure texts={texts} text="Ikke sendt." contact={contact} onRetry={onRetry} busy />);
  expect(screen.getByRole<HTMLButtonElement>("button", { name: "Prøv igjen" }).disabled).toBe(true);
});

test("a field's error: nothing without a text; the text under its id, as an alert when asked", () => {
  const { container, rerender } = render(<FieldError id="reg-error" />);
  expect(container.innerHTML).toBe("");
  rerender(<FieldError id="reg-error" text="Skriv inn registreringsnummeret" />);
  expect(screen.getByText("Skriv inn registreringsnummeret").id).toBe("reg-error");
  expect(screen.queryByRole("alert")).toBeNull();
  rerender(<FieldError id="reg-error" text="Legg til minst ett bilde." alert />);
  expect(screen.getByRole("alert").textContent).toBe("Legg til minst ett bilde.");
});
