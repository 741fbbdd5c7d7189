// @vitest-environment jsdom
import type { InstagramConnection } from "@sightline/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetProfileRefreshForTests } from "../api/use-instagram-connection.ts";
import { InstagramGuard } from "./instagram-guard.tsx";

const connection: InstagramConnection = {
  id: "c1",
  user_id: "u1",
  workspace_id: "w1",
  instagram_id: "17841400000000001",
  page_instagram_id: null,
  instagram_username: "lena.makes",
  token_expires_at: "2027-01-01T00:00:00.000Z",
  profile_picture_url: "https://scontent.cdninstagram.com/lena.jpg",
  followers_count: 12_400,
  updated_at: new Date().toISOString(),
  login: "instagram",
  status: "active",
  status_reason: null,
  scopes: ["instagram_business_basic"],
  name: "Lena Park",
  account_type: "MEDIA_CREATOR",
  follows_count: 300,
  media_count: 80,
  connected_at: "2026-01-01T00:00:00.000Z",
  last_synced_at: null,
  sync_notes: [],
};

function answer(body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderGuarded() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: "/post-performance",
        element: (
          <InstagramGuard>
            <h2>Post performance page</h2>
          </InstagramGuard>
        ),
      },
    ],
    { initialEntries: ["/post-performance"] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(resetProfileRefreshForTests);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("InstagramGuard", () => {
  it("shows skeletons shaped like the page while the connection loads", () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderGuarded();
    expect(screen.getByRole("status", { name: "Loading your Instagram account" })).toBeTruthy();
    expect(screen.getAllByTestId("skeleton-figure")).toHaveLength(4);
    expect(screen.queryByText("Post performance page")).toBeNull();
  });

  it("asks to connect Instagram, in the spec's words, when there is no connection", async () => {
    const fetchMock = answer({ connection: null });
    renderGuarded();
    expect(
      await screen.findByRole("heading", { name: "Connect Instagram to Get Started" }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "Connect your Instagram Business account to view post performance analytics, audience insights, and manage your messages.",
      ),
    ).toBeTruthy();
    const link = screen.getByRole("link", { name: "Go to Settings" });
    expect(link.getAttribute("href")).toBe("/settings?connect=instagram");
    expect(screen.queryByText("Post performance page")).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/instagram/connection",
      expect.objectContaining({ method: "GET" }),
    );
  });

  it("shows the page with a connected account, and refreshes nothing that is fresh", async () => {
    const fetchMock = answer({ connection });
    renderGuarded();
    expect(await screen.findByRole("heading", { name: "Post performance page" })).toBeTruthy();
    expect(screen.queryByText("Connect Instagram to Get Started")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the page under a reconnect banner when the access ended", async () => {
    answer({
      connection: {
        ...connection,
        status: "needs_reconnection",
        status_reason: "The Instagram password was changed.",
      },
    });
    renderGuarded();
    expect(await screen.findByRole("heading", { name: "Post performance page" })).toBeTruthy();
    const banner = screen.getByRole("alert");
    expect(banner.textContent).toContain("@lena.makes needs reconnecting");
    expect(banner.textContent).toContain("The Instagram password was changed.");
    expect(screen.getByRole("button", { name: "Reconnect" })).toBeTruthy();
  });
});
