/**
 * `npm run check:content [content-folder]`: checks every content file in a couple
 * of seconds, without building the site (lib/content/check.ts). Prints each
 * problem with its file and field; exit code 1 when anything is wrong.
 */
import path from "node:path";
import { checkContent } from "../lib/content/check";

const started = Date.now();
const dir = process.argv[2];
const { files, errors } = checkContent(dir ? { contentDir: path.resolve(dir) } : {});
const seconds = ((Date.now() - started) / 1000).toFixed(1).replace(".", ",");

if (errors.length === 0) {
  console.log(`Innholdet er i orden: ${files.length} filer sjekket på ${seconds} s.`);
} else {
  for (const error of errors) console.error(`${error.message}\n`);
  const broken = new Set(errors.map((e) => e.file)).size;
  console.error(`${broken} av ${files.length} filer har feil (sjekket på ${seconds} s).`);
  process.exitCode = 1;
}
