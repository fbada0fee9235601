/** `29. november 2026 kl. 08:15`: when a case came, in Oslo time, as the workshop reads it. */
export const receivedAt = (iso: string): string =>
  new Intl.DateTimeFormat("nb-NO", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Oslo" }).format(
    new Date(iso),
  );
