import {
  ACCOUNT_HEADER,
  type InstagramConnection,
  planCapabilities,
  planIds,
} from "@sightline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../testing/create-test-app.ts";
import { setPersonalPlan } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { connectSandboxAccount } from "../../testing/instagram.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";
import { prePublishCheck } from "../publishing/index.ts";
import { fileFacts } from "../uploads/index.ts";

/*
 * Downgrades lose nothing (issue 30 point 6): what is over the smaller plan's limits is kept and
 * paused — the second account is not synced or published to, extra hashtags are not sampled,
 * extra keywords not matched — each says why, a member chooses which stay active, and an
 * upgrade makes everything active again.
 */

let testApp: TestApp;
let client: HttpClient;
let email: string;
let workspaceId: string;
let first: string;
let second: InstagramConnection;
beforeAll(async () => {
  ({ testApp, client, email } = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    { plan: "pro" },
  ));
  workspaceId = await setPersonalPlan(testApp, email, "pro");
  // Through Facebook Login: hashtag search (the second test's sampling) needs it.
  second = await connectSandboxAccount(testApp, client, {
    username: "oona.bakes",
    login: "facebook",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  first = (await connections()).find(
    (row) => row.instagram_username === "lena.makes",
  )!.instagram_id;
}, 240_000);
afterAll(async () => {
  await testApp?.close();
});

async function connections(): Promise<InstagramConnection[]> {
  const response = await client.get("/api/instagram/connections");
  expect(response.status).toBe(200);
  return ((await response.json()) as { connections: InstagramConnection[] }).connections;
}

async function rows(query: string): Promise<Array<Record<string, unknown>>> {
  return ((await testApp.database.db.execute(query)) as unknown as { rows: [] }).rows;
}

const count = async (table: string) =>
  Number(
    (
      await rows(`select count(*)::int as n from ${table} where workspace_id = '${workspaceId}'`)
    )[0]!.n,
  );

describe("a Pro workspace moved to Free", () => {
  it("pauses the second account: kept with its history, not synced, not published to, until kept", async () => {
    const insights = await count("instagram_account_insights");
    await setPersonalPlan(testApp, email, "free");

    const listed = await connections();
    expect(listed.find((row) => row.instagram_id === first)!.paused_reason).toBeNull();
    expect(listed.find((row) => row.instagram_id === second.instagram_id)!.paused_reason).toBe(
      "Paused: the Free plan can connect up to 1 Instagram account. It is not synced or published to; its history stays.",
    );

    // A sync of each: the active one runs, the paused one is left as it was.
    const old = new Date("2026-01-01T00:00:00Z");
    await testApp.database.db.execute(
      `update instagram_connections set last_synced_at = '${old.toISOString()}' where workspace_id = '${workspaceId}'`,
    );
    for (const accountId of [first, second.instagram_id]) {
      const response = await client.post("/api/instagram/sync", undefined, {
        headers: { [ACCOUNT_HEADER]: accountId },
      });
      expect(response.status).toBe(202);
    }
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const synced = new Map(
      (
        await rows(
          `select instagram_id, last_synced_at from instagram_connections where workspace_id = '${workspaceId}'`,
        )
      ).map((row) => [row.instagram_id, new Date(row.last_synced_at as string).getTime()]),
    );
    expect(synced.get(first)).toBeGreaterThan(old.getTime());
    expect(synced.get(second.instagram_id)).toBe(old.getTime());
    expect(await count("instagram_account_insights")).toBeGreaterThanOrEqual(insights);

    // Publishing to it is refused before it goes out, with the reason.
    const problems = await prePublishCheck(testApp.instagramContext, fileFacts(testApp.storage), {
      workspaceId,
      accountId: second.instagram_id,
      publishAt: new Date(Date.now() + 86_400_000),
      items: [],
      quota: "ask",
    });
    expect(problems).toContainEqual({
      code: "paused_by_plan",
      message:
        "@oona.bakes is paused: the Free plan can connect up to 1 Instagram account. Keep it active in Settings or upgrade.",
    });

    // Keeping the second active pauses the first instead.
    const keep = await client.post(`/api/instagram/connections/${second.instagram_id}/keep`);
    expect(keep.status).toBe(200);
    const after = await connections();
    expect(after.find((row) => row.instagram_id === second.instagram_id)!.paused_reason).toBeNull();
    expect(after.find((row) => row.instagram_id === first)!.paused_reason).toMatch(/^Paused: /);
    expect(
      (await client.post("/api/instagram/connections/123456789/keep")).status,
      "an account not in the workspace",
    ).toBe(404);

    await setPersonalPlan(testApp, email, "pro");
    expect((await connections()).every((row) => row.paused_reason === null)).toBe(true);
  });

  it("pauses the hashtags and keywords over the plan's limits, and a member picks which stay", async () => {
    await setPersonalPlan(testApp, email, "pro");
    // Five tracked hashtags (as the look-up would store them) and three keywords on Pro.
    for (const [index, name] of ["one", "two", "three", "four", "five"].entries()) {
      await testApp.database.db.execute(
        `insert into trend_hashtags (workspace_id, name, account_id, instagram_hashtag_id, created_at)
         values ('${workspaceId}', '${name}', '${second.instagram_id}', '1780000000000${index}', now() - interval '${10 - index} minutes')`,
      );
    }
    for (const term of ["ceramics", "pottery", "glaze"]) {
      expect(
        (await client.post("/api/press-radar/keywords", { term, exclusions: [] })).status,
      ).toBe(201);
    }
    await setPersonalPlan(testApp, email, "free");

    type Trend = { hashtags: Array<{ id: string; name: string; pausedReason: string | null }> };
    const trend = async () =>
      ((await (await client.get("/api/trend-radar")).json()) as Trend).hashtags;
    const paused = (await trend()).filter((tag) => tag.pausedReason).map((tag) => tag.name);
    expect(paused.sort()).toEqual(["five", "four"]);
    expect((await trend()).find((tag) => tag.name === "five")!.pausedReason).toBe(
      "Paused: the Free plan can track up to 3 hashtags. It is not sampled; its history stays.",
    );

    // Sampling leaves the paused ones alone (the active ones are tried: sampled or an error).
    expect((await client.post("/api/trend-radar/refresh")).status).toBe(202);
    // The sampling is the radars' job: its own queue handle says when it is done.
    await testApp.radarsContext.queue.idle({ timeoutMs: 120_000 });
    const sampled = await rows(
      `select name, last_sampled_at, last_error from trend_hashtags where workspace_id = '${workspaceId}'`,
    );
    for (const row of sampled) {
      const tried = row.last_sampled_at !== null || row.last_error !== null;
      expect(tried, String(row.name)).toBe(!["four", "five"].includes(String(row.name)));
    }

    // Keeping "five" makes it active; the newest of the others ("three") pauses.
    const five = (await trend()).find((tag) => tag.name === "five")!;
    expect((await client.post(`/api/trend-radar/hashtags/${five.id}/keep`)).status).toBe(200);
    expect(
      (await trend())
        .filter((tag) => tag.pausedReason)
        .map((tag) => tag.name)
        .sort(),
    ).toEqual(["four", "three"]);

    type Press = { keywords: Array<{ id: string; term: string; pausedReason: string | null }> };
    const press = async () =>
      ((await (await client.get("/api/press-radar")).json()) as Press).keywords;
    expect((await press()).filter((keyword) => !keyword.pausedReason).map((k) => k.term)).toEqual([
      "ceramics",
    ]);
    const glaze = (await press()).find((keyword) => keyword.term === "glaze")!;
    expect(glaze.pausedReason).toBe(
      "Paused: the Free plan can watch up to 1 keyword. New articles are not matched against it; its mentions stay.",
    );
    expect((await client.post(`/api/press-radar/keywords/${glaze.id}/keep`)).status).toBe(200);
    expect((await press()).filter((keyword) => !keyword.pausedReason).map((k) => k.term)).toEqual([
      "glaze",
    ]);

    // Nothing was deleted, and Pro makes every one active again.
    expect(await count("trend_hashtags")).toBe(5);
    expect(await count("press_keywords")).toBe(3);
    await setPersonalPlan(testApp, email, "pro");
    expect((await trend()).every((tag) => tag.pausedReason === null)).toBe(true);
    expect((await press()).every((keyword) => keyword.pausedReason === null)).toBe(true);
  });
});

describe("counted limits, at the exact number, on every plan", () => {
  it("hashtags and keywords: the plan's last one is taken, the next refused with its capability", async () => {
    for (const plan of planIds) {
      await setPersonalPlan(testApp, email, plan);
      await testApp.database.db.execute(
        `delete from trend_hashtags where workspace_id = '${workspaceId}'`,
      );
      await testApp.database.db.execute(
        `delete from press_keywords where workspace_id = '${workspaceId}'`,
      );
      const hashtags = planCapabilities[plan].trendHashtags;
      const keywords = planCapabilities[plan].pressKeywords;
      // Up to one short of the limit as stored rows, then the last one and one more by the API.
      for (let index = 0; index < hashtags - 1; index++) {
        await testApp.database.db.execute(
          `insert into trend_hashtags (workspace_id, name, account_id, instagram_hashtag_id)
           values ('${workspaceId}', 'filler${index}', '${second.instagram_id}', '17900000000${index}')`,
        );
      }
      for (let index = 0; index < keywords - 1; index++) {
        await testApp.database.db.execute(
          `insert into press_keywords (workspace_id, term) values ('${workspaceId}', 'filler ${index}')`,
        );
      }
      const asOona = { headers: { [ACCOUNT_HEADER]: second.instagram_id } };
      const last = await client.post("/api/trend-radar/hashtags", { name: `${plan}last` }, asOona);
      expect(last.status, `${plan}: hashtag ${hashtags}`).toBe(201);
      const over = await client.post("/api/trend-radar/hashtags", { name: `${plan}over` }, asOona);
      expect(over.status, `${plan}: hashtag ${hashtags + 1}`).toBe(403);
      expect(await over.json()).toMatchObject({
        error: { code: "plan_required", capability: "trendHashtags", plan },
      });
      const lastKeyword = await client.post("/api/press-radar/keywords", {
        term: `${plan} last`,
        exclusions: [],
      });
      expect(lastKeyword.status, `${plan}: keyword ${keywords}`).toBe(201);
      const overKeyword = await client.post("/api/press-radar/keywords", {
        term: `${plan} over`,
        exclusions: [],
      });
      expect(overKeyword.status, `${plan}: keyword ${keywords + 1}`).toBe(403);
      expect(await overKeyword.json()).toMatchObject({
        error: { code: "plan_required", capability: "pressKeywords", plan },
      });
    }
  }, 120_000);
});
