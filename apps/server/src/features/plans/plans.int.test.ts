import { type PlanId, planIds } from "@sightline/contracts";
import { auditEvents, setWorkspacePlan } from "@sightline/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../lib/app-error.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import {
  createVerifiedUser,
  personalWorkspaceId,
  setPersonalPlan,
  uniqueEmail,
} from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";
import { describePlan, setPlanByOperator } from "./index.ts";

/*
 * Plans (issue 30): every gate built so far, walked with every plan through the API. A route
 * either answers, or refuses with 403 `plan_required` naming the capability, the workspace's plan
 * and the cheapest plan that has it.
 */

let testApp: TestApp;
let client: HttpClient;
let email: string;
beforeAll(async () => {
  ({ testApp, client, email } = await createTestAppWithSyncedAccount({
    username: "northfield.coffee",
    login: "instagram",
  }));
}, 180_000);
afterAll(async () => {
  await testApp?.close();
});

type Gate = {
  name: string;
  capability: string;
  /** The plans that have it; the others are refused. */
  allowed: PlanId[];
  requiredFrom: Record<PlanId, PlanId | null>;
  request: () => Promise<Response>;
};

const gates: Gate[] = [
  {
    name: "GET /api/analytics/overview?days=90",
    capability: "historyDays",
    allowed: ["starter", "pro", "premium"],
    requiredFrom: { free: "starter", starter: null, pro: null, premium: null },
    request: () => client.get("/api/analytics/overview?days=90"),
  },
  {
    name: "GET /api/analytics/benchmarks",
    capability: "advancedAnalytics",
    allowed: ["pro", "premium"],
    requiredFrom: { free: "pro", starter: "pro", pro: null, premium: null },
    request: () => client.get("/api/analytics/benchmarks"),
  },
  {
    name: "GET /api/analytics/posts.csv",
    capability: "advancedAnalytics",
    allowed: ["pro", "premium"],
    requiredFrom: { free: "pro", starter: "pro", pro: null, premium: null },
    request: () => client.get("/api/analytics/posts.csv"),
  },
  {
    name: "POST /api/workspaces/current/invitations",
    capability: "teamMembers",
    allowed: ["premium"],
    requiredFrom: { free: "premium", starter: "premium", pro: "premium", premium: null },
    request: () =>
      client.post("/api/workspaces/current/invitations", {
        email: uniqueEmail("invitee"),
        role: "editor",
      }),
  },
];

describe("plan gates", () => {
  for (const plan of planIds) {
    it(`on ${plan}: each gated route answers or refuses as the plan table says`, async () => {
      await setPersonalPlan(testApp, email, plan);
      const seen = await client.get("/api/workspaces");
      expect(((await seen.json()) as { current: { plan: string } }).current.plan).toBe(plan);
      for (const gate of gates) {
        const response = await gate.request();
        if (gate.allowed.includes(plan)) {
          expect(response.status, `${gate.name} on ${plan}`).toBeLessThan(300);
          continue;
        }
        expect(response.status, `${gate.name} on ${plan}`).toBe(403);
        expect(((await response.json()) as { error: unknown }).error).toMatchObject({
          code: "plan_required",
          capability: gate.capability,
          plan,
          requiredPlan: gate.requiredFrom[plan],
        });
      }
      // Demographics are left out, with the reason, rather than refused with the whole page.
      const audience = (await (await client.get("/api/analytics/audience")).json()) as {
        demographicsLocked: { requiredPlan: string } | null;
        demographics: { followers: { age: unknown } };
      };
      if (plan === "pro" || plan === "premium") {
        expect(audience.demographicsLocked).toBeNull();
        expect(audience.demographics.followers.age).not.toBeNull();
      } else {
        expect(audience.demographicsLocked).toMatchObject({ requiredPlan: "pro" });
        expect(audience.demographics.followers.age).toBeNull();
      }
      // The connections list tells the web how many accounts the plan connects.
      const connections = (await (await client.get("/api/instagram/connections")).json()) as {
        limit: number;
      };
      expect(connections.limit).toBe({ free: 1, starter: 1, pro: 3, premium: 10 }[plan]);
    }, 60_000);
  }
});

