import "../lib/zod-config.ts";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppTree } from "./app-tree.tsx";
import { AppRoutes, routes } from "./router.tsx";
import { loadRoutesFor } from "./routes/declare-routes.tsx";

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
    // The current address's route modules, so hydration renders what was prerendered.
    await loadRoutesFor(routes, window.location.pathname);
    await options.beforeHydrate?.();
  }
  await new Promise<void>((resolve) => {
    const app = (
      <AppTree onReady={resolve} isHydrating={options.hydrate}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppTree>
    );
    if (options.hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
