/**
 * After `next build`: check the export is complete, write the host's header rules
 * (out/_headers: security headers, one Content Security Policy per page, caching;
 * see scripts/lib/security-headers.ts), and stamp it, so `npm start` knows it is current.
 */
import fs from "node:fs";
import path from "node:path";
import { OUT_DIR, writeBuildStamp } from "./lib/build-stamp";
import { formatHeadersFile, headerRules } from "./lib/security-headers";

for (const file of ["index.html", "404.html", "sitemap.xml", "robots.txt"]) {
  if (!fs.existsSync(path.join(OUT_DIR, file))) {
    console.error(`postbuild: out/${file} mangler – eksporten er ufullstendig.`);
    process.exit(1);
  }
}
fs.writeFileSync(path.join(OUT_DIR, "_headers"), formatHeadersFile(headerRules(OUT_DIR)));
writeBuildStamp();
console.log("postbuild: out/ er klar (med out/_headers)");
