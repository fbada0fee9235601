/**
 * A preview server in a process of its own, for the kill -9 test and the bench: prints `PORT <n>`, then one
 * log line per request. PREVIEW_UPLOAD_DEADLINE (JSON), when set, is its upload deadline.
 */
import type net from "node:net";
import { createPreviewServer } from "../../preview-server";
import { siteRoot } from "./harness";

const server = createPreviewServer({
  root: siteRoot(),
  dataDir: process.env.PREVIEW_DATA_DIR!,
  log: (line) => process.stdout.write(`${line}\n`),
  ...(process.env.PREVIEW_UPLOAD_DEADLINE && { uploadDeadline: JSON.parse(process.env.PREVIEW_UPLOAD_DEADLINE) }),
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`PORT ${(server.address() as net.AddressInfo).port}\n`));
