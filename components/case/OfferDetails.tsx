import type { CaseView } from "@/lib/case/client";
import { fill, formatDate, formatPrice } from "@/lib/format";
import type { CaseStrings } from "./types";
import styles from "./CasePage.module.css";

type Offer = NonNullable<CaseView["offer"]>;

/** The customer's own photos, as they sent them: plain images, loaded as they come near. */
export function CustomerPhotos({
  photos,
  strings,
}: {
  photos: readonly string[];
  strings: CaseStrings["page"]["offer"];
}) {
  if (photos.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="case-photos-heading">
      <h2 id="case-photos-heading">{strings.photosHeading}</h2>
      <ul className={styles.photos}>
        {photos.map((src, i) => (
          <li key={src}>
            {/* eslint-disable-next-line @next/next/no-img-element -- the workshop's copy of the customer's photo, not one of the site's images */}
            <img
              src={src}
              alt={fill(strings.photoAlt, { n: i + 1 })}
              width={320}
              height={240}
              loading="lazy"
              decoding="async"
              referrerPolicy="no-referrer"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The offer: each line and the total with VAT, the kind of price and what it means, how long it holds, the workshop's note. */
export function OfferDetails({
  offer,
  strings,
  priceTypes,
}: {
  offer: Offer;
  strings: CaseStrings["page"]["offer"];
  priceTypes: CaseStrings["priceTypes"];
}) {
  const kind = priceTypes[offer.priceType];
  return (
    <>
      <section className={styles.section} aria-labelledby="case-lines-heading">
        <h2 id="case-lines-heading">{strings.linesHeading}</h2>
        <table className={styles.lines}>
          <thead>
            <tr>
              <th scope="col">{strings.work}</th>
              <th scope="col">{strings.price}</th>
            </tr>
          </thead>
          <tbody>
            {offer.lines.map((line, i) => (
              <tr key={i}>
                <td>{line.description}</td>
                <td>{formatPrice(line.amountNok)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{strings.total}</th>
              <td>{formatPrice(offer.totalNok)}</td>
            </tr>
          </tfoot>
        </table>
        <p className={styles.vat}>{strings.vat}</p>
        <div className={styles.priceType}>
          <p className={styles.priceTypeName}>{kind.name}</p>
          <p>{kind.sentence}</p>
        </div>
        <p className={styles.validUntil}>{fill(strings.validUntil, { date: formatDate(offer.validUntil) })}</p>
      </section>
      {offer.note && (
        <section className={styles.section} aria-labelledby="case-note-heading">
          <h2 id="case-note-heading">{strings.noteHeading}</h2>
          <p className={styles.note}>{offer.note}</p>
        </section>
      )}
    </>
  );
}
