"use client";

/**
 * A client island whose code is not part of the page's first load.
 *
 * The island is prerendered as usual, so its HTML is in the page and painted
 * with it (search engines read it, and nothing moves when the code arrives).
 * In the browser its code is fetched only when it is needed:
 *   - at once when the visitor touches it (a pointer, a key or focus inside it);
 *   - when it comes within a screen's height of the viewport, once the
 *     browser is idle (so it never competes with the page's first paint);
 *   - once idle when `wanted()` says so (for example: a draft waits to be restored).
 * Until then React leaves the prerendered HTML as it is (the island sits in an
 * `<Activity>` boundary, which React hydrates on its own, later than the rest
 * of the page): text typed into its fields stays in the fields, and the island
 * picks it up when it takes over (react-hook-form reads a field's value from
 * the page when it registers it).
 *
 * Why `<Activity>` and not `<Suspense>`: React outlines a Suspense boundary
 * that comes late in a long page (streams it after the page, hidden until a
 * script moves it in place), which would hide the island without JavaScript
 * and move the page when it appears. An Activity boundary is written in place. The island itself renders its
 * buttons disabled until it has hydrated (`useHydrated`), so nothing looks
 * usable and ignores a tap.
 *
 * A failed download (no network) is not an error: it is tried again when the
 * browser is back online or at the next touch, and the page stays as it is.
 *
 * When the island is rendered by a client-side navigation instead (there is no
 * prerendered HTML to keep), its code loads at once.
 */
import { Activity, lazy, use, useEffect, useId, useState, type ComponentType } from "react";

interface Options {
  /** a name for the wrapper's `data-island`, for tests and the reader of the HTML */
  name: string;
  /** asked once the page is idle; true loads the island then, wherever it is on the page */
  wanted?: () => Promise<boolean>;
  /**
   * Imports of the island's largest libraries, evaluated one task apart before
   * the island's own code when a prerendered island is loaded, so no one long
   * task holds up a tap on a slow phone.
   */
  steps?: (() => Promise<unknown>)[];
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs `steps` one task apart; a step that fails (offline) is left to the island's own load, which retries. */
async function oneTaskApart(steps: (() => Promise<unknown>)[]) {
  for (const step of steps) {
    try {
      await step();
    } catch {
      return;
    }
    await nextTask();
  }
}

/** Events inside the island that mean the visitor is using it now. */
const TOUCH_EVENTS = ["pointerdown", "touchstart", "focusin", "keydown"] as const;

const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === "function" ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200);

/**
 * A module that is already here, as a thenable that answers at once: React's
 * `lazy` then renders it in the same pass instead of suspending.
 */
const resolved = <P,>(component: ComponentType<P>) =>
  ({
    then: (fulfil: (m: { default: ComponentType<P> }) => void) => fulfil({ default: component }),
  }) as unknown as Promise<{
    default: ComponentType<P>;
  }>;

/** Fetches the code, again and again on `online` or a touch, until it arrives; never rejects. */
function loadUntilLoaded<P>(load: () => Promise<ComponentType<P>>, retry: (again: () => void) => void) {
  return new Promise<{ default: ComponentType<P> }>((resolve) => {
    const attempt = () =>
      load().then(
        (component) => resolve({ default: component }),
        () => retry(attempt),
      );
    attempt();
  });
}

/** Opens `gate` when the island is touched, near the viewport (when idle), or wanted (when idle). */
function watchIsland(element: HTMLElement, open: () => void, wanted?: () => Promise<boolean>) {
  let idle: ReturnType<typeof whenIdle> | undefined;
  const openWhenIdle = () => (idle ??= whenIdle(open));
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && openWhenIdle(), {
    rootMargin: "100% 0px",
  });
  observer.observe(element);
  for (const type of TOUCH_EVENTS) element.addEventListener(type, open, { capture: true, passive: true });
  void wanted?.().then(
    (yes) => yes && openWhenIdle(),
    () => undefined,
  );
  return () => {
    observer.disconnect();
    for (const type of TOUCH_EVENTS) element.removeEventListener(type, open, { capture: true });
  };
}

/**
 * `deferred(() => import("./Form").then((m) => m.Form), { name: "quote-form" })`:
 * a component that renders `Form` with the same props, its code loaded as described above.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { name, wanted, steps = [] }: Options,
) {
  // On the server the island's code is loaded at once and waited for before the
  // island renders, so the island is written into the page's HTML in place.
  let onServer: ComponentType<P> | undefined;
  const serverLoad = typeof window === "undefined" ? load().then((c) => (onServer = c)) : undefined;

  function Deferred(props: P) {
    // on the server: the page waits for the island's code (a build-time wait only)
    if (serverLoad && !onServer) use(serverLoad);
    const id = useId();
    const [island] = useState(() => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      const retries = new Set<() => void>();
      const inBrowser = async () => {
        // after a client-side navigation there is no prerendered HTML to keep: load at once
        if (document.getElementById(id)?.hasChildNodes()) {
          await opened;
          await oneTaskApart(steps);
        }
        return loadUntilLoaded(load, (again) => {
          retries.add(again);
          window.addEventListener("online", again, { once: true });
        });
      };
      // on the server the code is here by now (waited for above)
      const Island = lazy(() => (onServer ? resolved(onServer) : inBrowser()));
      // a touch opens the gate and retries a download that failed
      const touched = () => {
        open();
        for (const again of retries) again();
        retries.clear();
      };
      return { Island, touched };
    });

    useEffect(() => {
      const element = document.getElementById(id);
      return element ? watchIsland(element, island.touched, wanted) : undefined;
    }, [id, island]);

    return (
      <div id={id} data-island={name}>
        <Activity mode="visible">
          <island.Island {...props} />
        </Activity>
      </div>
    );
  }
  Deferred.displayName = `Deferred(${name})`;
  return Deferred;
}
