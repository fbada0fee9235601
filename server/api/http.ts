/** Small HTTP helpers for the preview server's API handlers. */
import type http from "node:http";
import type { z } from "zod";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** Reads a JSON body of at most `limit` bytes: 415 if it is not JSON, 413 if too big, 400 if unparsable. */
export async function readJson(req: http.IncomingMessage, limit = 256 * 1024): Promise<unknown> {
  const type = req.headers["content-type"] ?? "";
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, "Forventet Content-Type: application/json");
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) throw new HttpError(413, `Forespørselen er større enn ${limit} byte`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, `Forespørselen er større enn ${limit} byte`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new HttpError(400, "Ugyldig JSON");
  }
}

/** Parses with a zod schema; a failure is a 400 naming each field at fault. */
export function validate<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`);
    throw new HttpError(400, `Ugyldig forespørsel – ${problems.join("; ")}`);
  }
  return result.data;
}
