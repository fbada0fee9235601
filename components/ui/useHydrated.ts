import { useSyncExternalStore } from "react";

const noChanges = () => () => {};

/**
 * False in the prerendered HTML and while hydrating, true once the page's script
 * runs. Controls that need the script render disabled (or leave a state to the
 * browser) until then, so nothing on screen looks usable and ignores a tap.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
