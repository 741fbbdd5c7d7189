// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TrendRadarState } from "../api/get-trend-radar.ts";
import type { TrendSuggestions } from "../api/get-trend-suggestions.ts";
import { TrendRadarView } from "./trend-radar-view.tsx";

const nextSlotAt = "2026-11-30T14:55:00.000Z";

function hashtag(name: string, current: number, previous: number, label: string, velocity: number) {
  return {
    id: `h-${name}`,
    name,
    lastSampledAt: "2026-11-23T14:00:00.000Z",
    lastError: null,
    pausedReason: null,
    stats: {
      sampledAt: "2026-11-23T14:00:00.000Z",
      dailyVolume: current + previous,
      currentVolume: current,
      previousVolume: previous,
      velocity,
      label,
      reason: `${current} posts in the last 12 h, ${previous} in the 12 h before.`,
      medianTopEngagement: 3100,
      topCount: 49,
      coHashtags: [],
    },
    topMedia: [],
  };
}

const spentState = {
  plan: "free",
  hashtagLimit: 3,
  blocker: null,
  blockerKind: null,
  budget: { limit: 30, used: 30, remaining: 0, nextSlotAt, counted: ["coffee", "latte"] },
  hashtags: [
    hashtag("coffee", 20, 15, "Rising", 0.33),
    hashtag("latteart", 11, 15, "Cooling", -0.27),
  ],
} as unknown as TrendRadarState;

const suggestions = {
  bestPosts: {
    sampleSize: 20,
    postCount: 203,
    hashtags: [
      { tag: "v60", posts: 8 },
      { tag: "latte", posts: 6 },
    ],
  },
  ideas: [
    {
      hashtag: "coffee",
      reason: "20 posts in the last 12 h, 15 in the 12 h before (+33%).",
      hashtags: ["coffee", "pourover", "v60"],
      sampleSize: 49,
    },
  ],
} as unknown as TrendSuggestions;

function answer(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://app.test");
    const body = routes[url.pathname];
    if (body === undefined) return new Response("{}", { status: 404 });
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderView() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/trend-radar", element: <TrendRadarView /> }], {
    initialEntries: ["/trend-radar"],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("TrendRadarView", () => {
  it("says when the next look-up frees once the week's 30 are spent, and keeps repeats trackable", async () => {
    answer({ "/api/trend-radar": spentState, "/api/trend-radar/suggestions": suggestions });
    // The Free plan's 3 hashtags leave room for one more here.
    renderView();
    const spent = await screen.findByTestId("budget-spent");
    const when = new Intl.DateTimeFormat(undefined, {
      dateStyle: "medium",
      timeStyle: "short",
    }).format(new Date(nextSlotAt));
    expect(spent.textContent).toBe(
      `You have used all 30 hashtag look-ups Instagram allows in 7 days. The next one frees up on ${when}. A hashtag looked up this week can still be tracked.`,
    );
    const input = screen.getByLabelText("Hashtag");
    const track = screen.getByRole("button", { name: "Track" });
    fireEvent.change(input, { target: { value: "pourover" } });
    expect((track as HTMLButtonElement).disabled).toBe(true);
    // A hashtag already looked up this week costs nothing, so it can still be tracked.
    fireEvent.change(input, { target: { value: "#latte" } });
    expect((track as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId("budget-spent")).toBeNull();
    expect(screen.getByText("Already looked up this week: tracking it is free.")).toBeTruthy();
    // Among the best posts' hashtags, only the one already looked up offers tracking.
    expect(await screen.findByRole("button", { name: "Track #latte" })).toBeTruthy();
    expect(screen.getByText("#v60")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Track #v60" })).toBeNull();
  });

  it("labels each trend in words with the numbers behind it", async () => {
    answer({ "/api/trend-radar": spentState, "/api/trend-radar/suggestions": suggestions });
    renderView();
    const coffee = await screen.findByRole("article", { name: "#coffee" });
    expect(within(coffee).getByTestId("trend-label").textContent).toBe("Rising");
    expect(within(coffee).getByText("+33%")).toBeTruthy();
    expect(within(coffee).getByText("last 12 h vs the 12 h before")).toBeTruthy();
    expect(within(coffee).getByText("likes + comments, 49 top posts")).toBeTruthy();
    const latteart = screen.getByRole("article", { name: "#latteart" });
    expect(within(latteart).getByTestId("trend-label").textContent).toBe("Cooling");
    expect(within(latteart).getByText("-27%")).toBeTruthy();
  });

  it("opens the composer from a rising hashtag's idea, pre-filled from Trend Radar", async () => {
    answer({ "/api/trend-radar": spentState, "/api/trend-radar/suggestions": suggestions });
    renderView();
    const link = await screen.findByRole("link", { name: "Open in composer" });
    expect(link.getAttribute("href")).toBe(
      "/content-scheduler?compose=1&campaign=Trend%20Radar&hashtags=coffee,pourover,v60",
    );
  });
});
