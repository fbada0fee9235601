/**
 * The quote's modules and their drawing in docs/quote.md, read as data, for
 * the test that checks the drawing against the imports and for the bench's
 * count of the modules a photo crosses.
 *
 * The drawing is a tree in a fenced block under `## Modules`: a module's line
 * stands under the module that imports it. A number in a circle (①…⑧) marks
 * a module a photo's bytes pass through, in the order they do, from the
 * picker to the upload; modules that share a number are ways of the same step.
 */
import { codeFiles } from "./imports";

/** Where the quote's code lives: what renders, and the rest; each beside its photos' part, which the case page shares. */
export const QUOTE_FOLDERS = ["components/quote", "components/photos", "lib/quote", "lib/photos"] as const;

export const QUOTE_DOC = "docs/quote.md";

const STEPS = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮";

/** The quote's modules, repo-relative: every .ts and .tsx under QUOTE_FOLDERS but the tests. */
export const quoteModules = (root: string): string[] => codeFiles(root, QUOTE_FOLDERS);

export interface DrawnModule {
  file: string;
  /** the module drawn above it, which imports it */
  parent?: string;
  /** its place on the photo's way, from 1 */
  step?: number;
}

/** The drawing's modules, in the order drawn. */
export function readDrawing(markdown: string): DrawnModule[] {
  const section = markdown.split(/^## Modules$/m)[1]?.split(/^## /m)[0] ?? "";
  const block = section.split(/^```.*$/m)[1] ?? "";
  const open: { indent: number; file: string }[] = [];
  const drawn: DrawnModule[] = [];
  for (const line of block.split("\n")) {
    const match = /^([\s│├└─]*)((?:components|lib)\/\S+\.tsx?)(.*)$/.exec(line);
    if (!match) continue;
    const [, tree, file, rest] = match as unknown as [string, string, string, string];
    const indent = tree.length;
    while (open.length && open.at(-1)!.indent >= indent) open.pop();
    const mark = [...rest].find((char) => STEPS.includes(char));
    drawn.push({ file, parent: open.at(-1)?.file, step: mark ? STEPS.indexOf(mark) + 1 : undefined });
    open.push({ indent, file });
  }
  return drawn;
}

/** The photo's way as drawn: each step's modules, in order. */
export function photoWay(drawn: readonly DrawnModule[]): string[][] {
  const steps: string[][] = [];
  for (const { file, step } of drawn) if (step) (steps[step - 1] ??= []).push(file);
  return steps;
}
