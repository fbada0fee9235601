"use client";

/** What the visitor sees while the quote is sent: each image's progress, then the inquiry. */
import { useId, type RefObject } from "react";
import type { Strings } from "@/lib/content/strings-schema";
import { fill } from "@/lib/format";
import type { Damage, Photo } from "@/lib/photos/photos";
import styles from "./QuoteForm.module.css";

interface Props {
  strings: Strings["quoteForm"]["progress"];
  damages: readonly Damage[];
  sendingInquiry: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  headingLevel: 2 | 3;
}

/**
 * How far one photo is, 0–1: its copy made ready (mostly done before Send)
 * is the first tenth, the bytes sent the rest.
 */
function imageFraction({ progress: p, percent }: Photo): number {
  if (p?.stage === "done") return 1;
  if (p?.stage === "compressing") return (percent / 100) * 0.1;
  if (p?.stage === "uploading" || p?.stage === "retrying") return 0.1 + (p.total > 0 ? (p.loaded / p.total) * 0.9 : 0);
  return 0;
}

function stageText(strings: Props["strings"], { progress: p, percent }: Photo): string {
  if (p?.stage === "compressing") return fill(strings.compressing, { percent });
  if (p?.stage === "retrying") return fill(strings.retrying, { attempt: p.attempt, max: p.maxAttempts });
  return strings[p?.stage ?? "waiting"];
}

export function QuoteProgress({ strings, damages, sendingInquiry, headingRef, headingLevel }: Props) {
  const Heading = `h${headingLevel}` as const;
  const id = useId();
  const items = damages.flatMap((damage) => damage.photos);
  const done = items.filter((item) => item.progress?.stage === "done").length;
  const total = items.length;
  const overall = items.reduce((sum, item) => sum + imageFraction(item), 0) / Math.max(total, 1);
  const percent = Math.round((sendingInquiry ? 0.97 : overall * 0.95) * 100);
  return (
    <div className={styles.progress} aria-labelledby={`${id}-heading`} role="region">
      <Heading id={`${id}-heading`} ref={headingRef} tabIndex={-1} className={styles.progressHeading}>
        {strings.heading}
      </Heading>
      <p className={styles.hint}>{strings.lead}</p>
      <div className={styles.overall}>
        <progress max={100} value={percent} aria-labelledby={`${id}-status`} />
        <p id={`${id}-status`} role="status" className={styles.overallText}>
          {sendingInquiry ? strings.inquiry : fill(strings.overall, { done, total })}
        </p>
      </div>
      <ul className={styles.progressList}>
        {items.map((item) => (
          <li key={item.key} className={styles.progressItem} data-stage={item.progress?.stage ?? "waiting"}>
            {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL */}
            <img src={item.url} alt="" width={48} height={48} />
            <div className={styles.progressInfo}>
              <span className={styles.progressName}>{item.name}</span>
              <span className={styles.progressStage}>{stageText(strings, item)}</span>
              <progress max={100} value={Math.round(imageFraction(item) * 100)} aria-label={item.name} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
