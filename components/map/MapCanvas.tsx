"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";
import { useConsent } from "@/components/consent/useConsent";
import styles from "./LocationMap.module.css";

interface Props {
  center: { lat: number; lng: number };
  markerTitle: string;
  /** what the area shows until the map is there, and instead of it: address, hours */
  children: ReactNode;
}

type State = "waiting" | "loading" | "ready" | "failed";

declare global {
  interface Window {
    /** Google calls this when the key is refused (wrong key, referrer not allowed) */
    gm_authFailure?: () => void;
  }
}

/** How close (px) the area must come to the screen before the map starts loading. */
const LOAD_MARGIN = "300px 0px";

/**
 * The Google map of the workshop, over its fallback. It loads only when a key
 * is configured, the visitor has consented, and the area is scrolled near;
 * the loader is imported then and not before (it is in no page's first-load
 * JavaScript). Until the map is there, and for good if any of that is missing
 * or the load fails after its retries, the fallback shows: never an empty box.
 */
export function MapCanvas({ center, markerTitle, children }: Props) {
  // the key from the build (NEXT_PUBLIC_GOOGLE_MAPS_API_KEY); empty: never load
  const { choice: consent, mapsApiKey } = useConsent();
  const [state, setState] = useState<State>("waiting");
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const started = useRef(false);
  const enabled = mapsApiKey !== "" && consent === "granted";

  useEffect(() => {
    const element = frame.current;
    if (!enabled || started.current || !element) return;
    let cancelled = false;

    async function load() {
      started.current = true;
      setState("loading");
      window.gm_authFailure = () => setState("failed");
      try {
        const [{ loadMapLibraries }, { googleMapsLoader }] = await Promise.all([
          import("@/lib/maps/loader"),
          import("@/lib/maps/google-loader"),
        ]);
        const result = await loadMapLibraries(googleMapsLoader, { key: mapsApiKey });
        if (cancelled || !canvas.current) return;
        if (result.status === "failed") return setState("failed");
        const { Map, Marker } = result.value;
        const map = new Map(canvas.current, {
          center,
          zoom: 15,
          minZoom: 3,
          gestureHandling: "cooperative",
          mapTypeControl: false,
          streetViewControl: false,
        });
        new Marker({ position: center, map, title: markerTitle });
        setState("ready");
      } catch {
        // the loader's own chunk failed to load, or the map could not be drawn
        if (!cancelled) setState("failed");
      }
    }

    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load();
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [enabled, mapsApiKey, center, markerTitle]);

  const shown = enabled && state === "ready";
  return (
    <div ref={frame} className={styles.frame} data-map={shown ? "shown" : "fallback"}>
      <div className={styles.fallback} aria-hidden={shown || undefined}>
        {children}
      </div>
      {enabled && state !== "failed" && <div ref={canvas} className={styles.canvas} data-shown={shown || undefined} />}
    </div>
  );
}
