import "../lib/zod-config.ts";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppTree } from "./app-tree.tsx";
import { AppRoutes, routes } from "./router.tsx";
import { loadRoutesFor, RoutesBrowserRouter } from "./routes/declare-routes.tsx";

/**
 * Renders the app into #root: hydrates a prerendered page, else renders from scratch. Resolves
 * once the first render has committed (event listeners attached). `beforeHydrate` may hold the
 * hydration back (main.tsx: until a dialog asked for meanwhile has painted).
 */
export async function startApp(
  container: HTMLElement,
  options: { hydrate: boolean; beforeHydrate?: () => Promise<unknown> | undefined },
) {
  // The current address's route modules first: hydration then renders what was prerendered, and
  // a first render does not suspend with no page on screen.
  await loadRoutesFor(routes, window.location.pathname).catch(() => {});
  if (options.hydrate) await options.beforeHydrate?.();
  await new Promise<void>((resolve) => {
    const app = (
      <AppTree onReady={resolve} isHydrating={options.hydrate}>
        <RoutesBrowserRouter routes={routes}>
          <AppRoutes />
        </RoutesBrowserRouter>
      </AppTree>
    );
    if (options.hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
