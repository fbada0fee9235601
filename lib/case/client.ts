/**
 * The customer's case page (`/sak`) without a framework: the token from the
 * link, its calls to the API host with what each answer means for the page,
 * and the rules the page shows (when the early-start box is needed, how a
 * drop-off time is said). The contract is lib/api/case-link.ts: every body is
 * checked before it leaves and every answer before it is used.
 */
import {
  CASE_LINK_PATHS,
  CASE_TOKEN_PARAM,
  CASE_TOKEN_PATTERN,
  acceptRequestSchema,
  cancelRequestSchema,
  caseAnswerSchema,
  caseRefusalSchema,
  caseViewSchema,
  declineRequestSchema,
  moveRequestSchema,
  photosRequestSchema,
  questionRequestSchema,
  viewRequestSchema,
  type CaseAnswer,
  type CaseView,
} from "../api/case-link";
import type { FreeTime } from "../api/booking-times";
import { config } from "../config";
import type { ImageRef } from "../api/schemas";
import { call, type Fetch } from "../api/transport";

export type { CaseAnswer, CaseView };

/** Where the token waits in the tab between reloads (sessionStorage: this tab only, gone with it). */
export const TOKEN_STORAGE_KEY = "sak-lenke";

interface TokenPlace {
  location: Pick<Location, "hash" | "pathname" | "search">;
  history: Pick<History, "replaceState" | "state">;
  storage: Pick<Storage, "getItem" | "setItem"> | null;
}

/** Whether a fragment carries a link's token (`#k=…`), not an anchor on the page such as `#main`. */
export const hasLinkToken = (hash: string) => new URLSearchParams(hash.replace(/^#/, "")).has(CASE_TOKEN_PARAM);

/**
 * The link's token: from the address's fragment (`#k=<token>`), which is then
 * taken out of the address bar and kept in the tab's sessionStorage, so that
 * a reload still works and the token is never in the history, a bookmark or a
 * shared screenshot; without a fragment, the one the tab kept. Undefined when
 * there is none, or it is not a token.
 */
export function takeToken({ location, history, storage }: TokenPlace): string | undefined {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, "")).get(CASE_TOKEN_PARAM) ?? undefined;
  if (location.hash) history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  if (fromHash !== undefined && CASE_TOKEN_PATTERN.test(fromHash)) {
    try {
      storage?.setItem(TOKEN_STORAGE_KEY, fromHash);
    } catch {
      // storage refused (private mode, full): the page works until it is reloaded
    }
    return fromHash;
  }
  if (fromHash !== undefined) return undefined; // a link cut short: not an older token kept in the tab
  let kept: string | null | undefined;
  try {
    kept = storage?.getItem(TOKEN_STORAGE_KEY);
  } catch {
    kept = undefined;
  }
  return kept && CASE_TOKEN_PATTERN.test(kept) ? kept : undefined;
}

/**
 * What a call came back with, as the page shows it:
 * - `view`: the case (the first call), `answer`: what an action did;
 * - `conflict`: the offer takes no answer now (expired, answered), with the case as it is;
 * - `ended` (unknown or closed link), `replaced` (a newer offer was sent);
 * - `taken`: the new time of a booking was not free, with the nearest free `times`;
 * - `invalid`: the body was refused, with a message per field;
 * - `failed`: no answer, a server fault or an answer the page cannot read: try again.
 */
export type CaseResult =
  | { kind: "view"; view: CaseView }
  | { kind: "answer"; answer: CaseAnswer }
  | { kind: "conflict"; view: CaseView }
  | { kind: "ended" }
  | { kind: "replaced" }
  | { kind: "taken"; times: FreeTime[] }
  | { kind: "invalid"; errors: { message: string; field?: string }[] }
  | { kind: "failed" };

const urlOf = (path: string) => `${config.apiUrl}${path}`;

async function post(fetchImpl: Fetch, path: string, body: unknown): Promise<Response | undefined> {
  try {
    return await call(fetchImpl, urlOf(path), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return undefined;
  }
}

/** An answer other than ok, as the page shows it (see CaseResult). */
async function refusal(response: Response): Promise<CaseResult> {
  if (response.status >= 500) return { kind: "failed" };
  const parsed = caseRefusalSchema.safeParse(await response.json().catch(() => undefined));
  const data = parsed.success ? parsed.data : undefined;
  if (response.status === 404) return { kind: "ended" };
  if (response.status === 410) return { kind: "replaced" };
  if (response.status === 409 && data?.reason === "taken" && data.times) return { kind: "taken", times: data.times };
  if (response.status === 409 && data?.view) return { kind: "conflict", view: data.view };
  // a refusal with its reason in words, a field's or the whole request's (a case that takes no more photos, a link
  // that took its questions)
  if ((response.status === 400 || response.status === 409 || response.status === 429) && data?.errors.length) {
    return { kind: "invalid", errors: data.errors };
  }
  return { kind: "failed" };
}

/** POST {API}/sak: the case as it is. Changes nothing on the server. */
export async function fetchCase(token: string, fetchImpl: Fetch = fetch): Promise<CaseResult> {
  const response = await post(fetchImpl, CASE_LINK_PATHS.view, viewRequestSchema.parse({ token }));
  if (!response) return { kind: "failed" };
  if (!response.ok) return refusal(response);
  const parsed = caseViewSchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success ? { kind: "view", view: parsed.data } : { kind: "failed" };
}

/** What each button sends, besides the token. */
export type CaseRequest =
  | { action: "accept"; name: string; chosenTime: string; earlyStart: boolean }
  | { action: "question"; text: string }
  | { action: "decline" }
  | { action: "photos"; photos: ImageRef[] }
  | { action: "move"; at: string; earlyStart: boolean }
  | { action: "cancel" };

function bodyOf(token: string, request: CaseRequest): unknown {
  switch (request.action) {
    case "accept": {
      const { name, chosenTime, earlyStart } = request;
      return acceptRequestSchema.parse({ token, name, chosenTime, earlyStart });
    }
    case "question":
      return questionRequestSchema.parse({ token, text: request.text });
    case "decline":
      return declineRequestSchema.parse({ token });
    case "photos":
      return photosRequestSchema.parse({ token, photos: request.photos });
    case "move":
      return moveRequestSchema.parse({ token, at: request.at, earlyStart: request.earlyStart });
    case "cancel":
      return cancelRequestSchema.parse({ token });
  }
}

/** One button's POST; the server answers a repeat with the first answer, so a retry is safe. */
export async function sendAction(token: string, request: CaseRequest, fetchImpl: Fetch = fetch): Promise<CaseResult> {
  const response = await post(fetchImpl, CASE_LINK_PATHS[request.action], bodyOf(token, request));
  if (!response) return { kind: "failed" };
  if (!response.ok) return refusal(response);
  const parsed = caseAnswerSchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success ? { kind: "answer", answer: parsed.data } : { kind: "failed" };
}
