/**
 * After `next build`: check the export is complete, then add the one file
 * Next.js does not write: the host's header rules (out/_headers: security
 * headers, one Content Security Policy per page, caching; see
 * lib/hosting/security-headers.ts). Every file Next.js wrote stays exactly as
 * it wrote it. Last, the build stamp `npm start` compares, beside out/.
 */
// first: the .env files' variables, which name the hosts the policy allows
import "../lib/hosting/build-env";
import fs from "node:fs";
import path from "node:path";
import { OUT_DIR, writeBuildStamp } from "../lib/hosting/build-stamp";
import { formatHeadersFile, headerRules } from "../lib/hosting/security-headers";

for (const file of ["index.html", "404.html", "sitemap.xml", "robots.txt"]) {
  if (!fs.existsSync(path.join(OUT_DIR, file))) {
    console.error(`postbuild: out/${file} is missing: the export is incomplete.`);
    process.exit(1);
  }
}
fs.writeFileSync(path.join(OUT_DIR, "_headers"), formatHeadersFile(headerRules(OUT_DIR)));
writeBuildStamp();
console.log("postbuild: out/ is ready (with out/_headers)");
