/**
 * The stand-in for Statens vegvesen (./vegvesen.ts) as a process of its own,
 * for the browser tests' server: `tsx testing/vegvesen-serve.ts` listens on
 * SVV_STAND_IN_PORT and takes the key SVV_API_KEY, until it is stopped.
 */
import { startVegvesen } from "./vegvesen";

async function main() {
  const port = Number(process.env.SVV_STAND_IN_PORT ?? 0);
  const standIn = await startVegvesen({ port, key: process.env.SVV_API_KEY || undefined });
  console.log(`Statens vegvesen's stand-in answers at ${standIn.url}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void standIn.stop().then(() => process.exit(0)));
  }
}

void main();
