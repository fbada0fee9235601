/**
 * Reading and validating content files. Every failure becomes a ContentError
 * whose message names the file (relative to the project) and each field at fault,
 * so `next build` and `npm run check:content` tell a marketer exactly what to fix.
 */
import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import { z } from "zod";
import { ContentError, formatFieldPath } from "./errors";

export { ContentError, formatFieldPath };

function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const where = formatFieldPath(issue.path);
    if (issue.code === "unrecognized_keys") {
      const keys = issue.keys.join(", ");
      return `${where ? `${where}: ` : ""}ukjent felt: ${keys}`;
    }
    return `${where || "(hele filen)"}: ${issue.message}`;
  });
}

const projectRoot = process.cwd();
function relative(file: string): string {
  return path.relative(projectRoot, file) || file;
}

/** zod's own messages (a wrong type, a value out of range) in Norwegian; the schemas' messages are already. */
const norwegian = z.locales.no().localeError;

function parseWith<T extends z.ZodType>(file: string, schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data, { error: norwegian });
  if (!result.success) throw new ContentError(relative(file), describeIssues(result.error.issues));
  return result.data;
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    throw new ContentError(relative(file), ["filen finnes ikke eller kan ikke leses"]);
  }
}

export function readJson<T extends z.ZodType>(file: string, schema: T): z.output<T> {
  let data: unknown;
  try {
    data = JSON.parse(readText(file));
  } catch (error) {
    if (error instanceof ContentError) throw error;
    throw new ContentError(relative(file), [`er ikke gyldig JSON: ${(error as Error).message}`]);
  }
  return parseWith(file, schema, data);
}

export interface MarkdownFile<T> {
  data: T;
  body: string;
}

export function readMarkdown<T extends z.ZodType>(file: string, schema: T): MarkdownFile<z.output<T>> {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // YAML's core schema keeps `date: 2024-02-31` a string for the schema to judge; the default one
    // would quietly turn it into 2 March. (Passing options also turns off gray-matter's cache.)
    parsed = matter(readText(file), {
      engines: { yaml: (source) => loadYaml(source, { schema: CORE_SCHEMA }) as object },
    });
  } catch (error) {
    if (error instanceof ContentError) throw error;
    throw new ContentError(relative(file), [
      `front matter (delen mellom ---) er ikke gyldig YAML: ${(error as Error).message}`,
    ]);
  }
  const body = parsed.content.trim();
  if (!body) throw new ContentError(relative(file), ["teksten under front matter er tom"]);
  if (/^#\s/m.test(body)) {
    throw new ContentError(relative(file), [
      "teksten kan ikke ha overskrift på nivå 1 (# …): tittelen i front matter er sidens overskrift; bruk ## …",
    ]);
  }
  return { data: parseWith(file, schema, parsed.data), body };
}
