/**
 * What the customer sent, as they sent it: each field of a case that is the
 * customer's is shown on the case's page by one of these, never as an input
 * (Payload renders a field with its `admin.components.Field`): the
 * registration number, the car it names (from Statens vegvesen, when the
 * quote was stored with it), the phone and e-mail as links that call and
 * write, the message, and each damage's photos as a gallery the width of the
 * page (./Gallery.tsx).
 */
import type { ServerComponentProps } from "payload";
import { formatDate, mailtoHref, telHref } from "../../../lib/format";
import { carLine, dayOf, type VehicleRecord } from "../../car";
import { MEDIA_SLUG } from "../../names";
import { Gallery, type GalleryPhoto } from "./Gallery";
import styles from "./Sent.module.css";

type Props = Pick<ServerComponentProps, "value" | "payload" | "req">;

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function SentPlate({ value }: Props) {
  return (
    <div className={styles.field}>
      <p className={styles.label}>Registreringsnummer</p>
      <p className={styles.plate}>{text(value)}</p>
    </div>
  );
}

export function SentCar({ value }: Props) {
  const vehicle = value as VehicleRecord | null | undefined;
  const deadline = dayOf(vehicle?.euControlDeadline);
  const said =
    vehicle?.lookup === "found" ? (
      <>
        <p className={styles.car}>{carLine(vehicle)}</p>
        <p className={styles.quiet}>Kilde: Statens vegvesen</p>
        {deadline && <p>Frist for EU-kontroll: {formatDate(deadline)}</p>}
      </>
    ) : vehicle?.lookup === "unknown" ? (
      <p>Statens vegvesen kjenner ikke dette registreringsnummeret.</p>
    ) : vehicle?.lookup === "unavailable" ? (
      <p>Ikke slått opp: Statens vegvesen svarte ikke da forespørselen kom.</p>
    ) : null;
  if (!said) return null;
  return (
    <div className={styles.field}>
      <p className={styles.label}>Bil</p>
      {said}
    </div>
  );
}

export function SentPhone({ value }: Props) {
  const phone = text(value);
  return (
    <div className={styles.field}>
      <p className={styles.label}>Telefon</p>
      <a className={styles.link} href={telHref(phone)}>
        {phone}
      </a>
    </div>
  );
}

export function SentEmail({ value }: Props) {
  const email = text(value);
  return (
    <div className={styles.field}>
      <p className={styles.label}>E-post</p>
      <a className={styles.link} href={mailtoHref(email)}>
        {email}
      </a>
    </div>
  );
}

export function SentMessage({ value }: Props) {
  const message = text(value).trim();
  return (
    <div className={styles.field}>
      <h2 className={styles.heading}>Melding</h2>
      {message ? (
        <p className={styles.message}>{text(value)}</p>
      ) : (
        <p className={styles.quiet}>Kunden skrev ingen melding.</p>
      )}
    </div>
  );
}

type Damage = { photos?: (number | string | { id: number | string })[] | null };

interface StoredPhoto {
  id: number | string;
  url?: string | null;
  width?: number | null;
  height?: number | null;
}

const idOf = (photo: NonNullable<Damage["photos"]>[number]) => (typeof photo === "object" ? photo.id : photo);

/** Each damage's photos, in the order the customer sent them; a photo no longer stored is left out. */
async function damagePhotos({ payload, req }: Props, damages: Damage[]): Promise<GalleryPhoto[][]> {
  const ids = damages.flatMap((damage) => (damage.photos ?? []).map(idOf));
  const { docs } = ids.length
    ? await payload.find({
        collection: MEDIA_SLUG,
        where: { id: { in: ids } },
        depth: 0,
        limit: ids.length,
        pagination: false,
        overrideAccess: false,
        req,
      })
    : { docs: [] };
  const byId = new Map((docs as StoredPhoto[]).map((doc) => [String(doc.id), doc]));
  return damages.map((damage, d) =>
    (damage.photos ?? []).flatMap((photo, p, all) => {
      const stored = byId.get(String(idOf(photo)));
      if (!stored?.url) return [];
      const alt = `Skade ${d + 1}, bilde ${p + 1} av ${all.length}`;
      return [{ url: stored.url, width: stored.width ?? undefined, height: stored.height ?? undefined, alt }];
    }),
  );
}

export async function SentPhotos(props: Props) {
  const damages = Array.isArray(props.value) ? (props.value as Damage[]) : [];
  const photos = await damagePhotos(props, damages);
  return (
    <div className={styles.damages}>
      {photos.map((damage, d) => (
        <section key={d} aria-labelledby={`damage-${d + 1}`}>
          <h2 id={`damage-${d + 1}`} className={styles.heading}>
            Skade {d + 1}{" "}
            <span className={styles.quiet}>{damage.length === 1 ? "1 bilde" : `${damage.length} bilder`}</span>
          </h2>
          <Gallery photos={damage} label={`Bilder av skade ${d + 1}`} />
        </section>
      ))}
    </div>
  );
}
