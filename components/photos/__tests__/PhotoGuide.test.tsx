/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { PhotoGuide } from "../PhotoGuide";

const strings = {
  heading: "Bildene som gir best pris",
  whole: "Hele delen",
  closeUp: "Nærbilde",
  angled: "Skrått",
};

test("lists the three shots under the guide's heading, in order, from the content strings", () => {
  render(<PhotoGuide strings={strings} />);
  const list = screen.getByRole("list", { name: "Bildene som gir best pris" });
  const items = within(list).getAllByRole("listitem");
  expect(items.map((item) => item.textContent)).toEqual(["Hele delen", "Nærbilde", "Skrått"]);
});

test("its drawings are decorative: a screen reader hears only the lines", () => {
  render(<PhotoGuide strings={strings} />);
  expect(screen.queryAllByRole("img")).toEqual([]);
  const list = screen.getByRole("list", { name: "Bildene som gir best pris" });
  expect(list.querySelectorAll("img")).toHaveLength(3);
});
