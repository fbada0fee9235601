/** Statens vegvesen's answer about a plate, read into the car the site shows. */
import { z } from "zod";
import type { Vehicle } from "../../lib/api/vehicle";

const text = z.string().optional().catch(undefined);
const list = <T extends z.ZodType>(item: T) => z.array(item).optional().catch(undefined);

/** The parts of an answer the car is read from; anything else in it is ignored. */
const answerSchema = z.object({
  kjoretoydataListe: z.array(
    z.object({
      kjoretoyId: z.object({ kjennemerke: text }).optional().catch(undefined),
      forstegangsregistrering: z.object({ registrertForstegangNorgeDato: text }).optional().catch(undefined),
      periodiskKjoretoyKontroll: z.object({ kontrollfrist: text }).optional().catch(undefined),
      godkjenning: z
        .object({
          tekniskGodkjenning: z
            .object({
              tekniskeData: z
                .object({
                  generelt: z
                    .object({ merke: list(z.object({ merke: text })), handelsbetegnelse: list(z.string()) })
                    .optional()
                    .catch(undefined),
                  karosseriOgLasteplan: z
                    .object({ rFarge: list(z.object({ kodeNavn: text })) })
                    .optional()
                    .catch(undefined),
                })
                .optional(),
            })
            .optional(),
        })
        .optional()
        .catch(undefined),
    }),
  ),
});

/**
 * A name in title case, as a customer writes it: `VOLKSWAGEN` → `Volkswagen`,
 * `MERCEDES-BENZ` → `Mercedes-Benz`. A word with a digit (`ID.4`, `XC60`) or
 * of at most three letters and no vowel (`BMW`, `C-HR`) stays in capitals.
 */
export function titleCase(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[\p{L}\p{N}.]+/gu, (word) => {
      const upper = word.toUpperCase();
      if (/\d/.test(word) || (word.length <= 3 && !/[AEIOUYÆØÅ]/.test(upper))) return upper;
      return upper[0] + word.slice(1).toLowerCase();
    });
}

/** The day `value` starts with (`2017-03-01`), or "" when it names no real day (`2017-13-01`, `2017-02-30`). */
function dayOf(value: string | undefined): string {
  const day = value?.slice(0, 10) ?? "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return "";
  const date = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) ? day : "";
}

/** The car in Statens vegvesen's answer, or undefined when it names none; throws when the answer has another shape. */
export function vehicleFrom(answer: unknown, plate: string): Vehicle | undefined {
  const entry = answerSchema.parse(answer).kjoretoydataListe[0];
  if (!entry) return undefined;
  const data = entry.godkjenning?.tekniskGodkjenning?.tekniskeData;
  return {
    plate: entry.kjoretoyId?.kjennemerke?.trim() || plate,
    make: titleCase(data?.generelt?.merke?.[0]?.merke ?? ""),
    model: titleCase(data?.generelt?.handelsbetegnelse?.[0] ?? ""),
    colour: (data?.karosseriOgLasteplan?.rFarge?.[0]?.kodeNavn ?? "").trim().toLowerCase(),
    firstRegistered: dayOf(entry.forstegangsregistrering?.registrertForstegangNorgeDato),
    euControlDeadline: dayOf(entry.periodiskKjoretoyKontroll?.kontrollfrist),
  };
}
