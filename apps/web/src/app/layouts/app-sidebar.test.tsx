// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AppSidebarNav } from "./app-sidebar.tsx";

afterEach(cleanup);

function renderAt(path: string, markers: Record<string, boolean>) {
  const router = createMemoryRouter([{ path: "*", element: <AppSidebarNav markers={markers} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

describe("the sidebar", () => {
  it("puts the purple dot on Press Radar only while it has unseen mentions", () => {
    renderAt("/dashboard", { "/press-radar": true });
    const pressRadar = screen.getByRole("link", { name: /Press Radar/ });
    expect(pressRadar.querySelector("[data-marker]")).not.toBeNull();
    expect(document.querySelectorAll("[data-marker]")).toHaveLength(1);
    cleanup();
    renderAt("/dashboard", { "/press-radar": false });
    expect(document.querySelectorAll("[data-marker]")).toHaveLength(0);
  });

  it("shows each page with an icon of its own", () => {
    renderAt("/dashboard", {});
    const links = within(screen.getByRole("navigation", { name: "Main" })).getAllByRole("link");
    const icons = links.map((link) => link.querySelector("svg")?.getAttribute("class") ?? "");
    expect(links.length).toBeGreaterThan(10);
    expect(icons.every((icon) => /\blucide-[a-z]/.test(icon))).toBe(true);
    expect(new Set(icons).size).toBe(links.length);
  });

  it("marks the current page, also below it", () => {
    renderAt("/settings/security", {});
    const nav = screen.getByRole("navigation", { name: "Main" });
    const current = within(nav)
      .getAllByRole("link")
      .filter((link) => link.getAttribute("aria-current") === "page");
    expect(current.map((link) => link.textContent)).toEqual(["Settings"]);
  });
});
