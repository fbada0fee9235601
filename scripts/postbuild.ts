/**
 * After `next build`: check the export is complete, let every page start its
 * scripts after its first paint (scripts/lib/scripts-after-paint.ts), write the
 * host's header rules (out/_headers: security headers, one Content Security
 * Policy per page, caching; see scripts/lib/security-headers.ts), and stamp it,
 * so `npm start` knows it is current.
 */
import fs from "node:fs";
import path from "node:path";
import { OUT_DIR, writeBuildStamp } from "./lib/build-stamp";
import { listHtmlFiles } from "./lib/export-inspect";
import { startScriptsAfterFirstPaint } from "./lib/scripts-after-paint";
import { formatHeadersFile, headerRules } from "./lib/security-headers";

for (const file of ["index.html", "404.html", "sitemap.xml", "robots.txt"]) {
  if (!fs.existsSync(path.join(OUT_DIR, file))) {
    console.error(`postbuild: out/${file} mangler – eksporten er ufullstendig.`);
    process.exit(1);
  }
}
// before the headers: their CSP hashes the pages' inline scripts as they are served
for (const file of listHtmlFiles(OUT_DIR)) {
  try {
    fs.writeFileSync(file, startScriptsAfterFirstPaint(fs.readFileSync(file, "utf8")));
  } catch (error) {
    console.error(`postbuild: ${path.relative(OUT_DIR, file)}: ${(error as Error).message}`);
    process.exit(1);
  }
}
fs.writeFileSync(path.join(OUT_DIR, "_headers"), formatHeadersFile(headerRules(OUT_DIR)));
writeBuildStamp();
console.log("postbuild: out/ er klar (med out/_headers)");
