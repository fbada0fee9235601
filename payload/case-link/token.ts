/**
 * A link's token: 32 random bytes (256 bits) in base64url, the 43 characters
 * CASE_TOKEN_PATTERN takes. Only its SHA-256 is stored; a token is found by
 * hashing what the customer's page sends and looking the hash up.
 */
import { createHash, randomBytes } from "node:crypto";

export const newToken = (): string => randomBytes(32).toString("base64url");

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");