describe("npm run plan", () => {
  it("sets a plan by the owner's e-mail, with an end date, audited; an ended plan reads as Free", async () => {
    const workspaceId = await personalWorkspaceId(testApp, email);
    const now = new Date("2026-11-28T12:00:00Z");
    // The running app hears of the change (through the database, as from another process).
    const heard: unknown[] = [];
    const unsubscribe = testApp.events.subscribe(workspaceId, (event) => heard.push(event));
    await expect(
      setPlanByOperator(testApp.database.db, {
        target: email.toUpperCase(),
        plan: "pro",
        until: "2099-01-31",
        now,
      }),
    ).resolves.toMatch(/is now on Pro until 2099-01-31T23:59:59\.999Z/);
    expect(
      ((await (await client.get("/api/workspaces")).json()) as { current: { plan: string } })
        .current.plan,
    ).toBe("pro");
    await expect
      .poll(() => heard)
      .toContainEqual(expect.objectContaining({ type: "plan:changed", data: { plan: "pro" } }));
    unsubscribe();
    const [event] = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.workspaceId, workspaceId),
          eq(auditEvents.action, "workspace.plan_changed"),
        ),
      );
    expect(event).toMatchObject({
      action: "workspace.plan_changed",
      actorUserId: null,
      details: { to: "pro", until: "2099-01-31T23:59:59.999Z", by: "operator" },
    });
    await expect(describePlan(testApp.database.db, workspaceId, now)).resolves.toMatch(
      /: Pro until 2099-01-31/,
    );
    // After the end date the same stored plan reads as Free everywhere.
    await expect(
      describePlan(testApp.database.db, workspaceId, new Date("2099-02-01T00:00:00Z")),
    ).resolves.toMatch(/reads as Free/);
    await testApp.database.db.execute(
      `update workspaces set plan_until = now() - interval '1 minute' where id = '${workspaceId}'`,
    );
    expect((await client.get("/api/analytics/benchmarks")).status).toBe(403);
  });

  it("refuses an unknown plan, a past date, and an e-mail that owns nothing", async () => {
    const db = testApp.database.db;
    await expect(setPlanByOperator(db, { target: email, plan: "gold" })).rejects.toThrow(
      "gold is not a plan: use one of free, starter, pro, premium.",
    );
    await expect(
      setPlanByOperator(db, { target: email, plan: "pro", until: "2001-01-01" }),
    ).rejects.toThrow("--until 2001-01-01 has already passed.");
    await expect(
      setPlanByOperator(db, { target: "nobody@example.com", plan: "pro" }),
    ).rejects.toBeInstanceOf(AppError);
  });
});

