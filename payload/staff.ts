/**
 * The rules for the app's staff (its admin user collection, `admin.user`, or
 * the first auth collection when the app names none), which the plugin puts
 * on that collection:
 *
 *   - on a public host (`serverURL` not this machine: localhost, 127.0.0.1,
 *     [::1]) no staff user is made over the API except by a logged-in
 *     employee, so `POST /api/users/first-register` is 403 to every address:
 *     the first one is made on the server (`npm run admin:user -- <e-post>`,
 *     through Payload's local API). On this machine the first visit to the
 *     admin makes it, as Payload does;
 *   - a staff password has at least MIN_STAFF_PASSWORD_LENGTH characters
 *     wherever one is set: creating a user, first-register, changing it, and
 *     resetting it with a token; a shorter one is 400 with a Norwegian message
 *     on the `password` field;
 *   - the login cookie is `Secure` when `serverURL` is `https:`;
 *   - after MAX_LOGIN_ATTEMPTS wrong passwords in a row a user is locked for
 *     LOGIN_LOCK_MS (Payload's `maxLoginAttempts` and `lockTime`).
 *
 * What the app sets itself for the cookie or the lock stays.
 */
import {
  APIError,
  ValidationError,
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  type Config,
} from "payload";
import { isStaffRequest } from "./access";

export const MIN_STAFF_PASSWORD_LENGTH = 12;
export const MAX_LOGIN_ATTEMPTS = 5;
export const LOGIN_LOCK_MS = 10 * 60 * 1000;

export const SHORT_PASSWORD_MESSAGE = `Passordet må ha minst ${MIN_STAFF_PASSWORD_LENGTH} tegn.`;
/** What a public host answers first-register with, and what its admin shows in place of the form. */
export const FIRST_STAFF_USER_MESSAGE =
  "Den første ansatte lages på serveren: npm run admin:user -- <e-post>. Deretter kan du logge inn her.";

/** Whether `url` (an origin such as `serverURL`) names this machine's loopback. */
export function isThisMachine(url: string): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(new URL(url).hostname);
}

/** A password that is set (a non-empty string) and too short; Payload itself answers for a missing one. */
const tooShort = (password: unknown) =>
  typeof password === "string" && password !== "" && [...password].length < MIN_STAFF_PASSWORD_LENGTH;

function staffRules(publicHost: boolean): CollectionBeforeOperationHook {
  return ({ args, collection, operation, req }) => {
    if (!["create", "update", "resetPassword"].includes(operation)) return;
    if (operation === "create" && publicHost && req.payloadAPI !== "local" && !isStaffRequest(req)) {
      throw new APIError(FIRST_STAFF_USER_MESSAGE, 403, undefined, true);
    }
    const data = (args as { data?: { password?: unknown } }).data;
    if (tooShort(data?.password)) {
      throw new ValidationError({
        collection: collection.slug,
        errors: [{ message: SHORT_PASSWORD_MESSAGE, path: "password" }],
      });
    }
  };
}

/** The app's collections with the staff rules on its staff collection. */
export function withStaffRules(config: Config): CollectionConfig[] {
  const collections = config.collections ?? [];
  const slug = config.admin?.user ?? collections.find((c) => c.auth)?.slug;
  const https = new URL(config.serverURL!).protocol === "https:";
  const rules = staffRules(!isThisMachine(config.serverURL!));
  return collections.map((collection) => {
    if (collection.slug !== slug || !collection.auth) return collection;
    const auth = collection.auth === true ? {} : collection.auth;
    return {
      ...collection,
      auth: {
        ...auth,
        maxLoginAttempts: auth.maxLoginAttempts ?? MAX_LOGIN_ATTEMPTS,
        lockTime: auth.lockTime ?? LOGIN_LOCK_MS,
        cookies: { ...auth.cookies, secure: auth.cookies?.secure ?? https },
      },
      hooks: { ...collection.hooks, beforeOperation: [rules, ...(collection.hooks?.beforeOperation ?? [])] },
    };
  });
}
