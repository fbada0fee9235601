"use client";
/**
 * A damage's photos the width of the page: on a phone each fills the width,
 * on a wide screen they share it, never narrower than a phone's. Each photo
 * is a link to the file; a tap or Enter opens it full size in a viewer over
 * the page, where the next and previous photo are a swipe, an arrow key or a
 * button away, Escape or `Lukk` closes it, and focus returns to the photo
 * shown last, so the page is where the viewer left it. A photo zoomed in by
 * pinching pans as the finger moves; it turns only at its normal size.
 * Without JavaScript the link opens the file itself.
 */
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
} from "react";
import styles from "./Gallery.module.css";

export interface GalleryPhoto {
  url: string;
  width?: number;
  height?: number;
  /** what the photo is, e.g. `Skade 1, bilde 2 av 3` */
  alt: string;
}

/** How far a finger must move sideways for a swipe to turn the photo. */
const SWIPE_PX = 40;

/**
 * A sideways swipe of one finger turns the photo (`turn(1)` to the next); a
 * second finger, or a page zoomed in by pinching, pinches and pans instead.
 */
function useSwipe(turn: (step: number) => void) {
  const swipeFrom = useRef<number | null>(null);
  const zoomed = () => (window.visualViewport?.scale ?? 1) > 1;
  const [zoomedIn, setZoomedIn] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => setZoomedIn(viewport.scale > 1);
    viewport.addEventListener("resize", update);
    return () => viewport.removeEventListener("resize", update);
  }, []);
  const handlers = {
    onPointerDown: (event: PointerEvent) => {
      swipeFrom.current = event.isPrimary && !zoomed() ? event.clientX : null;
    },
    onPointerUp: (event: PointerEvent) => {
      if (!event.isPrimary || swipeFrom.current === null) return;
      const moved = event.clientX - swipeFrom.current;
      swipeFrom.current = null;
      if (Math.abs(moved) >= SWIPE_PX && !zoomed()) turn(moved < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      swipeFrom.current = null;
    },
  };
  return { zoomedIn, handlers };
}

interface ViewerProps {
  photos: GalleryPhoto[];
  label: string;
  /** the photo shown, or null when the viewer is closed */
  shown: number | null;
  turn(step: number): void;
  onClose(): void;
}

/** The viewer over the page: one photo as large as the screen allows, its position, and the ways to turn and close. */
function Viewer({
  photos,
  label,
  shown,
  turn,
  onClose,
  ref,
}: ViewerProps & { ref: RefObject<HTMLDialogElement | null> }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") turn(1);
    else if (event.key === "ArrowLeft") turn(-1);
    else return;
    event.preventDefault();
  };
  const swipe = useSwipe(turn);
  const photo = shown === null ? undefined : photos[shown];
  return (
    <dialog
      ref={ref}
      className={styles.viewer}
      aria-label={photo ? photo.alt : label}
      onKeyDown={onKeyDown}
      onClose={onClose}
    >
      {photo && (
        <>
          <div className={styles.bar}>
            <p className={styles.position} aria-live="polite">
              Bilde {shown! + 1} av {photos.length}
            </p>
            <a href={photo.url} target="_blank" rel="noreferrer" className={styles.original}>
              Åpne originalen
            </a>
            <button type="button" className={styles.button} onClick={() => ref.current?.close()} autoFocus>
              Lukk
            </button>
          </div>
          <div
            className={styles.stage}
            // zoomed in, a finger pans the photo every way, as on any page
            style={swipe.zoomedIn ? { touchAction: "pan-x pan-y pinch-zoom" } : undefined}
            {...swipe.handlers}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- the stored photo itself: an optimizer would keep a copy of a customer's photo in its cache */}
            <img src={photo.url} alt={photo.alt} className={styles.full} draggable={false} />
          </div>
          {photos.length > 1 && (
            <div className={styles.turns}>
              <button type="button" className={styles.button} onClick={() => turn(-1)}>
                ← Forrige bilde
              </button>
              <button type="button" className={styles.button} onClick={() => turn(1)}>
                Neste bilde →
              </button>
            </div>
          )}
        </>
      )}
    </dialog>
  );
}

export function Gallery({ photos, label }: { photos: GalleryPhoto[]; label: string }) {
  const viewer = useRef<HTMLDialogElement>(null);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const [shown, setShown] = useState<number | null>(null);

  if (photos.length === 0) return <p className={styles.none}>Bildene finnes ikke lenger.</p>;

  const open = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    // a new tab or window (Ctrl, Cmd, Shift, middle button) opens the file as the link says
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setShown(index);
    viewer.current?.showModal();
  };
  const turn = (step: number) =>
    setShown((index) => (index === null ? null : (index + step + photos.length) % photos.length));
  const onClose = () => {
    if (shown !== null) links.current[shown]?.focus();
    setShown(null);
  };

  return (
    <>
      <ul className={styles.grid} aria-label={label}>
        {photos.map((item, index) => (
          <li key={index}>
            <a
              href={item.url}
              className={styles.link}
              onClick={open(index)}
              ref={(link) => {
                links.current[index] = link;
              }}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- the stored photo itself: an optimizer would keep a copy of a customer's photo in its cache */}
              <img
                src={item.url}
                alt={item.alt}
                width={item.width}
                height={item.height}
                loading="lazy"
                decoding="async"
                className={styles.photo}
              />
            </a>
          </li>
        ))}
      </ul>
      <Viewer ref={viewer} photos={photos} label={label} shown={shown} turn={turn} onClose={onClose} />
    </>
  );
}
