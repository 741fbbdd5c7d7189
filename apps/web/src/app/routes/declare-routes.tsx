import {
  createContext,
  type ReactNode,
  use,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  matchRoutes,
  Outlet,
  type RouteObject,
  Router,
  useLocation,
  useRoutes,
} from "react-router";
import { ErrorBoundary } from "../../components/feedback/error-boundary.tsx";
import type { AppRoute, LazyRoute, RouteHandle } from "./lazy-page.ts";

/*
 * The app's routes run on React Router's declarative router (<BrowserRouter>, useRoutes), whose
 * code is less than half of the data router's (issue 27: /dashboard's first load). What the data
 * router did for us is here: route modules loaded on demand (a Suspense boundary waits for them;
 * a navigation keeps the page before on screen meanwhile: RoutesBrowserRouter), an error element
 * per route, and whether a route's code is on its way (the public site's progress bar).
 */

type Loaded = Awaited<ReturnType<LazyRoute>>;
type Entry =
  | { status: "loading"; promise: Promise<Loaded> }
  | { status: "loaded"; promise: Promise<Loaded>; value: Loaded };

const entries = new Map<LazyRoute, Entry>();
let loading = 0;
const listeners = new Set<() => void>();
// Told after the render that started a load, never during it.
const notify = () =>
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });

/** Starts (once) loading a route's code; a failed load is forgotten so the next render retries. */
function load(lazy: LazyRoute): Entry {
  const known = entries.get(lazy);
  if (known) return known;
  loading++;
  notify();
  const promise = lazy().then(
    (value) => {
      entries.set(lazy, { status: "loaded", promise, value });
      return value;
    },
    (error: unknown) => {
      entries.delete(lazy);
      throw error;
    },
  );
  void promise
    .finally(() => {
      loading--;
      notify();
    })
    .catch(() => {});
  const entry: Entry = { status: "loading", promise };
  entries.set(lazy, entry);
  return entry;
}

/** True while some route's code is loading (a navigation waits for it). */
export function useRouteCodeLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading > 0,
    () => false,
  );
}

function LazyRouteElement({ lazy }: { lazy: LazyRoute }) {
  const entry = load(lazy);
  const { Component } = entry.status === "loaded" ? entry.value : use(entry.promise);
  return <Component />;
}

const RouteErrorContext = createContext<unknown>(undefined);

/** The error a route's error element stands for. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

/** Clears the caught error when the address changes (another page may well work). */
function ResetOnNavigation({ reset }: { reset: () => void }) {
  const location = useLocation();
  const caughtAt = useRef(location);
  useEffect(() => {
    if (location !== caughtAt.current) reset();
  }, [location, reset]);
  return null;
}

function RouteErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(error, reset) => (
        <RouteErrorContext value={error}>
          <ResetOnNavigation reset={reset} />
          {fallback}
        </RouteErrorContext>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/**
 * The component that renders `routes` for the current address (inside <BrowserRouter>,
 * <StaticRouter> or <MemoryRouter>). Every route the address matches has its code requested at
 * once, rather than each nested route's only once the route around it has rendered (a waterfall
 * the data router never had); requesting is idempotent, each module is fetched once.
 */
export function routesComponent(routes: AppRoute[]) {
  const declared = declareRoutes(routes);
  return function Routes() {
    const { pathname } = useLocation();
    // A failed load needs no handler here: load() handles its promise, and the element that
    // renders the route shows the failure.
    startLoadingRoutesFor(routes, pathname);
    return useRoutes(declared);
  };
}

/** What a route renders: its element or its code, inside its error element's boundary. */
function routeElement(route: AppRoute): ReactNode {
  const element = route.lazy ? <LazyRouteElement lazy={route.lazy} /> : route.element;
  if (route.errorElement === undefined) return element;
  return (
    <RouteErrorBoundary fallback={route.errorElement}>{element ?? <Outlet />}</RouteErrorBoundary>
  );
}

/** React Router's declarative routes for the app's route tree. */
export function declareRoutes(routes: AppRoute[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const element = routeElement(route);
    if (route.index) return { index: true, element };
    const children = route.children ? declareRoutes(route.children) : undefined;
    return { path: route.path, element, children };
  });
}

/**
 * Loads the code of every route `pathname` matches, so the first render (hydrating a prerendered
 * page, or prerendering it) has everything without suspending. Resolves to their handles.
 */
export async function loadRoutesFor(routes: AppRoute[], pathname: string): Promise<RouteHandle[]> {
  const loaded = await Promise.all(startLoadingRoutesFor(routes, pathname));
  return loaded.flatMap((module) => (module?.handle ? [module.handle] : []));
}

/** The routes `pathname` matches, outermost first (React Router reads only paths and children). */
function routesMatching(routes: AppRoute[], pathname: string): AppRoute[] {
  const matches = matchRoutes(routes as unknown as RouteObject[], pathname) ?? [];
  return matches.map(({ route }) => route as unknown as AppRoute);
}

/**
 * Settles once the code of every route `pathname` matches is here (loaded or failed); undefined
 * when it is here already.
 */
function routeCodeArriving(routes: AppRoute[], pathname: string): Promise<unknown> | undefined {
  const arriving = codeOfRoutesFor(routes, pathname).flatMap((entry) =>
    entry?.status === "loading" ? [entry.promise] : [],
  );
  return arriving.length > 0 ? Promise.allSettled(arriving) : undefined;
}

/**
 * <BrowserRouter> that moves the app to a new address once the code of the routes it matches has
 * arrived: until then the page before stays on screen, with its own address (the public site shows
 * its progress bar meanwhile). React did this by rendering navigations as transitions; the
 * browser's renderer, Preact, has none (decision 044), so the router waits itself. The latest
 * address wins: one left before its code arrived is never shown.
 */
export function RoutesBrowserRouter({
  routes,
  children,
}: {
  routes: AppRoute[];
  children: ReactNode;
}) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(() => {
    let latest: unknown;
    return history.listen((next) => {
      latest = next;
      const arriving = routeCodeArriving(routes, next.location.pathname);
      if (!arriving) setState(next);
      else
        void arriving.then(() => {
          if (latest === next) setState(next);
        });
    });
  }, [history, routes]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}

/** The code of every route `pathname` matches (undefined for a route without), all requested at once. */
function codeOfRoutesFor(routes: AppRoute[], pathname: string): (Entry | undefined)[] {
  return routesMatching(routes, pathname).map((route) =>
    route.lazy ? load(route.lazy) : undefined,
  );
}

/** Starts loading the code of every route `pathname` matches, all at once. */
export function startLoadingRoutesFor(routes: AppRoute[], pathname: string) {
  return codeOfRoutesFor(routes, pathname).map((entry) => entry?.promise);
}

/** Whether `pathname` is one of the routes (not the catch-all not-found page). */
export function matchesARoute(routes: AppRoute[], pathname: string): boolean {
  const matches = routesMatching(routes, pathname);
  return matches.length > 0 && matches.at(-1)?.path !== "*";
}
