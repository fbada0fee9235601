import { keepTyped, typedSinceDraft } from "../typed-since";

const draft = { email: "kari@example.no", phone: "+47 912 34 567", regNumber: "AB12345" };

describe("typedSinceDraft", () => {
  it("is false for an empty page", () => {
    expect(typedSinceDraft({ email: "", phone: "", regNumber: "" }, draft)).toBe(false);
  });

  it("is false when the browser put back some of the draft's own fields after a reload", () => {
    expect(typedSinceDraft({ email: "kari@example.no", phone: "+47 912 34 567", regNumber: "" }, draft)).toBe(false);
  });

  it("is true when a field holds text the draft does not have", () => {
    expect(typedSinceDraft({ email: "ola@example.no", phone: "", regNumber: "" }, draft)).toBe(true);
    expect(typedSinceDraft({ email: "", phone: "", regNumber: "EL98765" }, draft)).toBe(true);
  });

  it("ignores space around the text", () => {
    expect(typedSinceDraft({ email: " kari@example.no ", phone: "", regNumber: "" }, draft)).toBe(false);
  });
});

it("counts a field the draft does not have as typed", () => {
  expect(typedSinceDraft({ "damage-1": "Riper" }, {})).toBe(true);
  expect(typedSinceDraft({ "damage-1": "" }, {})).toBe(false);
});

describe("keepTyped", () => {
  const saved = { email: "kari@example.no", phone: "", message: "Bulk i bakdøra." };

  it("keeps each field the visitor filled, and fills the rest from the draft", () => {
    expect(keepTyped({ email: "ola@example.no", phone: "912 34 567", message: "" }, saved)).toEqual({
      email: "ola@example.no",
      phone: "912 34 567",
      message: "Bulk i bakdøra.",
    });
  });

  it("keeps both texts of a free-text field, the draft's first, when they differ and fit", () => {
    const onPage = { email: "", phone: "", message: "Også en ripe." };
    expect(keepTyped(onPage, saved, { message: 100 }).message).toBe("Bulk i bakdøra.\n\nOgså en ripe.");
    expect(keepTyped({ ...onPage, message: " Bulk i bakdøra. " }, saved, { message: 100 }).message).toBe(
      " Bulk i bakdøra. ",
    );
    expect(keepTyped({ ...onPage, message: "Bulk i bakdøra. Og en ripe." }, saved, { message: 100 }).message).toBe(
      "Bulk i bakdøra. Og en ripe.",
    ); // the page's text holds the draft's
    expect(keepTyped({ ...onPage, message: "bakdøra" }, saved, { message: 100 }).message).toBe("Bulk i bakdøra."); // and the other way
    expect(keepTyped(onPage, saved, { message: 20 }).message).toBe("Også en ripe."); // both would not fit
    expect(keepTyped(onPage, saved).message).toBe("Også en ripe."); // not a field to join
  });
});
