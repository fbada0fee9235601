/**
 * A request body Payload cannot read is the client's fault, answered 400 with
 * a Norwegian message, never the 500 of a server fault: a multipart body cut
 * off in a part or before its end (Payload passes on its parser's words), and
 * a `_payload` field that is not JSON. The app's own afterError hooks run
 * after this one and may still change the answer.
 */
import type { AfterErrorHook } from "payload";

/** What the multipart parser (busboy) says of a body it cannot read, as Payload passes it on. */
const UNREADABLE_BODY = new Set([
  "Unexpected end of form",
  "Unexpected end of file",
  "Malformed part header",
  "Multipart: Boundary not found",
  "Malformed content type",
  "Malformed urlencoded form",
]);

const isMultipart = (headers: Headers) => /^multipart\//i.test(headers.get("content-type") ?? "");

/** The 400 for a body that cannot be read, or nothing for any other error. */
export const unreadableBodyIsTheClients: AfterErrorHook = ({ error, req }) => {
  const status = (error as { status?: number }).status;
  if (status !== undefined && status !== 500) return;
  const cutOff = UNREADABLE_BODY.has(error.message);
  const badPayloadField = error instanceof SyntaxError && isMultipart(req.headers);
  if (!cutOff && !badPayloadField) return;
  const message = cutOff
    ? "Forespørselen er ufullstendig eller ødelagt (multipart); send den på nytt"
    : "Ugyldig forespørsel – feltet _payload er ikke JSON";
  return { status: 400, response: { errors: [{ message }] } };
};
