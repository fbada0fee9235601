/**
 * An offer as the workshop writes it on a quote's page (./OfferForm.tsx),
 * before it is sent: its kind of price, its lines with each amount as typed,
 * the last day it holds, the times the customer may bring the car as Oslo's
 * clock shows them, and a note. Its checks say in the workshop's words what
 * the contract's rules would refuse, and more; a draft that passes them
 * becomes the staff call's request, checked by the contract's own schema.
 */
import { CASE_LIMITS, sendOfferSchema, type PriceType, type SendOffer } from "../../../lib/api/case-link";
import { formatPrice } from "../../../lib/format";
import { osloToMoment } from "../../../lib/oslo-time";

/** A field's errors by its path in the request, `lines.0.amountNok`, as the plugin names them too. */
export type { Errors } from "../shared/staff-call";
import type { Errors } from "../shared/staff-call";

/** A line of work as it is typed; `key` tells the line apart while lines are added and removed. */
export interface Line {
  key: number;
  description: string;
  amount: string;
}

/** The offer as it is being written. */
export interface Draft {
  priceType: PriceType | "";
  lines: Line[];
  validUntil: string;
  /** `datetime-local` values, Oslo's clock; "" for an input left empty */
  times: string[];
  note: string;
}

export const emptyLine = (key: number): Line => ({ key, description: "", amount: "" });

/** A new offer: no kind of price, one empty line (keyed `lineKey`), valid until `validUntil`, one empty time. */
export const emptyDraft = (validUntil: string, lineKey = 0): Draft => ({
  priceType: "",
  lines: [emptyLine(lineKey)],
  validUntil,
  times: [""],
  note: "",
});

const AMOUNT = /^\d+$/;

/** A line's amount as whole kroner (spaces between digits allowed), or NaN. */
export const kroner = (amount: string): number =>
  AMOUNT.test(amount.replace(/\s/g, "")) ? Number(amount.replace(/\s/g, "")) : NaN;

/** What the lines cost together, a line whose amount is no number counted as nothing. */
export const totalOf = (lines: readonly Line[]): number =>
  lines.reduce((sum, line) => sum + (Number.isNaN(kroner(line.amount)) ? 0 : kroner(line.amount)), 0);

/**
 * The draft's own rules, each error by the path of the field at fault:
 * `today` is Oslo's day (`YYYY-MM-DD`), and a drop-off time must come after
 * `now`.
 */
export function draftErrors(draft: Draft, today: string, now = Date.now()): Errors {
  const found: Errors = {};
  if (!draft.priceType) found.priceType = "Velg hva slags pris dette er.";
  draft.lines.forEach((line, index) => {
    if (!line.description.trim()) found[`lines.${index}.description`] = "Skriv hva arbeidet er.";
    const amount = kroner(line.amount);
    if (Number.isNaN(amount)) found[`lines.${index}.amountNok`] = "Skriv beløpet i hele kroner, bare tall.";
    else if (amount > CASE_LIMITS.amountNok) {
      found[`lines.${index}.amountNok`] = `Høyst ${formatPrice(CASE_LIMITS.amountNok)} per linje.`;
    }
  });
  if (!draft.validUntil) found.validUntil = "Velg den siste dagen tilbudet gjelder.";
  else if (draft.validUntil < today) found.validUntil = "Tilbudet må gjelde til i dag eller senere.";
  if (draft.times.every((time) => !time)) found["dropOffTimes.0"] = "Legg inn minst én tid kunden kan levere bilen.";
  draft.times.forEach((time, index) => {
    if (!time) return;
    const moment = osloToMoment(time);
    if (!moment) found[`dropOffTimes.${index}`] = "Denne tiden finnes ikke på klokka (sommertiden begynner).";
    else if (Date.parse(moment) <= now) found[`dropOffTimes.${index}`] = "Tiden må være fram i tid.";
  });
  return found;
}

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** The schema's first complaint about each field, by its path. */
const firstByPath = (issues: readonly Issue[]): Errors => {
  const errors: Errors = {};
  for (const issue of issues) errors[issue.path.map(String).join(".")] ??= issue.message;
  return errors;
};

/**
 * The request the draft makes (the work and the note trimmed, the amounts as
 * numbers, the times as moments with Oslo's offset, the empty ones left out,
 * and no note when it is empty), checked by the contract's own schema; or,
 * when the draft's rules or the schema refuse it, the errors by field.
 */
export function checkDraft(draft: Draft, today: string, now = Date.now()): { body?: SendOffer; errors: Errors } {
  const found = draftErrors(draft, today, now);
  if (Object.keys(found).length) return { errors: found };
  const note = draft.note.trim();
  const result = sendOfferSchema.safeParse({
    priceType: draft.priceType,
    lines: draft.lines.map((line) => ({ description: line.description.trim(), amountNok: kroner(line.amount) })),
    validUntil: draft.validUntil,
    dropOffTimes: draft.times.filter(Boolean).map((time) => osloToMoment(time)!),
    ...(note ? { note } : {}),
  });
  return result.success ? { body: result.data, errors: {} } : { errors: firstByPath(result.error.issues) };
}
