/** After `next build`: check the export is complete and stamp it, so `npm start` knows it is current. */
import fs from "node:fs";
import path from "node:path";
import { OUT_DIR, writeBuildStamp } from "./lib/build-stamp";

for (const file of ["index.html", "404.html", "sitemap.xml", "robots.txt"]) {
  if (!fs.existsSync(path.join(OUT_DIR, file))) {
    console.error(`postbuild: out/${file} mangler – eksporten er ufullstendig.`);
    process.exit(1);
  }
}
writeBuildStamp();
console.log("postbuild: out/ er klar");
