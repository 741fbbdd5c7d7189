import { afterAll, beforeAll, expect, it } from "vitest";
import type { TestApp } from "../../testing/create-test-app.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";

let testApp: TestApp;
let client: HttpClient;
beforeAll(async () => {
  // @northfield.coffee connected and synced once (a copy of the run's snapshot).
  ({ testApp, client } = await createTestAppWithSyncedAccount(
    {
      username: "northfield.coffee",
      login: "instagram",
    },
    { plan: "pro" },
  ));
}, 180_000);
afterAll(async () => {
  await testApp?.close();
});

type Item = {
  id: string;
  typeLabel: string;
  reach: number | null;
  engagementRate: number | null;
  caption: string | null;
};

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

it("benchmarks agree with the post table: medians per type, best and worst, hashtag samples", async () => {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const page = (await (
      await client.get(`/api/analytics/posts?limit=100${cursor ? `&cursor=${cursor}` : ""}`)
    ).json()) as { items: Item[]; nextCursor: string | null };
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  const measured = items.filter((item) => item.reach && item.engagementRate !== null);

  const body = (await (await client.get("/api/analytics/benchmarks")).json()) as {
    posts: number;
    byType: Array<{
      type: string;
      posts: number;
      medianReach: number;
      medianEngagementRate: number;
    }>;
    best: Array<{ id: string }>;
    worst: Array<{ id: string }>;
    hashtags: Array<{ tag: string; posts: number; medianReach: number }>;
  };
  expect(body.posts).toBe(measured.length);
  for (const entry of body.byType) {
    const ofType = measured.filter((item) => item.typeLabel === entry.type);
    expect(entry.posts, entry.type).toBe(ofType.length);
    expect(entry.medianReach).toBe(median(ofType.map((item) => item.reach!)));
    expect(entry.medianEngagementRate).toBeCloseTo(
      median(ofType.map((item) => item.engagementRate!)),
      9,
    );
  }
  const byRate = [...measured].sort((a, b) => b.engagementRate! - a.engagementRate!);
  expect(body.best.map((post) => post.id)).toEqual(byRate.slice(0, 3).map((item) => item.id));
  expect(body.worst[0]!.id).toBe(byRate.at(-1)!.id);
  expect(body.hashtags.length).toBeGreaterThan(0);
  for (const tag of body.hashtags) expect(tag.posts).toBeGreaterThanOrEqual(2);

  const bad = await client.get("/api/analytics/benchmarks?from=2026-02-30");
  expect(bad.status).toBe(422);
}, 180_000);
