import { historyStart, type PlanId } from "@sightline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../testing/create-test-app.ts";
import { setPersonalPlan } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";

/*
 * Each plan's analytics history window (issue 30 point 7): every analytics read keeps inside
 * it, says what it hides, and the hidden rows are still there when the plan grows again.
 */

const DAY_MS = 86_400_000;
const fixedNow = Date.now();
const today = new Date(fixedNow).toISOString().slice(0, 10);
const day = (offset: number) => new Date(fixedNow + offset * DAY_MS).toISOString().slice(0, 10);

let testApp: TestApp;
let client: HttpClient;
let email: string;
let workspaceId: string;
beforeAll(async () => {
  ({ testApp, client, email } = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    { now: () => fixedNow },
  ));
  workspaceId = await setPersonalPlan(testApp, email, "free");
}, 180_000);
afterAll(async () => {
  await testApp?.close();
});

async function count(query: string): Promise<number> {
  const result = (await testApp.database.db.execute(query)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** What the database holds before `from`: the truth the window's note must tell. */
async function storedBefore(from: string) {
  return {
    days: await count(
      `select count(distinct day)::int as n from instagram_account_insights
       where workspace_id = '${workspaceId}' and day < '${from}'`,
    ),
    posts: await count(
      `select count(*)::int as n from instagram_media where workspace_id = '${workspaceId}'
       and parent_ig_media_id is null and posted_at < '${from}T00:00:00Z'`,
    ),
  };
}

async function setPlan(plan: PlanId) {
  await setPersonalPlan(testApp, email, plan);
}

type Overview = {
  previousHidden: boolean;
  oldestDay: string | null;
  history: { days: number; from: string; hiddenDays: number; note: string | null };
  kpis: Record<string, { value: number | null; changePct: number | null; changeReason?: string }>;
};

type Posts = {
  items: Array<{ id: string; postedAt: string | null }>;
  nextCursor: string | null;
  history: { from: string; hiddenPosts: number; postsNote: string | null } | null;
};

async function allPosts(query = ""): Promise<Posts> {
  const first = (await (
    await client.get(`/api/analytics/posts?limit=100&timezone=UTC${query}`)
  ).json()) as Posts;
  let cursor = first.nextCursor;
  while (cursor) {
    const page = (await (
      await client.get(
        `/api/analytics/posts?limit=100&timezone=UTC${query}&cursor=${encodeURIComponent(cursor)}`,
      )
    ).json()) as Posts;
    first.items.push(...page.items);
    cursor = page.nextCursor;
  }
  return first;
}

describe("the Free plan's 30 days", () => {
  const from = historyStart("free", today);

  it("shows 7 and 28 days, compares only inside the window, and says how many days are hidden", async () => {
    await setPlan("free");
    const week = (await (
      await client.get("/api/analytics/overview?days=7&timezone=UTC")
    ).json()) as Overview;
    expect(week.previousHidden).toBe(false);
    expect(week.kpis.views!.changePct).not.toBeNull();

    const response = await client.get("/api/analytics/overview?days=28&timezone=UTC");
    expect(response.status).toBe(200);
    const body = (await response.json()) as Overview;
    const hidden = await storedBefore(from);
    expect(hidden.days).toBeGreaterThan(30);
    expect(body.history).toMatchObject({
      days: 30,
      from,
      hiddenDays: hidden.days,
      note: `Your plan shows 30 days; ${hidden.days} more are stored.`,
    });
    // The previous 28 days reach back past the window: not read, not compared, and it says so.
    expect(body.previousHidden).toBe(true);
    expect(body.oldestDay).toBe(from);
    expect(body.kpis.views!.value).not.toBeNull();
    expect(body.kpis.views!.changePct).toBeNull();
    expect(body.kpis.views!.changeReason).toBe(
      "The previous 28 days are older than your plan's 30 days of history, so they are not compared.",
    );
  });

  it("refuses a period that starts before the window with the plan that shows it", async () => {
    await setPlan("free");
    for (const path of [
      "/api/analytics/overview?days=90&timezone=UTC",
      `/api/analytics/overview?from=${day(-31)}&to=${day(-1)}&timezone=UTC`,
      "/api/analytics/accounts?days=90&timezone=UTC",
    ]) {
      const response = await client.get(path);
      expect(response.status, path).toBe(403);
      expect(await response.json(), path).toMatchObject({
        error: {
          code: "plan_required",
          capability: "historyDays",
          plan: "free",
          requiredPlan: "starter",
          message: `The Free plan shows the last 30 days of analytics, from ${from}. Upgrade to Starter to see 90 days.`,
        },
      });
    }
    // The window's first day itself is inside.
    expect(
      (await client.get(`/api/analytics/overview?from=${from}&to=${day(-1)}&timezone=UTC`)).status,
    ).toBe(200);
  });

  it("lists only the window's posts, says how many older ones are stored, and refuses an older one", async () => {
    await setPlan("premium");
    const everything = await allPosts();
    await setPlan("free");
    const listed = await allPosts();
    const hidden = await storedBefore(from);
    expect(hidden.posts).toBeGreaterThan(0);
    expect(listed.items.length).toBe(everything.items.length - hidden.posts);
    expect(listed.items.every((post) => post.postedAt! >= `${from}T00:00:00`)).toBe(true);
    expect(listed.history).toMatchObject({
      from,
      hiddenPosts: hidden.posts,
      postsNote: `Your plan shows 30 days; ${hidden.posts} more posts are stored.`,
    });
    // Asking for older days gets the window's, not the older posts.
    const asked = await allPosts(`&from=${day(-400)}`);
    expect(asked.items.map((post) => post.id)).toEqual(listed.items.map((post) => post.id));

    const old = everything.items.find((post) => post.postedAt! < `${day(-40)}T00:00:00`)!;
    expect(old).toBeDefined();
    const detail = await client.get(`/api/analytics/posts/${old.id}`);
    expect(detail.status).toBe(403);
    expect(await detail.json()).toMatchObject({
      error: { code: "plan_required", capability: "historyDays" },
    });
    const recent = listed.items[0]!;
    expect((await client.get(`/api/analytics/posts/${recent.id}`)).status).toBe(200);
  });
});

describe("a bigger plan", () => {
  it("Starter shows 90 days; going back to Free loses nothing, and Pro shows it all again", async () => {
    await setPlan("starter");
    const starter = await client.get("/api/analytics/overview?days=90&timezone=UTC");
    expect(starter.status).toBe(200);
    const body = (await starter.json()) as Overview;
    expect(body.history).toMatchObject({ days: 90, from: historyStart("starter", today) });
    expect(body.history.hiddenDays).toBe((await storedBefore(historyStart("starter", today))).days);

    const stored = await count(
      `select count(*)::int as n from instagram_account_insights where workspace_id = '${workspaceId}'`,
    );
    await setPlan("free");
    expect((await client.get("/api/analytics/overview?days=90&timezone=UTC")).status).toBe(403);
    expect(
      await count(
        `select count(*)::int as n from instagram_account_insights where workspace_id = '${workspaceId}'`,
      ),
    ).toBe(stored);
    await setPlan("pro");
    const pro = (await (
      await client.get("/api/analytics/overview?days=90&timezone=UTC")
    ).json()) as Overview;
    expect(pro.history).toMatchObject({ days: 730, hiddenDays: 0, note: null });
    expect(pro.kpis.views!.value).toBe(body.kpis.views!.value);
  });
});
