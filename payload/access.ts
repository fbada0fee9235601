/**
 * Who the workshop's staff are: a user of the app's admin user collection
 * (`admin.user` in its config, `users` in Payload's templates), logged in
 * with a password. A user of any other auth collection, or a request with an
 * API key, is not staff: it reads and changes no customer's data.
 */
import type { Access, CollectionConfig, PayloadRequest } from "payload";
import { Refusal } from "./http";

export function isStaffRequest(req: Pick<PayloadRequest, "user" | "payload">): boolean {
  const user = req.user as (PayloadRequest["user"] & { _strategy?: string }) | null;
  if (!user) return false;
  return user.collection === req.payload.config.admin.user && user._strategy !== "api-key";
}

export const isStaff: Access = ({ req }) => isStaffRequest(req);

/** Nobody reads or writes such a collection over the API, the workshop's staff included: the plugin's code does. */
export const NO_REQUEST: CollectionConfig["access"] = {
  create: () => false,
  read: () => false,
  update: () => false,
  delete: () => false,
};

/** Refuses a call of the plugin's staff endpoints made without a login (401) or by anyone but staff (403). */
export function requireStaff(req: Pick<PayloadRequest, "user" | "payload">): void {
  if (!req.user) throw new Refusal(401, "Logg inn for å gjøre dette");
  if (!isStaffRequest(req)) throw new Refusal(403, "Bare verkstedets ansatte kan gjøre dette");
}
