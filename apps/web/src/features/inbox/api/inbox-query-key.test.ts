import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { inboxQueryKey, inboxQueryKeysToRefresh } from "./inbox-query-key.ts";

/**
 * The inbox queries open on /messages with a post's comments open (the list, the linked
 * conversation, the thread, the reply box's saved replies), each counting its requests.
 */
async function messagesPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const requests = new Map<string, number>();
  const keys = [
    [...inboxQueryKey, "conversations", "all", ""],
    [...inboxQueryKey, "find", "comments:m1"],
    [...inboxQueryKey, "comments", "m1"],
    [...inboxQueryKey, "saved-replies"],
  ];
  const stops = keys.map((queryKey) => {
    const name = queryKey.slice(1).join("/");
    return new QueryObserver(client, {
      queryKey,
      queryFn: async () => {
        requests.set(name, (requests.get(name) ?? 0) + 1);
        return name;
      },
    }).subscribe(() => {});
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  requests.clear();
  return {
    requests,
    async refresh(data: Record<string, unknown>) {
      for (const key of inboxQueryKeysToRefresh(data)) {
        await client.invalidateQueries({ queryKey: key });
      }
    },
    close: () => {
      for (const stop of stops) stop();
      client.clear();
    },
  };
}

describe("inboxQueryKeysToRefresh", () => {
  it("a webhook comment refreshes the list and its post's thread once, nothing else", async () => {
    const page = await messagesPage();
    await page.refresh({ comments: 1, messages: 0, mediaIds: ["m1"], conversationIds: [] });
    expect(Object.fromEntries(page.requests)).toEqual({
      "conversations/all/": 1,
      "comments/m1": 1,
    });
    page.close();
  });

  it("a comment on another post refreshes the list only", async () => {
    const page = await messagesPage();
    await page.refresh({ comments: 1, mediaIds: ["m2"], conversationIds: [] });
    expect(Object.fromEntries(page.requests)).toEqual({ "conversations/all/": 1 });
    page.close();
  });

  it("an event that names no thread (a full sync) refreshes every inbox query", async () => {
    const page = await messagesPage();
    await page.refresh({ messages: 3, comments: 2 });
    expect(Object.fromEntries(page.requests)).toEqual({
      "conversations/all/": 1,
      "find/comments:m1": 1,
      "comments/m1": 1,
      "saved-replies": 1,
    });
    page.close();
  });
});
