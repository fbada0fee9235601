/**
 * The admin's calls to the plugin's staff endpoints, made with the staff
 * member's login: what the plugin said, as the page shows it, and its errors
 * by field. A call that never reached the server says so.
 */

/** A form's errors, by the field's dotted path. */
export type Errors = Record<string, string>;

/** What the page says after a call: whether it went, in words. */
export interface Said {
  ok: boolean;
  text: string;
}

/** Posts `body` to the staff call at `path` (under /api); resolves to what the plugin said, its errors by field. */
export async function staffCall(path: string, body: unknown): Promise<{ said: Said; errors: Errors }> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { said: { ok: false, text: "Fikk ikke kontakt med serveren. Sjekk nettet og prøv igjen." }, errors: {} };
  }
  const answer = (await response.json().catch(() => ({}))) as {
    message?: string;
    errors?: { message: string; field?: string }[];
  };
  if (response.ok) return { said: { ok: true, text: answer.message ?? "Sendt." }, errors: {} };
  const errors: Errors = {};
  for (const error of answer.errors ?? []) if (error.field) errors[error.field] ??= error.message;
  const text = answer.errors?.map((error) => error.message).join(" ") || `Serveren svarte ${response.status}.`;
  return { said: { ok: false, text }, errors };
}
