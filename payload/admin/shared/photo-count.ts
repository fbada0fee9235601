/** A damage as a quote holds it: its photos, by id (or populated). */
export type Damage = { photos?: unknown[] | null };

/** How many photos a quote's damages hold together. */
export const photoCount = (damages: Damage[] | null | undefined): number =>
  (damages ?? []).reduce((sum, damage) => sum + (damage.photos?.length ?? 0), 0);
