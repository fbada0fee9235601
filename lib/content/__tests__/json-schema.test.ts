/**
 * The editor's JSON Schemas (content/schemas, made by scripts/content-schemas.ts), found the way
 * VS Code finds them, through .vscode/settings.json: a misspelt or unknown field in a real content
 * file is refused with the field named, the real files pass, every field has a description, and
 * the committed schemas are the ones the zod schemas make today.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import { JSON_FILES } from "../index";
import { siteSchema } from "../schemas";

const root = process.cwd();
const contentFiles = Object.values(JSON_FILES).map(([file]) => file);

const settings = JSON.parse(fs.readFileSync(path.join(root, ".vscode/settings.json"), "utf8")) as {
  "json.schemas": { fileMatch: string[]; url: string }[];
};
/** The schema file VS Code uses for a content file, relative to the project. */
const schemaFor = (file: string): string | undefined =>
  settings["json.schemas"].find((entry) => entry.fileMatch.includes(`/content/${file}`))?.url;

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(root, file), "utf8"));

// formats (uri, email, date) are checked by VS Code and by zod; ajv knows them only with ajv-formats
const ajv = new Ajv({ allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>();
/** What ajv finds wrong in `data` as content/`file`, by the schema VS Code uses for it. */
function errorsFor(file: string, data: unknown): ErrorObject[] {
  const schema = schemaFor(file)!;
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(readJson(schema) as object)));
  return validate(data) ? [] : (validate.errors ?? []);
}

/** The unknown fields ajv names, as `where: field`. */
const unknownFields = (errors: ErrorObject[]) =>
  errors
    .filter((e) => e.keyword === "additionalProperties")
    .map((e) => `${e.instancePath || "/"}: ${(e.params as { additionalProperty: string }).additionalProperty}`);

test("the committed schemas are the ones the zod schemas make", () => {
  const run = spawnSync("npx", ["tsx", "scripts/content-schemas.ts", "--check"], { encoding: "utf8" });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
});

test.each(contentFiles)(".vscode/settings.json gives content/%s a schema in content/schemas", (file) => {
  const schema = schemaFor(file);
  expect(schema).toMatch(/^\.\/content\/schemas\/.+\.schema\.json$/);
  expect(fs.existsSync(path.join(root, schema!))).toBe(true);
});

test.each(contentFiles)("the real content/%s passes its schema", (file) => {
  expect(errorsFor(file, readJson(`content/${file}`))).toEqual([]);
});

test("a misspelt field in site.json is refused and named, and the one it should be is missing", () => {
  const { phone, ...rest } = readJson("content/site.json") as Record<string, unknown>;
  const misspelt = { ...rest, phnoe: phone };

  const errors = errorsFor("site.json", misspelt);
  expect(unknownFields(errors)).toEqual(["/: phnoe"]);
  expect(errors).toContainEqual(expect.objectContaining({ keyword: "required", params: { missingProperty: "phone" } }));
  // the build's check refuses the same file
  expect(siteSchema.safeParse(misspelt).error?.issues).toContainEqual(
    expect.objectContaining({ code: "unrecognized_keys", keys: ["phnoe"] }),
  );
});

test("an unknown field deep in a file is refused with its place", () => {
  const reviews = readJson("content/reviews.json") as { reviews: Record<string, unknown>[] };
  reviews.reviews[1]!.stjerner = 5;
  expect(unknownFields(errorsFor("reviews.json", reviews))).toEqual(["/reviews/1: stjerner"]);

  const strings = readJson("content/strings.json") as { footer: Record<string, unknown> };
  strings.footer.copyrigth = strings.footer.copyright;
  expect(unknownFields(errorsFor("strings.json", strings))).toEqual(["/footer: copyrigth"]);
});

test("every field has a description", () => {
  const undescribed: string[] = [];
  const walk = (node: unknown, at: string) => {
    if (!node || typeof node !== "object") return;
    const schema = node as { properties?: Record<string, { description?: string }>; items?: unknown };
    for (const [key, field] of Object.entries(schema.properties ?? {})) {
      if (!field.description?.trim()) undescribed.push(`${at}.${key}`);
      walk(field, `${at}.${key}`);
    }
    walk(schema.items, `${at}[]`);
  };
  for (const file of contentFiles) walk(readJson(schemaFor(file)!), file);
  expect(undescribed).toEqual([]);
});
