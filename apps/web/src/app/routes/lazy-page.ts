import type { ComponentType } from "react";
import type { RouteObject } from "react-router";

type PageModule = { default: ComponentType };
export type LazyRoute = NonNullable<RouteObject["lazy"]>;

/**
 * A route whose module loads on demand. The router resolves it before rendering (and, for
 * prerendered pages, before hydrating, see start-app.tsx); meanwhile the 'Loading...' fallback shows.
 */
export function lazyPage(load: () => Promise<PageModule>, handle?: { hydrate: "load" }): LazyRoute {
  return async () => ({ Component: (await load()).default, ...(handle ? { handle } : {}) });
}
