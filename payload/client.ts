/**
 * Who a request comes from, as the plugin's limits count clients (the vehicle
 * look-ups' hourly calls, the photos' re-encode lane): the last address in
 * X-Forwarded-For, the one the nearest proxy saw (the admin's proxy and
 * `npm start` set it), or "unknown" when there is none. An IPv6 client is
 * counted by its /64 network, which one household or phone is given whole.
 */
import type { PayloadRequest } from "payload";

/** The address a request came from (above), at most 64 characters. */
export function clientAddress(req: Pick<PayloadRequest, "headers">): string {
  const forwarded = req.headers.get("x-forwarded-for") ?? "";
  const address = forwarded.split(",").at(-1)?.trim().slice(0, 64) || "unknown";
  return address.includes(":") && !address.startsWith("::ffff:") ? network64(address) : address;
}

/** An IPv6 address's /64 network: `2001:db8:1:2::/64`. */
export function network64(address: string): string {
  const [head = "", tail] = address.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
