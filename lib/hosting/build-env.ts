/**
 * The environment `next build` sees: the process's own variables, and those in
 * the project's `.env` files (`.env.production.local`, `.env.local`,
 * `.env.production`, `.env`), loaded by Next's own loader. The build's other
 * steps (out/_headers, the build stamp) and `npm start` import this first, so
 * the Content Security Policy and the preview server name the same API and
 * admin hosts as the pages do, and a changed `.env` file makes `npm start`
 * build again (lib/hosting/build-stamp.ts).
 */
import * as nextEnvModule from "@next/env";

type NextEnv = typeof import("@next/env");
// @next/env is CommonJS whose names Node's ES module loader cannot see: there they are on its default
// export, and where this file is compiled to CommonJS on the module itself
const { loadEnvConfig } = (
  "loadEnvConfig" in nextEnvModule ? nextEnvModule : (nextEnvModule as unknown as { default: NextEnv }).default
) as NextEnv;

loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
