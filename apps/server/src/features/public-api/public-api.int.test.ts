import { createHash } from "node:crypto";
import {
  type AccessTokenScope,
  type AccessTokenSummary,
  accessTokenScopes,
  WORKSPACE_HEADER,
} from "@sightline/contracts";
import {
  apiIdempotencyKeys,
  apiRequests,
  auditEvents,
  personalAccessTokens,
  scheduledPosts,
  setWorkspacePlan,
} from "@sightline/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, mailboxFor, uniqueEmail } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import {
  createTestAppWithSyncedAccount,
  type SyncedAccount,
} from "../../testing/synced-account.ts";
import { pruneAuditJob } from "../workspaces/index.ts";

/*
 * Issue 35: personal access tokens and /api/v1 on a synced demo account (the run's snapshot),
 * with the app's clock in the test's hands (expiry, the rate limit's window). Every endpoint is
 * called with a token of each scope; the KPIs are compared with the dashboard's own route.
 */

const RATE = { max: 30, windowSeconds: 60 };
const DAY_MS = 86_400_000;
let clock = Date.now();
let synced: SyncedAccount;
let testApp: TestApp;
let owner: HttpClient;
let workspaceId: string;
let accountId: string;
const logLines: string[] = [];

beforeAll(async () => {
  // Premium: the public API, and members to test roles with.
  synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    {
      plan: "premium",
      now: () => clock,
      publicApiRateLimit: RATE,
      log: { level: "debug", write: (line) => void logLines.push(line) },
    },
  );
  testApp = synced.testApp;
  owner = synced.client;
  workspaceId = synced.connection.workspace_id;
  accountId = synced.connection.instagram_id;
}, 180_000);

afterAll(async () => {
  await testApp?.close();
});

// Each test starts a fresh rate-limit window for every token.
beforeEach(() => {
  clock += RATE.windowSeconds * 1000 + 1000;
});

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

type Created = { token: string; accessToken: AccessTokenSummary };

async function createToken(
  client: HttpClient,
  body: { name?: string; scopes: AccessTokenScope[]; expiresInDays?: number | null },
  headers: Record<string, string> = {},
): Promise<Created> {
  const response = await client.request("/api/workspaces/current/tokens", {
    method: "POST",
    headers,
    json: {
      name: body.name ?? "Test token",
      scopes: body.scopes,
      expiresInDays: body.expiresInDays ?? 30,
    },
  });
  const created = await json<Created>(response, 201);
  return created;
}

