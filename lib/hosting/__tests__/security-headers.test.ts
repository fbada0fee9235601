/** The host's header rules: the policy per feature, the hashes, the _headers file and the nginx fragment. */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  contentSecurityPolicy,
  formatHeadersFile,
  headerRules,
  headersFor,
  inlineScriptHashes,
  nginxConfig,
  parseHeadersFile,
  routeForHtmlFile,
} from "../security-headers";

const none = { apiUrl: "", adminUrl: "", googleMapsApiKey: "", gtmId: "", scriptHashes: [] };
const directive = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? [];

test("the defaults allow only our own origin, with blob: for previews; workers only from our origin", () => {
  const csp = contentSecurityPolicy(none);
  expect(directive(csp, "script-src")).toEqual(["'self'"]);
  expect(directive(csp, "connect-src")).toEqual(["'self'"]);
  expect(directive(csp, "img-src")).toEqual(["'self'", "blob:", "data:"]);
  expect(directive(csp, "worker-src")).toEqual(["'self'"]);
  expect(directive(csp, "style-src")).toEqual(["'self'"]);
  expect(directive(csp, "frame-ancestors")).toEqual(["'none'"]);
  expect(directive(csp, "object-src")).toEqual(["'none'"]);
  expect(csp).not.toMatch(/unsafe-eval|google/);
});

test("the API and admin hosts are allowed to connect, by origin", () => {
  const csp = contentSecurityPolicy({
    ...none,
    apiUrl: "https://api.bulk.example/v1",
    adminUrl: "https://admin.bulk.example",
  });
  expect(directive(csp, "connect-src")).toEqual(["'self'", "https://api.bulk.example", "https://admin.bulk.example"]);
  expect(() => contentSecurityPolicy({ ...none, apiUrl: "ikke en adresse" })).toThrow(/Not a valid address/);
});

test("Google's hosts only for the configured feature", () => {
  const gtm = contentSecurityPolicy({ ...none, gtmId: "GTM-ABC" });
  expect(directive(gtm, "script-src")).toEqual(["'self'", "https://www.googletagmanager.com"]);
  expect(directive(gtm, "connect-src")).toContain("https://*.google-analytics.com");
  expect(gtm).not.toMatch(/gstatic|googleapis/);

  const maps = contentSecurityPolicy({ ...none, googleMapsApiKey: "key" });
  expect(directive(maps, "script-src")).toContain("https://*.googleapis.com");
  expect(directive(maps, "img-src")).toContain("https://*.gstatic.com");
  expect(directive(maps, "frame-src")).toEqual(["https://*.google.com"]);
  // the map's own worker and the URLs it makes, still never eval
  expect(directive(maps, "worker-src")).toEqual(["'self'", "blob:"]);
  expect(directive(maps, "connect-src")).toEqual(expect.arrayContaining(["data:", "blob:"]));
  expect(directive(maps, "img-src")).toContain("https://*.googleusercontent.com");
  expect(maps).not.toMatch(/unsafe-eval/);
  expect(maps).not.toMatch(/googletagmanager/);
});

test("inline scripts are hashed; scripts with src and JSON-LD are not", () => {
  const code = 'self.__next_f.push([1,"ø"])';
  const html =
    `<script src="/_next/a.js"></script><script>${code}</script>` +
    `<script type="application/ld+json">{"a":1}</script><script id="_R_">${code}</script>`;
  const expected = `'sha256-${crypto.createHash("sha256").update(code, "utf8").digest("base64")}'`;
  expect(inlineScriptHashes(html)).toEqual([expected]);
  const csp = contentSecurityPolicy({ ...none, scriptHashes: inlineScriptHashes(html) });
  expect(directive(csp, "script-src")).toEqual(["'self'", expected]);
});

test("file names become clean URL paths", () => {
  expect(routeForHtmlFile("index.html")).toBe("/");
  expect(routeForHtmlFile("kontakt.html")).toBe("/kontakt");
  expect(routeForHtmlFile(path.join("prosjekt", "bmw.html"))).toBe("/prosjekt/bmw");
});

