import { analyticsPostType } from "@sightline/contracts";
import { mediaTypeSql } from "@sightline/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TestApp } from "../../testing/create-test-app.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";
import { rankHashtags } from "../content-tools/index.ts";

let testApp: TestApp;
let client: HttpClient;
let scope: { workspaceId: string; accountId: string };
beforeAll(async () => {
  // @northfield.coffee connected and synced once (a copy of the run's snapshot).
  let connection: { workspace_id: string; instagram_id: string | null };
  ({ testApp, client, connection } = await createTestAppWithSyncedAccount(
    {
      username: "northfield.coffee",
      login: "instagram",
    },
    { plan: "pro" },
  ));
  scope = { workspaceId: connection.workspace_id, accountId: connection.instagram_id! };
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

/** Every measured post's whole caption, reach and interactions, straight from the table. */
async function measuredPosts(period: { from?: string; before?: string } = {}) {
  const result = (await testApp.database.db.execute(sql`
    select caption, latest_reach as reach, latest_interactions as interactions,
      posted_at::text as posted_at
    from instagram_media
    where workspace_id = ${scope.workspaceId} and account_id = ${scope.accountId}
      and parent_ig_media_id is null and posted_at is not null
      and latest_reach > 0 and latest_interactions is not null
      ${period.from ? sql`and posted_at >= ${period.from}` : sql``}
      ${period.before ? sql`and posted_at < ${period.before}` : sql``}
  `)) as unknown as {
    rows: Array<{ caption: string | null; reach: number; interactions: number }>;
  };
  return result.rows.map((row) => ({
    ...row,
    reach: Number(row.reach),
    interactions: Number(row.interactions),
  }));
}

it("ranks hashtags by the caption rule over whole captions, and fills in tags stored without them", async () => {
  const posts = await measuredPosts();
  const expected = rankHashtags(posts, 20);
  expect(expected.length).toBeGreaterThan(2);
  const body = (await (await client.get("/api/analytics/benchmarks")).json()) as {
    hashtags: unknown;
  };
  expect(body.hashtags).toEqual(expected);

  // Rows from before migration 0042 (or another writer) have a caption and no stored tags: the
  // next read works them out, and answers as before.
  await testApp.database.db.execute(sql`
    update instagram_media set hashtags = null
    where workspace_id = ${scope.workspaceId} and account_id = ${scope.accountId}`);
  expect(await (await client.get("/api/analytics/benchmarks")).json()).toEqual(body);
  const left = (await testApp.database.db.execute(sql`
    select count(*)::int as n from instagram_media
    where workspace_id = ${scope.workspaceId} and caption is not null and hashtags is null`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  expect(left.rows[0]!.n).toBe(0);
}, 60_000);

it("counts only the posts of the period asked for", async () => {
  const all = await measuredPosts();
  expect(all.length).toBeGreaterThan(10);
  // The user's zone is UTC here: the days are UTC days.
  const from = "2026-01-01";
  const to = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const before = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString();
  const inPeriod = await measuredPosts({ from: `${from}T00:00:00Z`, before });
  const body = (await (
    await client.get(`/api/analytics/benchmarks?from=${from}&to=${to}&timezone=UTC`)
  ).json()) as { posts: number; hashtags: unknown };
  expect(body.posts).toBe(inPeriod.length);
  expect(body.hashtags).toEqual(rankHashtags(inPeriod, 20));
});

it("classifies a row in SQL as the contracts' rule does, for every media and product type", async () => {
  const mediaTypes = ["IMAGE", "VIDEO", "CAROUSEL_ALBUM", "SOMETHING_NEW"];
  const productTypes = [null, "FEED", "REELS", "STORY", "AD"];
  for (const mediaType of mediaTypes) {
    for (const mediaProductType of productTypes) {
      const result = (await testApp.database.db.execute(sql`
        select ${mediaTypeSql("m")} as type
        from (select ${mediaType}::text as media_type, ${mediaProductType}::text as media_product_type) m`)) as unknown as {
        rows: Array<{ type: string }>;
      };
      expect(result.rows[0]!.type, `${mediaType} / ${mediaProductType}`).toBe(
        analyticsPostType({ mediaType, mediaProductType }),
      );
    }
  }
});
