/**
 * Payload starts with the server, not with its first request: Next runs
 * `register` once as the server starts, which makes the app's Payload (the
 * one every route then shares), with its migrations in production and its
 * jobs queue and hourly deletion running. A bad setting stops the server
 * with its reason, as does a server that would listen beyond this machine
 * while SERVER_URL is this machine's. A database that does not answer does
 * not: Payload logs why, each request tries to start it again, and until one
 * does, /api/health says 503 with its reason (app/(payload)/api/health).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkListening, readSettings } = await import("./settings");
  try {
    // Next's server listens on HOSTNAME, every interface when it is unset
    checkListening(readSettings(), process.env.HOSTNAME);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const { getPayload } = await import("payload");
  const { default: config } = await import("@payload-config");
  try {
    await getPayload({ config, cron: true });
  } catch {
    // Payload has logged why it could not start; the server answers on (above)
  }
}
