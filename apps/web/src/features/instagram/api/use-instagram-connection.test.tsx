// @vitest-environment jsdom
import type { InstagramConnection } from "@sightline/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { needsProfileRefresh } from "../utils/connection-details.ts";
import { resetProfileRefreshForTests, useInstagramConnection } from "./use-instagram-connection.ts";

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

const stale: InstagramConnection = {
  id: "c1",
  user_id: "u1",
  workspace_id: "w1",
  instagram_id: "17841400000000001",
  page_instagram_id: null,
  instagram_username: "lena.makes",
  token_expires_at: null,
  profile_picture_url: null,
  followers_count: null,
  updated_at: "2026-01-01T00:00:00.000Z",
  login: "instagram",
  status: "active",
  status_reason: null,
  scopes: [],
  name: null,
  account_type: null,
  follows_count: null,
  media_count: null,
  connected_at: "2026-01-01T00:00:00.000Z",
  last_synced_at: null,
  sync_notes: [],
};

beforeEach(resetProfileRefreshForTests);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("useInstagramConnection", () => {
  it("logs a failed load and reports no connection (spec §8)", async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: "internal", message: "Database down" } }), {
            status: 500,
          }),
      ),
    );
    const { result } = renderHook(() => useInstagramConnection(), { wrapper });
    expect(result.current).toEqual({ connected: false, loading: true, connection: null });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toEqual({ connected: false, loading: false, connection: null });
    expect(logged).toHaveBeenCalledWith(
      "Failed to load the Instagram connection",
      expect.objectContaining({ message: "Database down" }),
    );
  });

  it("refreshes a stale profile once in the background and shows the answer", async () => {
    const refreshed = {
      ...stale,
      profile_picture_url: "https://scontent.cdninstagram.com/p.jpg",
      followers_count: 12_400,
      updated_at: new Date().toISOString(),
    };
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith("/instagram-refresh-profile")
        ? new Response(JSON.stringify({ connection: refreshed }))
        : new Response(JSON.stringify({ connection: stale })),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { result } = renderHook(() => useInstagramConnection(), { wrapper });
    await waitFor(() => expect(result.current.connection?.followers_count).toBe(12_400));
    expect(result.current.connected).toBe(true);
    const refreshCalls = fetchMock.mock.calls.filter(([input]) =>
      String(input).endsWith("/instagram-refresh-profile"),
    );
    expect(refreshCalls).toHaveLength(1);
    // Once per page load, even for another component on another query client.
    renderHook(() => useInstagramConnection(), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(
      fetchMock.mock.calls.filter(([input]) =>
        String(input).endsWith("/instagram-refresh-profile"),
      ),
    ).toHaveLength(1);
  });
});

describe("needsProfileRefresh (spec §9)", () => {
  const now = Date.parse("2026-03-02T12:00:00.000Z");
  const fresh = {
    ...stale,
    profile_picture_url: "https://scontent.cdninstagram.com/p.jpg",
    followers_count: 10,
    updated_at: "2026-03-01T12:00:00.000Z",
  };
  it("is false for a complete row of exactly 24 hours, true just after", () => {
    expect(needsProfileRefresh(fresh, now)).toBe(false);
    expect(needsProfileRefresh(fresh, now + 1)).toBe(true);
  });
  it("is true when the picture or the follower count is missing", () => {
    expect(needsProfileRefresh({ ...fresh, profile_picture_url: null }, now)).toBe(true);
    expect(needsProfileRefresh({ ...fresh, followers_count: null }, now)).toBe(true);
  });
  it("is false when the access ended (the server would answer null)", () => {
    expect(needsProfileRefresh({ ...stale, status: "needs_reconnection" }, now)).toBe(false);
  });
});
