/**
 * `.env.example` at the repository's root names every environment variable
 * the code reads: the workshop's app (admin/), the plugin (payload/), `npm
 * start`'s server (server/), the admin scripts (scripts/admin*.ts and their
 * helpers scripts/lib/admin*.ts) and the site's own code (app/, components/,
 * lib/). Tests are not read. A variable counts as read where the source
 * (parsed as TypeScript, so comments do not count) has, with `env` standing
 * for `process.env`, a variable named `env`, or `(env ?? process.env)`:
 *
 *   env.NAME, env?.NAME, env["NAME"], const { NAME } = env, and a call that
 *   passes `env` and the name as a string literal, e.g. flag(env, "NAME");
 *
 * a name reached only through a variable (env[name]) must be passed so
 * somewhere. `.env.example` lists a variable on a line `NAME=…` or
 * `# NAME=…`. Next.js sets NEXT_RUNTIME itself: it is no setting.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const EXAMPLE = path.join(ROOT, ".env.example");
/** Set by the platform, not by whoever runs the app. */
const NOT_SETTINGS = new Set(["NEXT_RUNTIME"]);
const NAME = /^[A-Z][A-Z0-9_]*$/;

/** The folders read whole, and the files read among the scripts. */
const FOLDERS = ["admin", "payload", "server", "app", "components", "lib"];
const SKIPPED = new Set(["node_modules", ".next", "test", "__tests__", "migrations"]);
const isSource = (file: string) =>
  /\.(ts|tsx|mts|cts|js|mjs)$/.test(file) && !/\.(test|spec)\.[a-z]+$/.test(file) && !file.endsWith(".d.ts");

function sources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(full);
      } else if (isSource(entry.name) && entry.name !== "payload-types.ts") files.push(full);
    }
  };
  for (const folder of FOLDERS) walk(path.join(ROOT, folder));
  for (const [dir, prefix] of [
    ["scripts", "admin"],
    [path.join("scripts", "lib"), "admin"],
  ] as const) {
    for (const name of fs.readdirSync(path.join(ROOT, dir))) {
      if (name.startsWith(prefix) && isSource(name)) files.push(path.join(ROOT, dir, name));
    }
  }
  return files;
}

/** Whether `node` is the environment: `process.env`, a variable `env`, or an expression made of them. */
function isEnv(node: ts.Node): boolean {
  if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAsExpression(node)) {
    return isEnv(node.expression);
  }
  if (ts.isBinaryExpression(node)) return isEnv(node.left) || isEnv(node.right);
  if (ts.isIdentifier(node)) return node.text === "env";
  return (
    ts.isPropertyAccessExpression(node) &&
    node.name.text === "env" &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === "process"
  );
}

/** The variables `source` reads, each with where. */
function variablesRead(source: string, file = "source.ts"): Map<string, string> {
  const found = new Map<string, string>();
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const add = (name: string, node: ts.Node) => {
    if (!NAME.test(name) || found.has(name)) return;
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
    found.set(name, `${path.relative(ROOT, file)}:${line + 1}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && isEnv(node.expression)) add(node.name.text, node);
    if (ts.isElementAccessExpression(node) && isEnv(node.expression)) {
      if (ts.isStringLiteralLike(node.argumentExpression)) add(node.argumentExpression.text, node);
    }
    if (ts.isVariableDeclaration(node) && node.initializer && isEnv(node.initializer)) {
      if (ts.isObjectBindingPattern(node.name)) {
        for (const element of node.name.elements) {
          const key = element.propertyName ?? element.name;
          if (ts.isIdentifier(key) || ts.isStringLiteralLike(key)) add(key.text, element);
        }
      }
    }
    if (ts.isCallExpression(node) && node.arguments.some(isEnv)) {
      for (const argument of node.arguments) if (ts.isStringLiteralLike(argument)) add(argument.text, argument);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The variables `.env.example` lists. */
function listed(example: string): Set<string> {
  return new Set([...example.matchAll(/^#?[ \t]*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
}

test("every variable the app, the plugin, the servers, the admin scripts and the site read is in .env.example", () => {
  const inExample = listed(fs.readFileSync(EXAMPLE, "utf8"));
  const read = new Map<string, string>();
  for (const file of sources()) {
    for (const [name, where] of variablesRead(fs.readFileSync(file, "utf8"), file)) {
      if (!read.has(name)) read.set(name, where);
    }
  }
  // the reading works: these are read the ways above
  for (const name of ["DATABASE_URI", "SMTP_SECURE", "WORKSHOP_EMAIL", "SVV_API_KEY", "PREVIEW_TRUSTED_PROXIES"]) {
    assert.ok(read.has(name), `${name} is found read`);
  }
  const missing = [...read].filter(([name]) => !inExample.has(name) && !NOT_SETTINGS.has(name));
  assert.deepEqual(
    missing.map(([name, where]) => `${name} (read at ${where})`),
    [],
    "read but not in .env.example",
  );
});

test("each way of reading a variable is found, and a listed one only on its own line", () => {
  const source = `
    // env.IN_A_COMMENT is not read
    const a = process.env.DOTTED;
    const b = env?.OPTIONAL ?? (env ?? process.env).PARENS;
    const c = env["BRACKETS"];
    const { DESTRUCTURED, other: RENAMED_FROM } = process.env;
    flag(env, "AS_ARGUMENT");
    addressFrom(env, "SECOND_ARGUMENT", site.email);
    fail("NOT_WITH_ENV", "a message");
    const d = settings.NOT_ENV;
  `;
  assert.deepEqual(
    [...variablesRead(source).keys()].sort(),
    ["AS_ARGUMENT", "BRACKETS", "DESTRUCTURED", "DOTTED", "OPTIONAL", "PARENS", "SECOND_ARGUMENT"].sort(),
  );
  assert.deepEqual([...listed("# A comment naming SMTP_HOST\nPORT=3001\n# SECRET=\n#  SPACED=x\nlower=1\n")].sort(), [
    "PORT",
    "SECRET",
    "SPACED",
  ]);
});
