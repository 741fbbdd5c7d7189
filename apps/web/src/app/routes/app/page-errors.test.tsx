// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Outlet, useRoutes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { declareRoutes } from "../declare-routes.tsx";
import { appPageRoutes } from "./app-page-routes.tsx";

afterEach(cleanup);

function Broken(): never {
  throw new Error("chart exploded");
}

describe("a page that fails to render", () => {
  it("shows the spec's error screen inside the frame, which keeps working", async () => {
    // React and the router report the caught error on the console; that is expected here.
    vi.mocked(console.error).mockImplementation(() => {});
    const routes = appPageRoutes.map((route) => ({
      ...route,
      lazy: undefined,
      element: <Broken />,
    }));
    const declared = declareRoutes([
      {
        element: (
          <nav aria-label="Frame">
            <Outlet />
          </nav>
        ),
        children: routes,
      },
    ]);
    function Routes() {
      return useRoutes(declared);
    }
    render(
      <MemoryRouter initialEntries={["/messages"]}>
        <Routes />
      </MemoryRouter>,
    );
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(
      screen.getByText("An unexpected error occurred. Please try reloading the page."),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload Page" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Frame" })).toBeTruthy();
    expect(routes.map((route) => route.path)).toEqual([
      "dashboard",
      "audience-insights",
      "post-performance",
      "competitors",
      "content-scheduler",
      "reviews",
      "messages",
      "mentions",
      "trend-radar",
      "press-radar",
      "settings",
      "reports",
      "reports/:id",
    ]);
  });
});
