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
 *   - wrong passwords refuse the address that types them, for one account or
 *     for all (./login-limit.ts), answered 429 with `Retry-After`; Payload's
 *     own lock, which a stranger could set on any account from anywhere, is
 *     off unless the app sets it.
 *
 * What the app sets itself for the cookie or the lock stays.
 */
import {
  APIError,
  AuthenticationError,
  ValidationError,
  type CollectionAfterErrorHook,
  type CollectionAfterLoginHook,
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  type Config,
  type PayloadRequest,
} from "payload";
import { isStaffRequest } from "./access";
import { clientAddress } from "./client";
import { loginLimit, type LoginLimit } from "./login-limit";

export { LOGIN_LOCK_MS, MAX_LOGIN_ATTEMPTS } from "./login-limit";
export const MIN_STAFF_PASSWORD_LENGTH = 12;

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

/** The login a request tries: its e-mail and where it comes from. */
const attemptOf = (req: PayloadRequest, email: unknown) =>
  typeof email === "string" ? { email, address: clientAddress(req) } : undefined;
const ATTEMPT = "bulkeklinikkenLoginAttempt";

/** Refuses a login `limit` holds back, with how long; notes the attempt for the hooks below. */
function checkLogin(limit: LoginLimit, req: PayloadRequest, email: unknown): void {
  const attempt = attemptOf(req, email);
  if (!attempt) return;
  const waitMs = limit.refusedFor(attempt.email, attempt.address);
  if (waitMs !== undefined) {
    const minutes = Math.ceil(waitMs / 60_000);
    req.responseHeaders = new Headers({ "Retry-After": String(Math.ceil(waitMs / 1000)) });
    throw new APIError(
      `For mange feil passord herfra. Prøv igjen om ${minutes} ${minutes === 1 ? "minutt" : "minutter"}.`,
      429,
      undefined,
      true,
    );
  }
  req.context[ATTEMPT] = attempt;
}

const noted = (req: PayloadRequest) => req.context[ATTEMPT] as ReturnType<typeof attemptOf>;

function staffRules(publicHost: boolean, limit: LoginLimit): CollectionBeforeOperationHook {
  return ({ args, collection, operation, req }) => {
    if (operation === "login") return checkLogin(limit, req, (args as { data?: { email?: unknown } }).data?.email);
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
  const limit = loginLimit();
  const rules = staffRules(!isThisMachine(config.serverURL!), limit);
  const failed: CollectionAfterErrorHook = ({ error, req }) => {
    const attempt = noted(req);
    if (attempt && error instanceof AuthenticationError) limit.failed(attempt.email, attempt.address);
  };
  const succeeded: CollectionAfterLoginHook = ({ req }) => {
    const attempt = noted(req);
    if (attempt) limit.succeeded(attempt.email, attempt.address);
  };
  return collections.map((collection) => {
    if (collection.slug !== slug || !collection.auth) return collection;
    const auth = collection.auth === true ? {} : collection.auth;
    return {
      ...collection,
      auth: {
        ...auth,
        maxLoginAttempts: auth.maxLoginAttempts ?? 0,
        ...(auth.lockTime === undefined ? {} : { lockTime: auth.lockTime }),
        cookies: { ...auth.cookies, secure: auth.cookies?.secure ?? https },
      },
      hooks: {
        ...collection.hooks,
        beforeOperation: [rules, ...(collection.hooks?.beforeOperation ?? [])],
        afterError: [failed, ...(collection.hooks?.afterError ?? [])],
        afterLogin: [succeeded, ...(collection.hooks?.afterLogin ?? [])],
      },
    };
  });
}
