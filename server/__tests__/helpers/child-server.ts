/** A preview server in a process of its own, for the kill -9 test: prints `PORT <n>`, then one log line per request. */
import type net from "node:net";
import { createPreviewServer } from "../../preview-server";
import { siteRoot } from "./harness";

const server = createPreviewServer({
  root: siteRoot(),
  dataDir: process.env.PREVIEW_DATA_DIR!,
  log: (line) => process.stdout.write(`${line}\n`),
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`PORT ${(server.address() as net.AddressInfo).port}\n`));
