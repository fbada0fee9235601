/**
 * Payload starts with the server, not with its first request: Next runs
 * `register` once as the server starts, which makes the app's Payload (the
 * one every route then shares), with its migrations in production and its
 * jobs queue and hourly deletion running. A Payload that cannot start (a bad
 * setting, a database that does not answer) stops the server with its reason.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getPayload } = await import("payload");
  const { default: config } = await import("@payload-config");
  await getPayload({ config, cron: true });
}
