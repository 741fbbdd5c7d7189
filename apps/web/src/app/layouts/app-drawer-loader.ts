type AppDrawerComponent = typeof import("./app-drawer.tsx").default;

/**
 * The phone drawer (the sidebar below the `lg` breakpoint, a Radix dialog) is its own chunk, so a
 * wide screen never loads it. On a narrow screen the app layout's route loads it alongside the
 * layout (router.tsx), so the menu button opens it at once; a screen that narrows later fetches it
 * when the button shows or is approached.
 */
export let loadedDrawer: AppDrawerComponent | undefined;

export function loadDrawer(): Promise<AppDrawerComponent> {
  return import("./app-drawer.tsx").then((module) => {
    loadedDrawer = module.default;
    return module.default;
  });
}

/** Below Tailwind's `lg` (64rem), where the sidebar is a drawer. */
export const narrowScreenQuery = "not all and (min-width: 64rem)";

export function isNarrowScreen(): boolean {
  return typeof window?.matchMedia === "function" && window.matchMedia(narrowScreenQuery).matches;
}
