import "../lib/zod-config.ts";
import { createRoot, hydrateRoot } from "react-dom/client";
import {
  createBrowserRouter,
  type HydrationState,
  matchRoutes,
  type RouteObject,
  RouterProvider,
} from "react-router";
import { AppTree } from "./app-tree.tsx";
import { routes } from "./router.tsx";

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationState;
  }
}

/** Resolves the lazy route modules of the current address, so hydration renders what was prerendered. */
async function loadCurrentRoutes(routeObjects: RouteObject[]) {
  const matches = matchRoutes(routeObjects, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Renders the app into #root: hydrates a prerendered page, else renders from scratch. Resolves
 * once the first render has committed (event listeners attached). `beforeHydrate` may hold the
 * hydration back (main.tsx: until a dialog asked for meanwhile has painted).
 */
export async function startApp(
  container: HTMLElement,
  options: { hydrate: boolean; beforeHydrate?: () => Promise<unknown> | undefined },
) {
  if (options.hydrate) {
    await loadCurrentRoutes(routes);
    await options.beforeHydrate?.();
  }
  const router = createBrowserRouter(
    routes,
    options.hydrate ? { hydrationData: window.__staticRouterHydrationData } : {},
  );
  await new Promise<void>((resolve) => {
    const app = (
      <AppTree onReady={resolve} isHydrating={options.hydrate}>
        <RouterProvider router={router} />
      </AppTree>
    );
    if (options.hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
