import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
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
]);
