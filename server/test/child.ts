/**
 * The preview server with its Payload in a process of its own, as `npm start`
 * runs it but on a small site root of its own, so it never builds: for the
 * tests that kill it or cap its open files (testing/preview.ts, `entry`).
 * Data in PREVIEW_DATA_DIR, on PORT (0: a free one).
 */
import type { AddressInfo } from "node:net";
import { startPreview } from "../preview-server";
import { siteRoot } from "./harness";

const preview = await startPreview({
  port: Number(process.env.PORT ?? 0),
  dataDir: process.env.PREVIEW_DATA_DIR!,
  root: siteRoot(),
  logLevel: "error",
});
const { port } = preview.server.address() as AddressInfo;
console.log(`The site runs at http://localhost:${port}`);
