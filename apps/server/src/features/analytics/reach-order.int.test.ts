import { listPostsWithLatestMetrics } from "@sightline/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, personalWorkspaceId } from "../../testing/factories.ts";

/*
 * The dashboard's top posts and the post table by reach read posts in reach order from an index
 * (migration 0044) and stop at the page, instead of sorting every post of the period (issue 27
 * point 4). Counted, not timed: the index's scans and the entries they read, in the read's own
 * transaction.
 */

let testApp: TestApp;
let workspaceId: string;
const accountId = "17841400000000044";

beforeAll(async () => {
  testApp = await createTestApp();
  const user = await createVerifiedUser(testApp);
  workspaceId = await personalWorkspaceId(testApp, user.email);
  // 3,000 posts over two years, no statistics gathered (PGlite never gathers any): a carousel's
  // children and a post without insights among them.
  await testApp.database.db.execute(sql`
    insert into instagram_media (workspace_id, account_id, ig_media_id, parent_ig_media_id,
      media_type, caption, posted_at, latest_reach, latest_interactions)
    select ${workspaceId}, ${accountId}, 'p' || n,
      case when n % 50 = 0 then 'p' || (n - 1) end,
      'IMAGE', 'post ' || n, now() - (n * interval '6 hours'),
      case when n % 97 = 0 then null else ((n * 7919) % 10007)::double precision end,
      ((n * 31) % 500)::double precision
    from generate_series(1, 3000) as n`);
});

afterAll(async () => {
  await testApp?.close();
});

it("the top posts by reach come from the reach index, highest first, and equal its sort", async () => {
  const scope = { workspaceId, accountId };
  const options = {
    sort: "reach" as const,
    order: "desc" as const,
    postedFrom: new Date(Date.now() - 730 * 86_400_000),
    postedBefore: new Date(),
    limit: 6,
  };
  const { rows, scans, entries } = await testApp.database.db.transaction(async (tx) => {
    // The counters hold what this connection has not yet reported, which can include earlier
    // transactions' reads (a job's, or another query's): what this read adds is the difference.
    const count = async () =>
      (
        (await tx.execute(
          sql`select pg_stat_get_xact_numscans('instagram_media_reach_idx'::regclass)::int as scans,
            pg_stat_get_xact_tuples_returned('instagram_media_reach_idx'::regclass)::int as entries`,
        )) as unknown as { rows: Array<{ scans: number; entries: number }> }
      ).rows[0]!;
    const before = await count();
    const rows = await listPostsWithLatestMetrics(tx, scope, options);
    const after = await count();
    return { rows, scans: after.scans - before.scans, entries: after.entries - before.entries };
  });
  // Read in order and stopped at the page: a few entries of the index, not its 2,940.
  expect(scans).toBeGreaterThan(0);
  expect(entries).toBeLessThan(50);
  // The same posts as sorting them all: reach high to low, a tie by id high to low.
  const all = (await testApp.database.db.execute(sql`
    select ig_media_id from instagram_media
    where workspace_id = ${workspaceId} and account_id = ${accountId}
      and parent_ig_media_id is null and posted_at >= ${options.postedFrom.toISOString()}
    order by latest_reach desc nulls last, ig_media_id desc limit 7`)) as unknown as {
    rows: Array<{ ig_media_id: string }>;
  };
  expect(rows.map((row) => row.igMediaId)).toEqual(all.rows.map((row) => row.ig_media_id));
  expect(rows).toHaveLength(7);
});
