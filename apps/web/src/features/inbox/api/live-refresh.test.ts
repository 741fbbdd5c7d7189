import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createInboxLiveRefresher, inboxNewsOf, LIVE_REFRESH_WINDOW_MS } from "./live-refresh.ts";

describe("inboxNewsOf", () => {
  it("reads the posts and threads an event names, one or several", () => {
    expect(inboxNewsOf({ mediaIds: ["m1", "m2"] })).toEqual({ mediaIds: ["m1", "m2"] });
    expect(inboxNewsOf({ count: 2, conversationIds: ["t1"] })).toEqual({ conversationIds: ["t1"] });
    expect(inboxNewsOf({ conversationId: "t9", messageId: "x" })).toEqual({
      conversationIds: ["t9"],
    });
    expect(inboxNewsOf({ commentId: "c", mediaId: "m3" })).toEqual({ mediaIds: ["m3"] });
  });

  it("says nothing is named for a count alone or a payload it does not know", () => {
    expect(inboxNewsOf({ count: 3 })).toBeUndefined();
    expect(inboxNewsOf(null)).toBeUndefined();
    expect(inboxNewsOf("ig-message")).toBeUndefined();
  });
});

describe("createInboxLiveRefresher", () => {
  let client: QueryClient;
  let invalidated: unknown[][];
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    invalidated = [];
    vi.spyOn(client, "invalidateQueries").mockImplementation(async (filters) => {
      invalidated.push([...(filters?.queryKey ?? [])]);
    });
  });
  afterEach(() => vi.useRealTimers());

  it("makes the events of one moment one refresh: the bell, the list and the named threads only", () => {
    const refresh = createInboxLiveRefresher(client, [["notifications"]]);
    refresh({ mediaIds: ["m1"] });
    refresh({ conversationIds: ["t1", "t2"] });
    expect(invalidated).toEqual([]);
    vi.advanceTimersByTime(LIVE_REFRESH_WINDOW_MS);
    expect(invalidated).toEqual([
      ["notifications"],
      ["inbox", "conversations"],
      ["inbox", "comments", "m1"],
      ["inbox", "dm", "t1"],
      ["inbox", "dm", "t2"],
    ]);
    // The next event is a refresh of its own.
    refresh({ mediaIds: ["m2"] });
    vi.advanceTimersByTime(LIVE_REFRESH_WINDOW_MS);
    expect(invalidated.slice(5)).toEqual([
      ["notifications"],
      ["inbox", "conversations"],
      ["inbox", "comments", "m2"],
    ]);
  });

  it("refreshes every inbox query once when an event of the moment names nothing", () => {
    const refresh = createInboxLiveRefresher(client, [["notifications"]]);
    refresh({ mediaIds: ["m1"] });
    refresh(undefined);
    refresh({ conversationIds: ["t1"] });
    vi.advanceTimersByTime(LIVE_REFRESH_WINDOW_MS);
    expect(invalidated).toEqual([["notifications"], ["inbox"]]);
  });
});
