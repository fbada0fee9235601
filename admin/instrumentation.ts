/**
 * Payload starts with the server, not with its first request: Next runs
 * `register` once as the server starts, which makes the app's Payload (the
 * one every route then shares), with its migrations in production and its
 * jobs queue and hourly deletion running. A Payload that cannot start (a bad
 * setting, a database that does not answer) stops the server with its reason,
 * as does a server that would listen beyond this machine while SERVER_URL is
 * this machine's.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Next's server listens on HOSTNAME, every interface when it is unset
  const { checkListening, readSettings } = await import("./settings");
  checkListening(readSettings(), process.env.HOSTNAME);
  const { getPayload } = await import("payload");
  const { default: config } = await import("@payload-config");
  await getPayload({ config, cron: true });
}