/** A request to /api/v1 as an API client would send it: the token, no cookie, no Origin. */
async function v1(
  token: string | undefined,
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  return testApp.app.request(`${TEST_PUBLIC_URL}/api/v1${path}`, {
    ...init,
    headers,
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
}

/** An image in the owner's storage, for a draft's media. */
async function uploadImage(client: HttpClient) {
  const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
  return json<{ bucket: string; key: string }>(
    await client.request("/api/uploads/instagram-media", {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array(await sample.arrayBuffer()),
    }),
    201,
  );
}

function draftBody(file: { bucket: string; key: string }, caption: string) {
  return {
    items: [{ ...file, mediaType: "image" }],
    caption,
    scheduled_time: new Date(clock + 2 * DAY_MS).toISOString(),
    time_zone: "UTC",
  };
}

describe("personal access tokens", () => {
  it("are made, listed and revoked; the secret is shown once and only its hash is kept", async () => {
    const created = await createToken(owner, {
      name: "Zapier",
      scopes: ["posts:read", "analytics:read"],
      expiresInDays: 90,
    });
    expect(created.token).toMatch(/^slpat_[A-Za-z0-9_-]{43}$/);
    expect(created.accessToken).toMatchObject({
      name: "Zapier",
      prefix: created.token.slice(0, 14),
      scopes: ["analytics:read", "posts:read"],
      lastUsedAt: null,
      revokedAt: null,
      isMine: true,
      ownerEmail: synced.email,
    });
    expect(Date.parse(created.accessToken.expiresAt!) - clock).toBe(90 * DAY_MS);

    // Stored as its SHA-256; no column holds the secret.
    const [row] = await testApp.database.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, created.accessToken.id));
    expect(row!.tokenHash).toBe(createHash("sha256").update(created.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(14));

    // Listed without the secret.
    const listed = await owner.get("/api/workspaces/current/tokens");
    const listText = await listed.clone().text();
    expect(listText).not.toContain(created.token.slice(14));
    const { tokens } = await json<{ tokens: AccessTokenSummary[] }>(listed);
    expect(tokens.find((token) => token.id === created.accessToken.id)).toMatchObject({
      name: "Zapier",
      prefix: created.accessToken.prefix,
    });

    // It works, and its last use is set.
    expect((await v1(created.token, "/accounts")).status).toBe(200);
    const afterUse = await json<{ tokens: AccessTokenSummary[] }>(
      await owner.get("/api/workspaces/current/tokens"),
    );
    expect(afterUse.tokens.find((t) => t.id === created.accessToken.id)!.lastUsedAt).toBe(
      new Date(clock).toISOString(),
    );

    // Revoked: 401 from then on; revoking again is no error.
    const revoke = () =>
      owner.request(`/api/workspaces/current/tokens/${created.accessToken.id}`, {
        method: "DELETE",
      });
    expect(await json(await revoke())).toEqual({ revoked: true });
    expect(await json(await revoke())).toEqual({ revoked: true });
    const refused = await v1(created.token, "/accounts");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({
      error: { code: "unauthorized", message: "This token was revoked." },
    });

    // The audit log says who made and revoked it (by its prefix, never the secret), once each.
    const events = await testApp.database.db
      .select({ action: auditEvents.action, target: auditEvents.target })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.workspaceId, workspaceId),
          eq(auditEvents.target, created.accessToken.prefix),
        ),
      );
    expect(events.map((event) => event.action).sort()).toEqual([
      "api_token.created",
      "api_token.revoked",
    ]);
  });

  it("refuses a name, scope or expiry outside the rules with the one error shape", async () => {
    for (const [body, path] of [
      [{ name: "", scopes: ["posts:read"], expiresInDays: 30 }, "name"],
      [{ name: "x", scopes: [], expiresInDays: 30 }, "scopes"],
      [{ name: "x", scopes: ["admin"], expiresInDays: 30 }, "scopes.0"],
      [{ name: "x", scopes: ["posts:read"], expiresInDays: 5 }, "expiresInDays"],
    ] as const) {
      const response = await owner.post("/api/workspaces/current/tokens", body);
      expect(response.status).toBe(422);
      const { error } = (await response.json()) as {
        error: { code: string; issues: Array<{ path: string }> };
      };
      expect(error.code).toBe("validation_failed");
      expect(error.issues[0]!.path).toBe(path);
    }
  });

  it("needs a plan with the public API to make one, and to use one", async () => {
    const free = await createVerifiedUser(testApp);
    const refused = await free.client.post("/api/workspaces/current/tokens", {
      name: "x",
      scopes: ["posts:read"],
      expiresInDays: 30,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: "plan_required", capability: "publicApi", plan: "free", requiredPlan: "pro" },
    });

    // A token made on Premium stops at the plan when the workspace moves to Starter.
    const { token } = await createToken(owner, { scopes: ["analytics:read"] });
    await setWorkspacePlan(testApp.database.db, workspaceId, "starter", null, new Date(clock));
    try {
      const response = await v1(token, "/accounts");
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({
        error: { code: "plan_required", capability: "publicApi", plan: "starter" },
      });
    } finally {
      await setWorkspacePlan(testApp.database.db, workspaceId, "premium", null, new Date(clock));
    }
    expect((await v1(token, "/accounts")).status).toBe(200);
  });

  it("follow the member's role: a Client makes none, an Analyst only read scopes, a lost role stops a scope, a member who left stops all", async () => {
    const join = async (role: "analyst" | "editor" | "client") => {
      const email = uniqueEmail(role);
      await json(await owner.post("/api/workspaces/current/invitations", { email, role }), 201);
      const member = await createVerifiedUser(testApp, { email });
      const link = (await mailboxFor(member.client, email))
        .flatMap((message) => message.links)
        .find((candidate) => /invitations\/accept/.test(candidate))!;
      const accepted = await json<{ id: string }>(
        await member.client.post("/api/invitations/accept", {
          token: new URL(link).searchParams.get("token"),
        }),
      );
      expect(accepted.id).toBe(workspaceId);
      return member;
    };
    const inOwners = { [WORKSPACE_HEADER]: workspaceId };

    const client = await join("client");
    const clientTry = await client.client.request("/api/workspaces/current/tokens", {
      method: "POST",
      headers: inOwners,
      json: { name: "x", scopes: ["analytics:read"], expiresInDays: 30 },
    });
    expect(clientTry.status).toBe(403);

    const analyst = await join("analyst");
    const write = await analyst.client.request("/api/workspaces/current/tokens", {
      method: "POST",
      headers: inOwners,
      json: { name: "x", scopes: ["analytics:read", "posts:write"], expiresInDays: 30 },
    });
    expect(write.status).toBe(403);
    expect(((await write.json()) as { error: { message: string } }).error.message).toBe(
      "Your role (Analyst) cannot give a token the posts:write scope.",
    );
    const analystToken = await createToken(
      analyst.client,
      { scopes: ["analytics:read"] },
      inOwners,
    );
    expect((await v1(analystToken.token, "/accounts")).status).toBe(200);
    // Members see their own tokens; the owner sees everyone's.
    const analystList = await json<{ tokens: AccessTokenSummary[] }>(
      await analyst.client.request("/api/workspaces/current/tokens", { headers: inOwners }),
    );
    expect(analystList.tokens.map((token) => token.id)).toEqual([analystToken.accessToken.id]);
    const ownerList = await json<{ tokens: AccessTokenSummary[] }>(
      await owner.get("/api/workspaces/current/tokens"),
    );
    expect(ownerList.tokens.find((t) => t.id === analystToken.accessToken.id)).toMatchObject({
      isMine: false,
      ownerEmail: analyst.email,
    });

    // An editor's posts:write token stops writing when the editor becomes an analyst.
    const editor = await join("editor");
    const editorToken = await createToken(
      editor.client,
      { scopes: ["posts:write", "posts:read"] },
      inOwners,
    );
    const members = await json<{ members: Array<{ userId: string; email: string }> }>(
      await owner.get("/api/workspaces/current/members"),
    );
    const editorId = members.members.find((member) => member.email === editor.email)!.userId;
    await json(
      await owner.request(`/api/workspaces/current/members/${editorId}`, {
        method: "PATCH",
        json: { role: "analyst" },
      }),
    );
    const demoted = await v1(editorToken.token, `/accounts/${accountId}/drafts`, {
      method: "POST",
      json: {},
    });
    expect(demoted.status).toBe(403);
    expect(await demoted.json()).toMatchObject({
      error: {
        code: "insufficient_scope",
        message: "The role of this token's member (Analyst) no longer allows posts:write.",
      },
    });
    expect((await v1(editorToken.token, `/accounts/${accountId}/posts`)).status).toBe(200);

    // The analyst cannot revoke another's token (it does not exist for them); the owner can.
    const foreign = await analyst.client.request(
      `/api/workspaces/current/tokens/${editorToken.accessToken.id}`,
      { method: "DELETE", headers: inOwners },
    );
    expect(foreign.status).toBe(404);

    // Removed from the workspace: the token is dead.
    const removed = await owner.request(`/api/workspaces/current/members/${editorId}`, {
      method: "DELETE",
    });
    expect(removed.status).toBeLessThan(300);
    const gone = await v1(editorToken.token, "/accounts");
    expect(gone.status).toBe(401);
  });
});

