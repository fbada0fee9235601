/**
 * `npx tsx scripts/content-schemas.ts`: a JSON Schema for each JSON file in content/, made from
 * the zod schema that checks it (JSON_FILES in lib/content), written to content/schemas/ under
 * the file's own path: content/site.json has content/schemas/site.schema.json, and
 * content/pages/home.json has content/schemas/pages/home.schema.json. .vscode/settings.json maps
 * each file to its schema, so VS Code underlines an unknown, misspelt or missing field as it is
 * typed and shows each field's description.
 *
 * The schemas are the editor's help, not the rule: the build and `npm run check:content` check the
 * zod schemas, including what a JSON Schema cannot say (a date that exists, an id used twice, an
 * image that is missing). Writes only the files whose text changed and removes the schema of a
 * file no longer in the list.
 *
 * `--check` writes nothing: it lists each schema that is stale, missing or left over and exits
 * with 1 (lib/content/__tests__/json-schema.test.ts runs it).
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { JSON_FILES } from "../lib/content";

/** Where the schemas are, from the project's root. */
const SCHEMA_DIR = "content/schemas";

/** A content file's schema, both relative to content/ and content/schemas: `pages/home.json` → `pages/home.schema.json`. */
const schemaFile = (contentFile: string) => contentFile.replace(/\.json$/, ".schema.json");

/**
 * Each JSON content file's schema as the text to write, by its path in content/schemas.
 * - draft-07: the draft VS Code's JSON support implements in full; for 2019-09 and 2020-12 it
 *   has only part of the keywords and warns that the schema is not fully supported.
 * - io "input": the file as the marketer writes it, before zod trims or fills in anything.
 * - unrepresentable "any": a field JSON Schema cannot describe is let through here and left to the
 *   zod check, so the rest of the file keeps its help. (Refinements are always left out.)
 * Every object in the content schemas is strict, so each carries `additionalProperties: false`.
 */
function contentSchemas(): Record<string, string> {
  return Object.fromEntries(
    Object.values(JSON_FILES).map(([file, schema]) => {
      const json = z.toJSONSchema(schema, { target: "draft-07", io: "input", unrepresentable: "any" });
      return [schemaFile(file), `${JSON.stringify(json, null, 2)}\n`];
    }),
  );
}

/** The `.schema.json` files in a folder and its subfolders, relative to it. */
function schemaFilesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".schema.json"))
    .map((name) => name.split(path.sep).join("/"))
    .sort();
}

/**
 * Brings content/schemas up to date, or with `check` only tells what is not: each schema that is
 * stale, missing or left over. Returns the number of such schemas.
 */
function run({ check }: { check: boolean }): number {
  const dir = path.join(process.cwd(), SCHEMA_DIR);
  const schemas = contentSchemas();
  const report = check ? console.error : console.log;
  let changes = 0;
  for (const [name, text] of Object.entries(schemas)) {
    const file = path.join(dir, name);
    const exists = fs.existsSync(file);
    if (exists && fs.readFileSync(file, "utf8") === text) continue;
    changes++;
    report(`${SCHEMA_DIR}/${name} ${exists ? "is stale" : "is missing"}${check ? "" : ": written"}`);
    if (check) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  for (const name of schemaFilesIn(dir).filter((n) => !(n in schemas))) {
    changes++;
    report(`${SCHEMA_DIR}/${name} belongs to no content file${check ? "" : ": removed"}`);
    if (!check) fs.rmSync(path.join(dir, name));
  }
  return changes;
}

const check = process.argv.includes("--check");
if (run({ check }) > 0 && check) {
  console.error("Run `npx tsx scripts/content-schemas.ts` to make them again from lib/content.");
  process.exitCode = 1;
} else {
  console.log(`The schemas in ${SCHEMA_DIR} are current.`);
}
