import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the prerenderer and during hydration, true afterwards: for what the static HTML cannot
 * know (the query string, storage), so hydration still matches the prerendered markup.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