describe("/api/v1", () => {
  it("takes only a personal access token: no token, a session cookie or a session access token is a 401", async () => {
    for (const response of [
      await v1(undefined, "/accounts"),
      // The signed-in owner's browser: cookies and Origin, no token.
      await owner.get("/api/v1/accounts"),
      await v1("slpat_not-a-real-token-not-a-real-token-not-a-real", "/accounts"),
      await v1("eyJhbGciOiJFZERTQSJ9.e30.c2ln", "/accounts"),
    ]) {
      expect(response.status).toBe(401);
      const body = (await response.json()) as { error: Record<string, unknown> };
      expect(Object.keys(body)).toEqual(["error"]);
      expect(body.error).toMatchObject({ code: "unauthorized" });
      expect(typeof body.error.message).toBe("string");
      expect(typeof body.error.requestId).toBe("string");
    }
  });

  it("refuses an expired token", async () => {
    const { token } = await createToken(owner, { scopes: ["analytics:read"], expiresInDays: 7 });
    expect((await v1(token, "/accounts")).status).toBe(200);
    const before = clock;
    clock += 7 * DAY_MS;
    try {
      const response = await v1(token, "/accounts");
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({
        error: { code: "unauthorized", message: "This token has expired." },
      });
    } finally {
      clock = before;
    }
  });

  it("answers every endpoint for a token with its scope, 403 naming the scope without it, 404 for another workspace's account", async () => {
    const file = await uploadImage(owner);
    const tokens = {} as Record<AccessTokenScope, string>;
    for (const scope of accessTokenScopes) {
      tokens[scope] = (await createToken(owner, { scopes: [scope] })).token;
    }
    const endpoints: Array<{
      name: string;
      call: (token: string, account: string) => Promise<Response>;
      allowed: AccessTokenScope[];
      status: number;
      missing: string;
    }> = [
      {
        name: "GET /accounts",
        call: (token) => v1(token, "/accounts"),
        allowed: ["analytics:read", "posts:read", "inbox:read"],
        status: 200,
        missing: "This token needs one of these scopes: analytics:read, posts:read, inbox:read.",
      },
      {
        name: "GET /accounts/:id/analytics/kpis",
        call: (token, account) => v1(token, `/accounts/${account}/analytics/kpis`),
        allowed: ["analytics:read"],
        status: 200,
        missing: "This token lacks the analytics:read scope.",
      },
      {
        name: "GET /accounts/:id/posts",
        call: (token, account) => v1(token, `/accounts/${account}/posts?limit=2`),
        allowed: ["posts:read"],
        status: 200,
        missing: "This token lacks the posts:read scope.",
      },
      {
        name: "POST /accounts/:id/drafts",
        call: (token, account) =>
          v1(token, `/accounts/${account}/drafts`, {
            method: "POST",
            json: draftBody(file, "Scope walk"),
          }),
        allowed: ["posts:write"],
        status: 201,
        missing: "This token lacks the posts:write scope.",
      },
    ];
    for (const endpoint of endpoints) {
      for (const scope of accessTokenScopes) {
        const response = await endpoint.call(tokens[scope], accountId);
        const text = await response.text();
        if (endpoint.allowed.includes(scope)) {
          expect([endpoint.name, scope, response.status], text).toEqual([
            endpoint.name,
            scope,
            endpoint.status,
          ]);
        } else {
          expect([endpoint.name, scope, response.status], text).toEqual([
            endpoint.name,
            scope,
            403,
          ]);
          expect(JSON.parse(text)).toMatchObject({
            error: { code: "insufficient_scope", message: endpoint.missing },
          });
        }
      }
    }

    // Another workspace (Pro, every scope) asks for this account: 404, nothing of it answered.
    const other = await createVerifiedUser(testApp);
    const { current } = await json<{ current: { id: string } }>(
      await other.client.get("/api/workspaces"),
    );
    await setWorkspacePlan(testApp.database.db, current.id, "pro", null, new Date(clock));
    const stranger = await createToken(other.client, { scopes: [...accessTokenScopes] });
    const theirs = await json<{ data: unknown[] }>(await v1(stranger.token, "/accounts"));
    expect(theirs.data).toEqual([]);
    const otherFile = await uploadImage(other.client);
    for (const endpoint of endpoints.slice(1)) {
      const response =
        endpoint.name === "POST /accounts/:id/drafts"
          ? await v1(stranger.token, `/accounts/${accountId}/drafts`, {
              method: "POST",
              json: draftBody(otherFile, "Not yours"),
            })
          : await endpoint.call(stranger.token, accountId);
      expect([endpoint.name, response.status]).toEqual([endpoint.name, 404]);
      expect(await response.json()).toMatchObject({
        error: {
          code: "not_found",
          message: "This Instagram account is not connected to this workspace.",
        },
      });
    }
    const drafted = await testApp.database.db
      .select({ id: scheduledPosts.id })
      .from(scheduledPosts)
      .where(eq(scheduledPosts.caption, "Not yours"));
    expect(drafted).toEqual([]);
  });

  it("lists the workspace's accounts", async () => {
    const { token } = await createToken(owner, { scopes: ["analytics:read"] });
    const { data } = await json<{ data: Array<Record<string, unknown>> }>(
      await v1(token, "/accounts"),
    );
    expect(data).toEqual([
      expect.objectContaining({
        id: accountId,
        username: "lena.makes",
        status: "active",
        pausedByPlan: false,
      }),
    ]);
    expect(JSON.stringify(data)).not.toMatch(/access_?token/i);
  });

  it("answers the KPIs the dashboard shows for the same account and days", async () => {
    const { token } = await createToken(owner, { scopes: ["analytics:read"] });
    const day = (offset: number) => new Date(clock + offset * DAY_MS).toISOString().slice(0, 10);
    type Kpi = { value: number | null; previous: number | null; basis: string };
    for (const [api, dashboard] of [
      [`since=${day(-28)}&until=${day(-1)}`, `from=${day(-28)}&to=${day(-1)}&timezone=UTC`],
      [`since=${day(-7)}&until=${day(-1)}`, `from=${day(-7)}&to=${day(-1)}&timezone=UTC`],
      // No period: the dashboard's default, the 28 days to yesterday.
      ["", "timezone=UTC"],
    ]) {
      const shown = await json<{
        period: unknown;
        kpis: Record<string, Kpi> & {
          followers: { value: number | null; change: number | null };
          engagementRate: { value: number | null; previous: number | null };
        };
      }>(await owner.get(`/api/analytics/overview?${dashboard}`));
      const answered = await json<{
        data: {
          period: unknown;
          followers: { value: number | null; change: number | null };
          kpis: Record<string, Kpi>;
          engagementRate: { value: number | null; previous: number | null };
        };
      }>(await v1(token, `/accounts/${accountId}/analytics/kpis?${api}`));
      expect(answered.data.period).toEqual(shown.period);
      const { followers, engagementRate, ...kpis } = shown.kpis;
      expect(Object.keys(answered.data.kpis).sort()).toEqual(Object.keys(kpis).sort());
      for (const [name, kpi] of Object.entries(kpis)) {
        expect([name, answered.data.kpis[name]]).toEqual([
          name,
          expect.objectContaining({ value: kpi.value, previous: kpi.previous, basis: kpi.basis }),
        ]);
      }
      expect(answered.data.kpis.reach!.value).not.toBeNull();
      expect(answered.data.followers).toMatchObject({
        value: followers.value,
        change: followers.change,
      });
      expect(answered.data.engagementRate).toMatchObject({
        value: engagementRate.value,
        previous: engagementRate.previous,
      });
    }
    const bad = await v1(token, `/accounts/${accountId}/analytics/kpis?since=${day(-3)}`);
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({
      error: { code: "validation_failed", message: "A period needs both since and until." },
    });
  });

  it("pages published posts newest first by an opaque cursor, as Post Performance lists them", async () => {
    const { token } = await createToken(owner, { scopes: ["posts:read"] });
    type Page = {
      data: Array<{ id: string; postedAt: string; metrics: { reach: number | null } }>;
      nextCursor: string | null;
    };
    const first = await json<Page>(await v1(token, `/accounts/${accountId}/posts?limit=5`));
    expect(first.data).toHaveLength(5);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await json<Page>(
      await v1(
        token,
        `/accounts/${accountId}/posts?limit=5&cursor=${encodeURIComponent(first.nextCursor!)}`,
      ),
    );
    const ids = [...first.data, ...second.data].map((post) => post.id);
    expect(new Set(ids).size).toBe(10);
    const times = [...first.data, ...second.data].map((post) => post.postedAt);
    expect(times).toEqual([...times].sort().reverse());
    const shown = await json<{ items: Array<{ id: string; reach: number | null }> }>(
      await owner.get("/api/analytics/posts?limit=10&timezone=UTC"),
    );
    expect(ids).toEqual(shown.items.map((item) => item.id));
    expect(first.data[0]!.metrics.reach).toBe(shown.items[0]!.reach);

    const bad = await v1(token, `/accounts/${accountId}/posts?cursor=not-a-cursor`);
    expect(bad.status).toBe(422);
    const tooMany = await v1(token, `/accounts/${accountId}/posts?limit=101`);
    expect(tooMany.status).toBe(422);
  });

  it("makes a draft once per Idempotency-Key, with the composer's rules and messages", async () => {
    const { token } = await createToken(owner, { scopes: ["posts:write"] });
    const file = await uploadImage(owner);
    const caption = `API draft ${clock}`;
    const post = (body: unknown, key?: string) =>
      v1(token, `/accounts/${accountId}/drafts`, {
        method: "POST",
        json: body,
        headers: key ? { "Idempotency-Key": key } : {},
      });

    const first = await post(draftBody(file, caption), "key-1");
    expect(first.status).toBe(201);
    const made = (await first.json()) as { data: { id: string; status: string } };
    expect(made.data.status).toBe("draft");
    const again = await post(draftBody(file, caption), "key-1");
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(made);
    const rows = await testApp.database.db
      .select({ id: scheduledPosts.id, status: scheduledPosts.status })
      .from(scheduledPosts)
      .where(eq(scheduledPosts.caption, caption));
    expect(rows).toEqual([{ id: made.data.id, status: "draft" }]);

    // The same key with another body is refused; nothing is made.
    const other = await post(draftBody(file, `${caption} changed`), "key-1");
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ error: { code: "idempotency_key_reused" } });

    // The composer's messages; a refused request frees its key for the corrected one.
    const noMedia = await post({ ...draftBody(file, caption), items: [] }, "key-2");
    expect(noMedia.status).toBe(400);
    expect(await noMedia.json()).toMatchObject({
      error: { code: "bad_request", message: "Missing media file" },
    });
    const past = await post(
      { ...draftBody(file, caption), scheduled_time: new Date(clock - DAY_MS).toISOString() },
      "key-3",
    );
    expect(await past.json()).toMatchObject({
      error: { message: "Cannot schedule post in the past" },
    });
    const tooLong = await post({ ...draftBody(file, "x".repeat(10_001)) }, "key-4");
    expect(tooLong.status).toBe(422);
    const hashtags = await post(
      { ...draftBody(file, caption), hashtags: Array.from({ length: 31 }, (_, i) => `tag${i}`) },
      "key-2",
    );
    expect(await hashtags.json()).toMatchObject({
      error: { message: "Maximum 30 hashtags allowed" },
    });
    const fixed = await post(draftBody(file, `${caption} second`), "key-2");
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("Idempotent-Replayed")).toBeNull();

    // Another member's files are not this draft's media.
    const stranger = await createVerifiedUser(testApp);
    const foreignFile = await uploadImage(stranger.client);
    const foreign = await post(draftBody(foreignFile, caption));
    expect(await foreign.json()).toMatchObject({ error: { message: "Missing media file" } });

    // The content scheduler shows it as a draft.
    const listed = await json<{ posts: Array<{ id: string; status: string }> }>(
      await owner.get("/api/scheduled-posts"),
    );
    expect(listed.posts.find((p) => p.id === made.data.id)?.status).toBe("draft");

    const badKey = await post(draftBody(file, caption), "has space");
    expect(badKey.status).toBe(422);
  });

  it("limits each token's requests per window with RateLimit headers, then 429 with Retry-After", async () => {
    const { token } = await createToken(owner, { scopes: ["analytics:read"] });
    const other = await createToken(owner, { scopes: ["analytics:read"] });
    for (let i = 1; i <= RATE.max; i++) {
      const response = await v1(token, "/accounts");
      expect(response.status).toBe(200);
      expect(response.headers.get("RateLimit-Limit")).toBe(String(RATE.max));
      expect(response.headers.get("RateLimit-Remaining")).toBe(String(RATE.max - i));
      expect(response.headers.get("RateLimit-Reset")).toBe(String(RATE.windowSeconds));
    }
    clock += 20_000;
    const limited = await v1(token, "/accounts");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("40");
    expect(limited.headers.get("RateLimit-Remaining")).toBe("0");
    expect(await limited.json()).toMatchObject({ error: { code: "rate_limited" } });
    // Per token: another token of the same member is not limited.
    expect((await v1(other.token, "/accounts")).status).toBe(200);
    clock += 40_000;
    const next = await v1(token, "/accounts");
    expect(next.status).toBe(200);
    expect(next.headers.get("RateLimit-Remaining")).toBe(String(RATE.max - 1));
  });

  it("records every request made with a token, and the daily sweep prunes the records and keys", async () => {
    const { token, accessToken } = await createToken(owner, { scopes: ["posts:read"] });
    await v1(token, "/accounts");
    await v1(token, `/accounts/${accountId}/analytics/kpis`);
    await v1(token, "/accounts/1/posts");
    await v1(token, `/accounts/${accountId}/posts?limit=1`, {
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    const rows = await testApp.database.db
      .select({
        method: apiRequests.method,
        path: apiRequests.path,
        status: apiRequests.status,
        ip: apiRequests.ip,
      })
      .from(apiRequests)
      .where(and(eq(apiRequests.workspaceId, workspaceId), eq(apiRequests.tokenId, accessToken.id)))
      .orderBy(apiRequests.id);
    expect(rows).toEqual([
      expect.objectContaining({ method: "GET", path: "/api/v1/accounts", status: 200 }),
      expect.objectContaining({
        path: `/api/v1/accounts/${accountId}/analytics/kpis`,
        status: 403,
      }),
      expect.objectContaining({ path: "/api/v1/accounts/1/posts", status: 404 }),
      {
        method: "GET",
        path: `/api/v1/accounts/${accountId}/posts`,
        status: 200,
        ip: "203.0.113.9",
      },
    ]);

    // 91 days on: the request rows are gone; keys older than a day too.
    await testApp.database.db.insert(apiIdempotencyKeys).values({
      workspaceId,
      tokenId: accessToken.id,
      key: "old",
      requestHash: "x",
      createdAt: new Date(clock - 2 * DAY_MS),
    });
    await pruneAuditJob.run(
      {},
      {
        db: testApp.database.db,
        logger: testApp.logger,
        now: () => clock + 91 * DAY_MS,
        auditRetentionDays: 365,
        jobId: "test",
      },
    );
    const left = await testApp.database.db
      .select({ id: apiRequests.id })
      .from(apiRequests)
      .where(eq(apiRequests.tokenId, accessToken.id));
    expect(left).toEqual([]);
    const keys = await testApp.database.db
      .select({ key: apiIdempotencyKeys.key })
      .from(apiIdempotencyKeys)
      .where(eq(apiIdempotencyKeys.tokenId, accessToken.id));
    expect(keys).toEqual([]);
  });

  it("never writes a token's secret to the log", async () => {
    const { token, accessToken } = await createToken(owner, { scopes: ["posts:read"] });
    const from = logLines.length;
    await v1(token, "/accounts");
    await v1(token, `/accounts/${accountId}/posts?cursor=broken`);
    await owner.request(`/api/workspaces/current/tokens/${accessToken.id}`, { method: "DELETE" });
    await v1(token, "/accounts");
    const log = logLines.slice(from).join("\n");
    expect(log).toContain("/api/v1/accounts");
    expect(log).not.toContain(token.slice(6));
  });
});
