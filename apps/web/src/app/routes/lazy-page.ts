import type { ComponentType, ReactNode } from "react";

type PageModule = { default: ComponentType };
/** What a route module says about itself: "load" when its prerendered page hydrates at once. */
export type RouteHandle = { hydrate: "load" };
/** A route's code, loaded on demand: the component it renders and its handle. */
export type LazyRoute = () => Promise<{ Component: ComponentType; handle?: RouteHandle }>;

/**
 * One route of the app (router.tsx): a path (or an index, or neither for a layout), what it
 * renders (an element, or a component whose code loads on demand), the element shown when it or
 * a route inside it fails, and its children. routes/declare-routes.tsx turns the tree into React
 * Router's declarative routes.
 */
export interface AppRoute {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  lazy?: LazyRoute;
  errorElement?: ReactNode;
  children?: AppRoute[];
}

/**
 * A route whose module loads on demand. It is resolved before rendering a prerendered page (and
 * before hydrating it, see start-app.tsx); otherwise the nearest 'Loading...' fallback shows, or,
 * on a navigation, the page before stays until the new one's code has arrived.
 */
export function lazyPage(load: () => Promise<PageModule>, handle?: RouteHandle): LazyRoute {
  return async () => ({ Component: (await load()).default, ...(handle ? { handle } : {}) });
}
