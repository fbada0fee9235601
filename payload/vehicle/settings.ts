/** Where the vehicle register is asked, and with which key: SVV_API_KEY and SVV_API_URL. */
export const SVV_DEFAULT_URL = "https://akfell-datautlevering.atlas.vegvesen.no/enkeltoppslag/kjoretoydata";

export interface VehicleSettings {
  key: string;
  /** the service's address; the plate is added as `?kjennemerke=` */
  url: string;
}

/** The look-up's settings from `env`, or undefined when SVV_API_KEY is not set; a wrong SVV_API_URL stops the start. */
export function vehicleSettings(env: Partial<Record<string, string>>): VehicleSettings | undefined {
  const key = env.SVV_API_KEY?.trim();
  if (!key) return undefined;
  const url = env.SVV_API_URL?.trim() || SVV_DEFAULT_URL;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash) {
    throw new Error(`SVV_API_URL: "${url}" is not an address such as ${SVV_DEFAULT_URL}`);
  }
  // the key travels in a header: in the clear only to this machine
  if (parsed.protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(parsed.hostname)) {
    throw new Error(`SVV_API_URL: "${url}" must be https:// (plain http only to this machine)`);
  }
  return { key, url: parsed.href };
}