describe("monthly allowances", () => {
  const resetDay = () => {
    const now = new Date();
    return new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "long",
      timeZone: "UTC",
    }).format(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
  };
  const meter = async (capability: string) => {
    const usage = (await (await client.get("/api/plan")).json()) as {
      meters: Array<{ capability: string; used: number; limit: number | null }>;
    };
    return usage.meters.find((entry) => entry.capability === capability);
  };

  it("Free schedules 10 posts a month: the 11th is refused until one goes or the plan grows", async () => {
    await setPersonalPlan(testApp, email, "free");
    const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
    const uploaded = await client.request("/api/uploads/scheduled-content", {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array(await sample.arrayBuffer()),
    });
    expect(uploaded.status).toBe(201);
    const file = (await uploaded.json()) as { bucket: string; key: string };
    const schedule = (n: number) =>
      client.post("/api/scheduled-posts", {
        items: [{ ...file, mediaType: "image" }],
        caption: `Loaf ${n}`,
        hashtags: [],
        scheduled_time: new Date(Date.now() + (n + 1) * 3_600_000).toISOString(),
        time_zone: "UTC",
      });
    const ids: string[] = [];
    for (let n = 0; n < 10; n += 1) {
      const response = await schedule(n);
      expect(response.status, await response.clone().text()).toBe(201);
      ids.push(((await response.json()) as { post: { id: string } }).post.id);
    }
    await expect(meter("scheduledPostsPerMonth")).resolves.toEqual({
      capability: "scheduledPostsPerMonth",
      used: 10,
      limit: 10,
    });
    const refused = await schedule(10);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: unknown }).error).toMatchObject({
      code: "plan_required",
      capability: "scheduledPostsPerMonth",
      requiredPlan: "starter",
      message: `The Free plan can schedule up to 10 posts a month. Upgrade to Starter for no limit. This month's count starts again on ${resetDay()}.`,
    });
    // Counted in the month the post is made, whatever month it is due in.
    const nextMonth = await client.post("/api/scheduled-posts", {
      items: [{ ...file, mediaType: "image" }],
      caption: "Next month",
      hashtags: [],
      scheduled_time: new Date(Date.now() + 40 * 86_400_000).toISOString(),
      time_zone: "UTC",
    });
    expect(nextMonth.status).toBe(403);
    // Publishing now counts the same way.
    const now = await client.post("/api/scheduled-posts/publish-now", {
      items: [{ ...file, mediaType: "image" }],
      caption: "Now",
      hashtags: [],
      time_zone: "UTC",
      client_id: "3f8f8a52-5d7c-4c55-9c2e-0c6f2b1d4e7a",
    });
    expect(now.status).toBe(403);
    // A post deleted before it went out no longer counts.
    expect(
      (await client.request(`/api/scheduled-posts/${ids[0]}`, { method: "DELETE" })).status,
    ).toBe(200);
    expect((await schedule(11)).status).toBe(201);
    expect((await schedule(12)).status).toBe(403);
    await setPersonalPlan(testApp, email, "starter");
    expect((await schedule(13)).status).toBe(201);
    await expect(meter("scheduledPostsPerMonth")).resolves.toMatchObject({ used: 11, limit: null });
  });

  it("Free has 5 AI credits a month, shared by AI captions and AI Suggest", async () => {
    await setPersonalPlan(testApp, email, "free");
    const caption = () =>
      client.post("/api/functions/instagram-caption-generate", {
        media_url: `${TEST_PUBLIC_URL}/storage/scheduled-content/none.jpg`,
      });
    const suggest = () =>
      client.post("/api/functions/instagram-optimal-times", {
        start_date: new Date().toISOString().slice(0, 10),
        count: 3,
        days_per_week: 7,
        allowed_weekdays: [0, 1, 2, 3, 4, 5, 6],
        hour_window: { from: 0, to: 23 },
        timezone: "UTC",
      });
    for (let n = 0; n < 4; n += 1) {
      const response = await caption();
      expect(response.status, await response.clone().text()).toBe(200);
      expect(((await response.json()) as { success: boolean }).success).toBe(true);
    }
    const suggested = await suggest();
    expect(suggested.status, await suggested.clone().text()).toBe(200);
    expect(((await suggested.json()) as { slots: unknown[] }).slots.length).toBeGreaterThan(0);
    await expect(meter("aiCreditsPerMonth")).resolves.toMatchObject({ used: 5, limit: 5 });
    for (const refused of [await caption(), await suggest()]) {
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: unknown }).error).toMatchObject({
        code: "plan_required",
        capability: "aiCreditsPerMonth",
        requiredPlan: "starter",
        message: `The Free plan can use up to 5 AI captions or suggestions a month. Upgrade to Starter for no limit. This month's count starts again on ${resetDay()}.`,
      });
    }
    await expect(meter("aiCreditsPerMonth")).resolves.toMatchObject({ used: 5 });
    await setPersonalPlan(testApp, email, "starter");
    expect((await caption()).status).toBe(200);
    await expect(meter("aiCreditsPerMonth")).resolves.toMatchObject({ used: 5, limit: null });
  });
});

describe("the plan in force", () => {
  it("is read by the app's clock: a plan ended by that clock is Free", async () => {
    // The app's clock says 2100; the machine's does not. The plan ends in 2099.
    const later = await createTestApp({ now: () => Date.parse("2100-01-01T00:00:00Z") });
    try {
      const user = await createVerifiedUser(later);
      const id = await personalWorkspaceId(later, user.email);
      await setWorkspacePlan(
        later.database.db,
        id,
        "pro",
        new Date("2099-12-31T23:59:59Z"),
        new Date(),
      );
      const seen = (await (await user.client.get("/api/workspaces")).json()) as {
        current: { plan: string };
      };
      expect(seen.current.plan).toBe("free");
      expect((await user.client.get("/api/analytics/benchmarks")).status).toBe(403);
    } finally {
      await later.close();
    }
  }, 60_000);
});
