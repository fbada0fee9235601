"use client";

import { useSyncExternalStore } from "react";
import { useWatch, type Control } from "react-hook-form";
import { plateOf, vehicleLine } from "@/lib/api/vehicle";
import type { Strings } from "@/lib/content/strings-schema";
import type { QuoteText } from "@/lib/quote/form";
import type { VehicleLookup } from "@/lib/quote/vehicle";
import styles from "./QuoteForm.module.css";

interface Props {
  /** the form's values, to read the registration number as it stands */
  control: Control<QuoteText>;
  lookup: VehicleLookup;
  strings: Strings["quoteForm"]["vehicle"];
}

const nothing = () => undefined;

/**
 * The note under the registration number: the car Statens vegvesen knows by
 * the plate in the field (`Volkswagen Golf, grå, 2017`, then where it comes
 * from), or that it knows no such plate. It shows only what is known of the
 * plate in the field now, so a changed number takes its note away until its
 * own answer comes. A live region, always in the page and empty when there is
 * nothing to say, so a screen reader reads the note as it appears and the
 * keyboard stays in the field. The look-up itself is lib/quote/vehicle.ts.
 */
export function VehicleNote({ control, lookup, strings }: Props) {
  const typed = useWatch({ control, name: "regNumber" });
  const plate = plateOf(typed ?? "");
  const answer = useSyncExternalStore(
    lookup.subscribe,
    () => (plate === undefined ? undefined : lookup.answerFor(plate)),
    nothing,
  );
  return (
    <div className={styles.vehicle} role="status">
      {answer?.found === true && (
        <>
          <p className={styles.vehicleCar}>{vehicleLine(answer.vehicle)}</p>
          <p className={styles.hint}>{strings.source}</p>
        </>
      )}
      {answer?.found === false && <p className={styles.hint}>{strings.unknown}</p>}
    </div>
  );
}