describe("an export", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "headers-"));
    fs.writeFileSync(path.join(dir, "index.html"), "<script>a()</script>");
    fs.writeFileSync(path.join(dir, "404.html"), "<script>b()</script>");
    fs.mkdirSync(path.join(dir, "prosjekt"));
    fs.writeFileSync(path.join(dir, "prosjekt", "bmw.html"), "<p>ingen skript</p>");
  });

  test("gets one policy per page, caching by kind, and the common headers everywhere", () => {
    const rules = headerRules(dir, none);
    const home = headersFor(rules, "/");
    expect(home).toContainEqual(["X-Content-Type-Options", "nosniff"]);
    expect(home).toContainEqual(["Cache-Control", "no-cache"]);
    expect(home.find(([n]) => n === "Content-Security-Policy")![1]).toContain(
      inlineScriptHashes("<script>a()</script>")[0],
    );
    expect(headersFor(rules, "/404").find(([n]) => n === "Content-Security-Policy")![1]).toContain(
      inlineScriptHashes("<script>b()</script>")[0],
    );
    expect(headersFor(rules, "/prosjekt/bmw").find(([n]) => n === "Content-Security-Policy")![1]).toMatch(
      /script-src 'self';/,
    );
    const asset = headersFor(rules, "/_next/static/chunks/x.js");
    expect(asset).toContainEqual(["Cache-Control", "public, max-age=31536000, immutable"]);
    expect(asset.some(([n]) => n === "Content-Security-Policy")).toBe(false);
  });

  test("the _headers file reads back to the same rules", () => {
    const rules = headerRules(dir, none);
    expect(parseHeadersFile(formatHeadersFile(rules))).toEqual(rules);
  });

  test("the nginx fragment has a location per page with its policy and the common headers", () => {
    const conf = nginxConfig(headerRules(dir, none));
    expect(conf).toContain("location = /prosjekt/bmw {");
    expect(conf).toContain("try_files /prosjekt/bmw.html =404;");
    expect(conf).toContain('add_header X-Content-Type-Options "nosniff" always;');
    expect(conf).toContain("location /_next/static/ {");
    expect(conf).toContain("error_page 404 /404.html;");
  });

  test("the nginx fragment gives each page one address, the 404 page its own policy, and never serves _headers", () => {
    const conf = nginxConfig(headerRules(dir, none));
    // /kontakt/, /kontakt.html and /index.html lead to the clean address, as on the preview server
    expect(conf).toContain("rewrite ^/index\\.html$ / permanent;");
    expect(conf).toContain("rewrite ^/(.+)\\.html$ /$1 permanent;");
    expect(conf).toContain("rewrite ^/(.+)/$ /$1 permanent;");
    const notFound = conf.slice(conf.indexOf("location = /404.html {"));
    expect(notFound.slice(0, notFound.indexOf("}"))).toMatch(/internal;[\s\S]*Content-Security-Policy/);
    expect(conf).not.toContain("location = /404 {");
    expect(conf).toMatch(/location = \/_headers \{\s*return 404;/);
    // redirects keep the scheme and host the visitor used; a folder is the 404 page, not nginx's 403
    expect(conf).toContain("absolute_redirect off;");
    expect(conf).toMatch(/location \/_next\/static\/ \{\s*try_files \$uri =404;/);
  });
});

describe("a private page", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "headers-"));
    fs.writeFileSync(path.join(dir, "index.html"), "<script>a()</script>");
    fs.writeFileSync(path.join(dir, "sak.html"), "<script>c()</script>");
  });

  test("the customer's case page sends no referrer and allows no third party, whatever the build has", () => {
    const full = {
      apiUrl: "https://admin.bulk.example/api",
      adminUrl: "https://admin.bulk.example",
      googleMapsApiKey: "key",
      gtmId: "GTM-ABC",
    };
    const rules = headerRules(dir, full);
    const sak = headersFor(rules, "/sak");
    // the common rule's policy first, the page's after it: hosts join them, and a browser applies the last
    expect(sak.filter(([n]) => n === "Referrer-Policy").map(([, v]) => v)).toEqual([
      "strict-origin-when-cross-origin",
      "no-referrer",
    ]);
    const csp = sak.find(([n]) => n === "Content-Security-Policy")![1];
    expect(csp).not.toMatch(/google/);
    expect(directive(csp, "frame-src")).toEqual(["'none'"]);
    expect(directive(csp, "img-src")).toEqual(["'self'", "blob:", "data:", "https://admin.bulk.example"]);
    expect(directive(csp, "connect-src")).toEqual(["'self'", "https://admin.bulk.example"]);
    // the other pages keep what the build configured, and the common referrer policy alone
    const home = headersFor(rules, "/");
    expect(home.find(([n]) => n === "Content-Security-Policy")![1]).toMatch(/googletagmanager/);
    expect(home.filter(([n]) => n === "Referrer-Policy")).toEqual([
      ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ]);
    // nginx sends the page's own referrer policy in place of the common one
    const conf = nginxConfig(rules);
    const location = conf.slice(conf.indexOf("location = /sak {"));
    const block = location.slice(0, location.indexOf("}"));
    expect(block).toContain('add_header Referrer-Policy "no-referrer" always;');
    expect(block).not.toContain("strict-origin-when-cross-origin");
  });
});
