// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { type ComponentType, Suspense } from "react";
import { Link, MemoryRouter, Outlet, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  loadRoutesFor,
  matchesARoute,
  RoutesBrowserRouter,
  routesComponent,
  startLoadingRoutesFor,
  useRouteCodeLoading,
  useRouteError,
} from "./declare-routes.tsx";
import type { AppRoute, LazyRoute } from "./lazy-page.ts";

afterEach(cleanup);

/** A route module that arrives when the test says so. */
function deferredModule(Component: ComponentType, handle?: { hydrate: "load" }) {
  let arrive: () => void = () => {};
  const lazy = vi.fn<LazyRoute>(
    () =>
      new Promise((resolve) => {
        arrive = () => resolve({ Component, ...(handle ? { handle } : {}) });
      }),
  );
  return { lazy, arrive: () => act(async () => arrive()) };
}

async function renderRoutes(routes: AppRoute[], at: string) {
  const Routes = routesComponent(routes);
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[at]}>
        <Suspense fallback={<p>Loading...</p>}>
          <Routes />
        </Suspense>
      </MemoryRouter>,
    );
  });
}

function ShowError() {
  const error = useRouteError();
  return <p role="alert">{error instanceof Error ? error.message : "?"}</p>;
}

describe("the app's routes on the declarative router", () => {
  it("renders a route's code once it has loaded, the fallback meanwhile, and loads it once", async () => {
    const page = deferredModule(() => <h1>Dashboard</h1>);
    await renderRoutes([{ path: "dashboard", lazy: page.lazy }], "/dashboard");
    expect(screen.getByText("Loading...")).toBeTruthy();
    await page.arrive();
    expect(screen.getByRole("heading", { name: "Dashboard" })).toBeTruthy();
    expect(page.lazy).toHaveBeenCalledTimes(1);
  });

  it("requests a nested route's code with its layout's, not after it", async () => {
    const layout = deferredModule(() => (
      <section aria-label="Frame">
        <Outlet />
      </section>
    ));
    const page = deferredModule(() => <h1>Settings</h1>);
    await renderRoutes(
      [{ lazy: layout.lazy, children: [{ path: "settings", lazy: page.lazy }] }],
      "/settings",
    );
    expect(layout.lazy).toHaveBeenCalledTimes(1);
    expect(page.lazy).toHaveBeenCalledTimes(1);
    await page.arrive();
    await layout.arrive();
    expect(screen.getByRole("heading", { name: "Settings" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Frame" })).toBeTruthy();
  });

  it("loads every matched route's code for a prerendered page and reads the handles", async () => {
    const layout = deferredModule(() => <Outlet />);
    const page = deferredModule(() => <h1>Templates</h1>, { hydrate: "load" });
    const routes: AppRoute[] = [
      { lazy: layout.lazy, children: [{ path: "resources/templates", lazy: page.lazy }] },
    ];
    const handles = loadRoutesFor(routes, "/resources/templates");
    // Both requested before either arrived.
    expect(layout.lazy).toHaveBeenCalledTimes(1);
    expect(page.lazy).toHaveBeenCalledTimes(1);
    await layout.arrive();
    await page.arrive();
    await expect(handles).resolves.toEqual([{ hydrate: "load" }]);
    expect(startLoadingRoutesFor(routes, "/elsewhere")).toEqual([]);
    expect(matchesARoute(routes, "/resources/templates")).toBe(true);
    expect(matchesARoute([...routes, { path: "*", element: <p /> }], "/nope")).toBe(false);
  });

  it("shows a route's error element when its code fails, and retries after a navigation", async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    let failing = true;
    let attempts = 0;
    const lazy: LazyRoute = async () => {
      attempts++;
      if (failing) throw new Error("Failed to fetch dynamically imported module");
      return { Component: () => <h1>Messages</h1> };
    };
    await renderRoutes(
      [
        {
          element: (
            <nav aria-label="Frame">
              <Link to="/messages?again">again</Link>
              <Outlet />
            </nav>
          ),
          children: [{ path: "messages", lazy, errorElement: <ShowError /> }],
        },
      ],
      "/messages",
    );
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to fetch dynamically imported module",
    );
    // The frame around the failed route keeps working; the next address tries the code again.
    const failedAttempts = attempts;
    failing = false;
    await act(async () => screen.getByRole("link", { name: "again" }).click());
    expect(await screen.findByRole("heading", { name: "Messages" })).toBeTruthy();
    expect(attempts).toBe(failedAttempts + 1);
  });

  it("says while a route's code is on its way", async () => {
    const page = deferredModule(() => <h1>Pricing</h1>);
    const seen: boolean[] = [];
    function Bar() {
      seen.push(useRouteCodeLoading());
      return null;
    }
    render(<Bar />);
    void startLoadingRoutesFor([{ path: "pricing", lazy: page.lazy }], "/pricing");
    await act(async () => {});
    expect(seen.at(-1)).toBe(true);
    await page.arrive();
    await act(async () => {});
    expect(seen.at(-1)).toBe(false);
  });
});

describe("the browser router", () => {
  it("keeps the page before on screen, with its address, until the next page's code arrives", async () => {
    window.history.replaceState(null, "", "/home");
    const home = deferredModule(() => <h1>Home</h1>);
    const pricing = deferredModule(() => <h1>Pricing</h1>);
    const blog = deferredModule(() => <h1>Blog</h1>);
    const routes: AppRoute[] = [
      { path: "home", lazy: home.lazy },
      { path: "pricing", lazy: pricing.lazy },
      { path: "blog", lazy: blog.lazy },
    ];
    const Routes = routesComponent(routes);
    function Where() {
      return <output>{useLocation().pathname}</output>;
    }
    function Progress() {
      return useRouteCodeLoading() ? <p>Loading code</p> : null;
    }
    await act(async () => {
      render(
        <RoutesBrowserRouter routes={routes}>
          <Suspense fallback={<p>Loading...</p>}>
            <Where />
            <Progress />
            <Routes />
            <Link to="/pricing">Pricing</Link>
            <Link to="/blog">Blog</Link>
          </Suspense>
        </RoutesBrowserRouter>,
      );
    });
    await home.arrive();
    expect(screen.getByRole("heading", { name: "Home" })).toBeTruthy();

    await act(async () => screen.getByRole("link", { name: "Pricing" }).click());
    expect(window.location.pathname).toBe("/pricing");
    expect(screen.getByRole("heading", { name: "Home" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("/home");
    expect(screen.getByText("Loading code")).toBeTruthy();
    expect(screen.queryByText("Loading...")).toBeNull();

    // Left for another page before its code came: that page is never shown.
    await act(async () => screen.getByRole("link", { name: "Blog" }).click());
    await pricing.arrive();
    expect(screen.getByRole("heading", { name: "Home" })).toBeTruthy();
    await blog.arrive();
    expect(screen.getByRole("heading", { name: "Blog" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("/blog");
    expect(screen.queryByText("Loading code")).toBeNull();

    // Back to a page whose code is here: at once.
    await act(async () => screen.getByRole("link", { name: "Pricing" }).click());
    expect(screen.getByRole("heading", { name: "Pricing" })).toBeTruthy();
  });
});
