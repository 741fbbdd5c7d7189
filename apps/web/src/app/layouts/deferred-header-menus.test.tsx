// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../../lib/session/session-provider.tsx", () => ({
  useSession: () => ({
    session: { user: { email: "ada@example.com", name: "Ada Lovelace" } },
    client: { signOut: vi.fn() },
  }),
  displayName: () => "Ada Lovelace",
}));
vi.mock("../../features/notifications/api/list-notifications.ts", () => ({
  useNotifications: () => ({ data: [] }),
}));

const { DeferredHeaderMenus } = await import("./deferred-header-menus.tsx");

afterEach(cleanup);

function renderMenus() {
  const client = new QueryClient();
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <QueryClientProvider client={client}>
            <DeferredHeaderMenus onNotificationsClosed={() => {}} />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ["/dashboard"] },
  );
  render(<RouterProvider router={router} />);
}

describe("the header's deferred menus", () => {
  // First in the file: the menus' module is still unloaded (later renders get it at once).
  it("drop a press that Escape cancelled before the menu could open", async () => {
    renderMenus();
    const placeholder = screen.getByRole("button", { name: "Notifications" });
    placeholder.focus();
    fireEvent.pointerDown(placeholder, { button: 0, pointerType: "mouse" });
    fireEvent.keyDown(placeholder, { key: "Escape" });
    // The real trigger (Radix marks it with data-state) replaces the look-alike; no menu opens.
    await waitFor(
      () =>
        expect(
          screen.getByRole("button", { name: /^Notifications/ }).getAttribute("data-state"),
        ).toBe("closed"),
      { timeout: 15_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole("menu")).toBeNull();
    cleanup();
  }, 20_000);

  it("show look-alike buttons first, and a key pressed on one opens the real menu once loaded", async () => {
    renderMenus();
    const placeholder = screen.getByRole("button", { name: "User menu" });
    expect(placeholder.textContent).toBe("AL");
    expect(screen.queryByRole("menu")).toBeNull();
    placeholder.focus();
    fireEvent.keyDown(placeholder, { key: "Enter" });
    // The real menus load as a separate chunk: seconds on a busy machine, so a generous wait.
    const menu = await screen.findByRole("menu", {}, { timeout: 15_000 });
    expect(menu.textContent).toContain("ada@example.com");
    // Opened from the keyboard, focus is inside the menu, as with Radix's own trigger.
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  }, 20_000);
});
