/**
 * The three photos that price a dent (the whole part, a close-up, an angled
 * shot), each with a small drawing and one line, shown beside a damage's
 * picker. Advice only: nothing here is required to send. No state and no
 * effects, so it renders on the server and in the form's island alike.
 *
 * The drawings are decorative (the line beside each says what it shows) and
 * are static files made by `tools/artwork/`, so they cost the page no script.
 */
import { memo, useId } from "react";
import type { Strings } from "@/lib/content/strings-schema";
import styles from "./PhotoGuide.module.css";

/** The drawings in public/, in the order the shots are listed; drawn 240×160. */
const SHOTS = [
  { key: "whole", src: "/photo-guide/whole.svg" },
  { key: "closeUp", src: "/photo-guide/close.svg" },
  { key: "angled", src: "/photo-guide/angled.svg" },
] as const;

/** Memoised: its strings never change while the form is open, so a photo's change does not render it again. */
export const PhotoGuide = memo(function PhotoGuide({ strings }: { strings: Strings["quoteForm"]["photoGuide"] }) {
  const headingId = useId();
  return (
    <div className={styles.guide}>
      <p className={styles.heading} id={headingId}>
        {strings.heading}
      </p>
      <ol className={styles.shots} aria-labelledby={headingId}>
        {SHOTS.map(({ key, src }) => (
          <li key={key} className={styles.shot}>
            {/* eslint-disable-next-line @next/next/no-img-element -- a small static SVG, nothing to optimise */}
            <img src={src} alt="" width={240} height={160} loading="lazy" decoding="async" className={styles.drawing} />
            <span className={styles.text}>{strings[key]}</span>
          </li>
        ))}
      </ol>
    </div>
  );
});
