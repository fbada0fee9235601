/** The page path's strips: each takes about the budget, so no task on the page runs long. */
import { nextStripRows, STRIP_BUDGET_MS } from "../page";

test("a strip that took twice the budget is followed by one half as tall", () => {
  expect(nextStripRows(64, STRIP_BUDGET_MS * 2, 1440)).toBe(32);
});

test("a quick strip grows, at most fourfold and never past the copy's height", () => {
  expect(nextStripRows(32, 1, 1440)).toBe(128);
  expect(nextStripRows(1000, 1, 1440)).toBe(1440);
});

test("a very slow strip still draws a few rows, so the work ends", () => {
  expect(nextStripRows(32, 10_000, 1440)).toBe(8);
});
