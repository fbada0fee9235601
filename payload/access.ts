/**
 * Who the workshop's staff are: a user of the app's admin user collection
 * (`admin.user` in its config, `users` in Payload's templates), logged in
 * with a password. A user of any other auth collection, or a request with an
 * API key, is not staff: it reads and changes no customer's data.
 */
import type { Access, PayloadRequest } from "payload";

export function isStaffRequest(req: Pick<PayloadRequest, "user" | "payload">): boolean {
  const user = req.user as (PayloadRequest["user"] & { _strategy?: string }) | null;
  if (!user) return false;
  return user.collection === req.payload.config.admin.user && user._strategy !== "api-key";
}

export const isStaff: Access = ({ req }) => isStaffRequest(req);
