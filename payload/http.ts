/**
 * What every endpoint of the plugin shares: a refusal and its answer, and a
 * JSON body read to a bound and parsed against the contract's schema.
 *
 * A refusal is a 4xx with a Norwegian message the site shows as it is; the
 * body is `{ reason?, errors: [{ message, field?, missingPhotos? }], view?, times? }`
 * (lib/api/schemas.ts and lib/api/case-link.ts). Anything else an endpoint
 * throws is Payload's 500.
 */
import type { PayloadRequest } from "payload";
import * as z from "zod/mini";
import type { FreeTime } from "../lib/api/booking-times";
import type { CaseRefusal, CaseView } from "../lib/api/case-link";

/** What a refusal's answer says beside its message. */
export interface RefusalDetails {
  /** The request's field at fault, as a dotted path. */
  field?: string;
  /** The photo names the request gives that no photo here has. */
  missingPhotos?: string[];
  /** Why a customer's link takes no action. */
  reason?: CaseRefusal["reason"];
  /** The case as it is now, for the link's page to show instead. */
  view?: CaseView;
  /** The free times nearest to a time that was not free. */
  times?: FreeTime[];
}

/** A request refused: its status, the Norwegian message its answer carries, what else it says, and its headers. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: RefusalDetails = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The refusal of a client address that spent its calls: 429, and when it may call again (`Retry-After`). */
export const tooManyCalls = (retryAfterMs: number) =>
  new Refusal(
    429,
    "For mange forespørsler fra denne adressen; prøv igjen om litt",
    {},
    {
      "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
      "Access-Control-Expose-Headers": "Retry-After",
    },
  );

/** Headers of an answer no cache may keep. */
export const NO_STORE = { "Cache-Control": "no-store" };

/** A JSON answer. */
export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });

/** The body of a refusal's answer. */
export function refusalBody({ message, details }: Refusal) {
  const { field, missingPhotos, reason, view, times } = details;
  return {
    ...(reason ? { reason } : {}),
    errors: [{ message, ...(field ? { field } : {}), ...(missingPhotos ? { missingPhotos } : {}) }],
    ...(view ? { view } : {}),
    ...(times ? { times } : {}),
  };
}

/** Runs `handler`, answering a Refusal with its status and body; `headers` go on every answer it writes. */
export const answering =
  (handler: (req: PayloadRequest) => Promise<Response>, headers: Record<string, string> = {}) =>
  async (req: PayloadRequest): Promise<Response> => {
    let response: Response;
    try {
      response = await handler(req);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      response = jsonAnswer(error.status, refusalBody(error), error.headers);
    }
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };

/** The body as JSON, read to at most `maxBytes`; refused when larger (413) or not JSON (400). */
export async function readJson(req: PayloadRequest, maxBytes: number): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body?.getReader();
  for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Refusal(413, "Forespørselen er for stor");
    }
    chunks.push(read.value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new Refusal(400, "Ugyldig forespørsel – innholdet er ikke JSON");
  }
}

/** `data` as `schema` parses it; refused naming the first field at fault. */
export function parsed<T extends z.ZodMiniType>(schema: T, data: unknown): z.output<T> {
  const result = z.safeParse(schema, data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join(".");
  throw new Refusal(400, `Ugyldig forespørsel – ${field || "(hele forespørselen)"}: ${issue.message}`, { field });
}

/** The JSON body, read to at most `maxBytes` and parsed by `schema`. */
export const readBody = async <T extends z.ZodMiniType>(req: PayloadRequest, schema: T, maxBytes: number) =>
  parsed(schema, await readJson(req, maxBytes));
