/**
 * The environment `next build` sees: the process's own variables, and those in
 * the project's `.env` files (`.env.production.local`, `.env.local`,
 * `.env.production`, `.env`), loaded by Next's own loader. The build's other
 * steps (out/_headers, the build stamp) and `npm start` import this first, so
 * the Content Security Policy and the preview server name the same API and
 * admin hosts as the pages do, and a changed `.env` file makes `npm start`
 * build again (lib/hosting/build-stamp.ts).
 */
import { loadEnvConfig } from "@next/env";

loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
