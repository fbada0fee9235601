/**
 * After `next build`: check the export is complete, let every page start its
 * scripts after its first paint (scripts/lib/scripts-after-paint.ts), have
 * those scripts compiled in the background (scripts/lib/compile-hints.ts), write the
 * host's header rules (out/_headers: security headers, one Content Security
 * Policy per page, caching; see scripts/lib/security-headers.ts), and stamp it,
 * so `npm start` knows it is current.
 */
import fs from "node:fs";
import path from "node:path";
import { OUT_DIR, writeBuildStamp } from "./lib/build-stamp";
import { addCompileHints } from "./lib/compile-hints";
import { listHtmlFiles } from "./lib/export-inspect";
import { scriptsAfterFirstPaint, startScriptsAfterFirstPaint } from "./lib/scripts-after-paint";
import { formatHeadersFile, headerRules } from "./lib/security-headers";

for (const file of ["index.html", "404.html", "sitemap.xml", "robots.txt"]) {
  if (!fs.existsSync(path.join(OUT_DIR, file))) {
    console.error(`postbuild: out/${file} mangler – eksporten er ufullstendig.`);
    process.exit(1);
  }
}
// before the headers: their CSP hashes the pages' inline scripts as they are served
const startedAtLoad = new Set<string>();
for (const file of listHtmlFiles(OUT_DIR)) {
  try {
    const html = startScriptsAfterFirstPaint(fs.readFileSync(file, "utf8"));
    fs.writeFileSync(file, html);
    for (const src of scriptsAfterFirstPaint(html)) startedAtLoad.add(src);
  } catch (error) {
    console.error(`postbuild: ${path.relative(OUT_DIR, file)}: ${(error as Error).message}`);
    process.exit(1);
  }
}
try {
  addCompileHints(OUT_DIR, startedAtLoad);
} catch (error) {
  console.error(`postbuild: ${(error as Error).message}`);
  process.exit(1);
}
fs.writeFileSync(path.join(OUT_DIR, "_headers"), formatHeadersFile(headerRules(OUT_DIR)));
writeBuildStamp();
console.log("postbuild: out/ er klar (med out/_headers)");
