import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * zod-without-eval: a browser module that imports a value from zod also imports
 * `lib/zod.ts`, which switches zod's parser to the one that needs no eval (the
 * site's Content Security Policy forbids eval), and imports it from `zod/mini`,
 * the small build (the full one is for the server and the build). Type-only
 * imports run nothing.
 */
const ZOD = /^zod(\/.*)?$/;
const ZOD_SETUP = /(^@\/lib\/zod$)|(^(\.{1,2}\/)+(lib\/)?zod$)/;

const zodWithoutEval = {
  meta: {
    type: "problem",
    docs: { description: "Browser code that imports zod must also import lib/zod.ts (parsing without eval)." },
    messages: {
      missing:
        'This module imports zod but not lib/zod.ts: add `import "@/lib/zod";` (or its relative path) so zod parses without eval, which the Content Security Policy forbids.',
      full: 'Browser code validates with `zod/mini`: import it as `import * as z from "zod/mini";` (the full build is for the server).',
    },
    schema: [],
  },
  create(context) {
    const zodImports = [];
    let hasSetup = false;
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (ZOD_SETUP.test(source)) hasSetup = true;
        else if (ZOD.test(source) && node.importKind !== "type") {
          const values = node.specifiers.filter((s) => s.importKind !== "type");
          if (node.specifiers.length > 0 && values.length === 0) return;
          zodImports.push(node);
          if (source !== "zod/mini") context.report({ node, messageId: "full" });
        }
      },
      "Program:exit"() {
        if (hasSetup) return;
        for (const node of zodImports) context.report({ node, messageId: "missing" });
      },
    };
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    "admin/.next/**",
    // the admin's server as npm run admin:build assembles it
    "dist/**",
    // what Payload's command line writes: the admin's import map, the app's types, the migrations
    "admin/app/(payload)/admin/importMap.js",
    "admin/payload-types.ts",
    "admin/migrations/**",
    "out/**",
    "public/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
    "bench-results/**",
  ]),
  {
    // no function over 80 lines, blank lines and comments counted: a longer one is split into named parts
    // (tools/, the artwork generator, is not part of the site)
    ignores: ["tools/**"],
    rules: {
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // code that runs in the browser: everything the pages import, except build-time content loading
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
    ignores: ["lib/content/**", "lib/hosting/**", "lib/zod.ts", "**/__tests__/**"],
    plugins: { local: { rules: { "zod-without-eval": zodWithoutEval } } },
    rules: { "local/zod-without-eval": "error" },
  },
  {
    // build and hosting code shared by the server, the build and the tests lives in lib/hosting/
    files: ["server/**/*.ts", "lib/**/*.{ts,tsx}", "app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)(scripts|e2e|e2e-engines)/",
              message: "Import shared build and hosting code from lib/hosting/, not from scripts/ or the tests.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)(e2e|e2e-engines)/",
              message:
                "The build and the bench do not depend on the tests: move what both need to lib/hosting/ or testing/.",
            },
          ],
        },
      ],
    },
  },
]);
