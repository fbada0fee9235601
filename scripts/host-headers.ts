/**
 * Prints the built site's header rules for a host: `_headers` (Netlify, Cloudflare
 * Pages; the build already writes it to out/_headers) or an nginx fragment. Refuses the
 * test build, whose test pages must never be deployed.
 *   npx tsx scripts/host-headers.ts nginx > /etc/nginx/snippets/bulkeklinikken.conf
 */
import fs from "node:fs";
import path from "node:path";
import { OUT_DIR } from "../lib/hosting/build-stamp";
import { formatHeadersFile, nginxConfig, parseHeadersFile } from "../lib/hosting/security-headers";
import { RENDER_ERROR_ROUTE } from "../lib/hosting/test-build";

const file = path.join(OUT_DIR, "_headers");
if (!fs.existsSync(file)) {
  console.error("out/_headers is missing: run npm run build first.");
  process.exit(1);
}
const rules = parseHeadersFile(fs.readFileSync(file, "utf8"));
if (rules.some((rule) => rule.path === RENDER_ERROR_ROUTE)) {
  console.error("out/ is the test build (npm test makes it, with pages only the tests use): run npm run build first.");
  process.exit(1);
}
const format = process.argv[2] ?? "nginx";
if (format === "nginx") process.stdout.write(nginxConfig(rules) + "\n");
else if (format === "headers") process.stdout.write(formatHeadersFile(rules) + "\n");
else {
  console.error("Usage: npx tsx scripts/host-headers.ts [nginx|headers]");
  process.exit(1);
}
