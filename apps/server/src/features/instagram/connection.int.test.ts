import { countSyncedRows, findInstagramConnection } from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, setPersonalPlan } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import {
  connectSandboxAccount,
  consentAtSandbox,
  sandboxControl,
} from "../../testing/instagram.ts";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

/** Consents as `username` (Instagram Login) and hands the answer to the callback, as is. */
async function consentAndCallBack(client: HttpClient, username: string) {
  const query = await consentAtSandbox(testApp, client, { username, login: "instagram" });
  return client.post("/api/instagram/connect/callback", {
    login: "instagram",
    code: query.get("code"),
    state: query.get("state"),
  });
}

describe("connecting Instagram", () => {
  it("connects with Instagram Login: the account id from /me, every spec field, a sealed token", async () => {
    const { client } = await createVerifiedUser(testApp);
    const connection = await connectSandboxAccount(testApp, client, {
      username: "lena.makes",
      login: "instagram",
    });
    const lena = testApp.sandbox!.accounts().find((account) => account.username === "lena.makes")!;
    expect(connection).toMatchObject({
      instagram_id: lena.igUserId,
      instagram_username: "lena.makes",
      login: "instagram",
      status: "active",
    });
    expect(connection.followers_count).toBeGreaterThan(10_000);
    expect(connection.profile_picture_url).toMatch(/\/sandbox\/scontent\.cdninstagram\.com\//);
    expect(connection.scopes).toContain("instagram_business_manage_insights");
    expect(new Date(connection.token_expires_at!).getTime()).toBeGreaterThan(
      Date.now() + 50 * 86_400_000,
    );
    expect(connection).not.toHaveProperty("access_token");

    const row = await findInstagramConnection(testApp.database.db, connection.workspace_id);
    expect(row!.accessToken).toMatch(/^v1\./);
    expect(row!.accessToken).not.toContain("IGAA");
    const read = await client.get("/api/instagram/connection");
    expect(((await read.json()) as { connection: unknown }).connection).toMatchObject({
      instagram_username: "lena.makes",
    });
  });

  it("refuses a forged state, a replayed state and another user's state", async () => {
    const { client } = await createVerifiedUser(testApp);
    // The smallest account: the one callback that succeeds starts a sync, which the later tests'
    // waits for the queue would sit through (the demo account's took seconds on PGlite).
    const query = await consentAtSandbox(testApp, client, {
      username: "oona.bakes",
      login: "instagram",
    });
    const forged = await client.post("/api/instagram/connect/callback", {
      login: "instagram",
      code: query.get("code"),
      state: "forged-state-forged-state-forged",
    });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("not valid any more");

    const other = await createVerifiedUser(testApp);
    const stolen = await other.client.post("/api/instagram/connect/callback", {
      login: "instagram",
      code: query.get("code"),
      state: query.get("state"),
    });
    expect(stolen.status).toBe(400);

    const first = await client.post("/api/instagram/connect/callback", {
      login: "instagram",
      code: query.get("code"),
      state: query.get("state"),
    });
    expect(first.status).toBe(200);
    const replay = await client.post("/api/instagram/connect/callback", {
      login: "instagram",
      code: query.get("code"),
      state: query.get("state"),
    });
    expect(replay.status).toBe(400);
  });

  it("a cancel at the consent page comes back with a clear message and connects nothing", async () => {
    const { client } = await createVerifiedUser(testApp);
    const query = await consentAtSandbox(testApp, client, {
      username: "lena.makes",
      login: "instagram",
      decision: "cancel",
    });
    const response = await client.post("/api/instagram/connect/callback", {
      login: "instagram",
      state: query.get("state"),
      error: query.get("error"),
      error_reason: query.get("error_reason"),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      "You cancelled the connection on Instagram's page. Nothing was connected.",
    );
    const read = await client.get("/api/instagram/connection");
    expect(await read.json()).toEqual({ connection: null });
  });

  it("connects with Facebook Login through the Page linked to the account", async () => {
    const { client } = await createVerifiedUser(testApp);
    const connection = await connectSandboxAccount(testApp, client, {
      username: "northfield.coffee",
      login: "facebook",
    });
    const northfield = testApp
      .sandbox!.accounts()
      .find((account) => account.username === "northfield.coffee")!;
    expect(connection).toMatchObject({
      instagram_id: northfield.igUserId,
      page_instagram_id: northfield.igUserId,
      login: "facebook",
      token_expires_at: null,
      status: "active",
    });
    expect(connection.scopes).toContain("instagram_manage_messages");
  });

  it("switching to Facebook Login and back keeps the same account and every stored row; another account is refused", async () => {
    const { client } = await createVerifiedUser(testApp);
    const connected = await connectSandboxAccount(testApp, client, {
      username: "oona.bakes",
      login: "instagram",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
    const db = testApp.database.db;
    const synced = await countSyncedRows(db, connected.workspace_id);
    expect(synced.instagram_media).toBeGreaterThan(12);
    expect(synced.instagram_account_insights).toBeGreaterThan(0);
    const before = (await findInstagramConnection(db, connected.workspace_id))!;

    // Same login: nothing to switch to.
    const same = await client.post("/api/instagram/connect", { login: "instagram", switch: true });
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("already uses Instagram Login");

    // Another account picked on Facebook's page: refused, the connection and its rows as they were.
    const wrong = await consentAtSandbox(testApp, client, {
      username: "northfield.coffee",
      login: "facebook",
      switch: true,
    });
    const refused = await client.post("/api/instagram/connect/callback", {
      login: "facebook",
      code: wrong.get("code"),
      state: wrong.get("state"),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      "but this Sightline account is connected to @oona.bakes. Nothing changed",
    );
    const untouched = (await findInstagramConnection(db, connected.workspace_id))!;
    expect(untouched).toMatchObject({
      id: before.id,
      login: "instagram",
      instagramId: before.instagramId,
      accessToken: before.accessToken,
    });
    expect(await countSyncedRows(db, connected.workspace_id)).toEqual(synced);

    // The same account through Facebook Login: the same row, every synced row kept.
    const query = await consentAtSandbox(testApp, client, {
      username: "oona.bakes",
      login: "facebook",
      switch: true,
    });
    const switched = await client.post("/api/instagram/connect/callback", {
      login: "facebook",
      code: query.get("code"),
      state: query.get("state"),
    });
    expect(switched.status).toBe(200);
    const { connection } = (await switched.json()) as { connection: typeof connected };
    expect(connection).toMatchObject({
      id: connected.id,
      instagram_id: connected.instagram_id,
      login: "facebook",
      connected_at: connected.connected_at,
      status: "active",
    });
    expect(connection.last_synced_at).not.toBeNull();
    const afterSwitch = await countSyncedRows(db, connected.workspace_id);
    expect(afterSwitch).toEqual(synced);
    await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
    const afterSync = await countSyncedRows(db, connected.workspace_id);
    expect(afterSync.instagram_media).toBe(synced.instagram_media);
    expect(afterSync.instagram_account_insights).toBeGreaterThanOrEqual(
      synced.instagram_account_insights!,
    );

    // And back to Instagram Login.
    const back = await connectSandboxAccount(testApp, client, {
      username: "oona.bakes",
      login: "instagram",
      switch: true,
    });
    expect(back).toMatchObject({ id: connected.id, login: "instagram", page_instagram_id: null });
    expect((await countSyncedRows(db, connected.workspace_id)).instagram_media).toBe(
      synced.instagram_media,
    );
  }, 240_000);

  it("disconnect revokes at Meta, deletes the token and the synced data", async () => {
    const { client } = await createVerifiedUser(testApp);
    const connection = await connectSandboxAccount(testApp, client, {
      username: "oona.bakes",
      login: "instagram",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
    // 12 posts and their carousel children.
    expect(
      (await countSyncedRows(testApp.database.db, connection.workspace_id)).instagram_media,
    ).toBeGreaterThan(12);
    // The inbox's own rows about the people who wrote go too (their names and pictures).
    const inboxPeople = async () =>
      (
        (await testApp.database.db.execute(
          `select count(*)::int as n from inbox_people where workspace_id = '${connection.workspace_id}'`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n;
    expect(await inboxPeople()).toBeGreaterThan(0);
    const response = await client.request("/api/instagram/connection", {
      method: "DELETE",
      json: { keepPublishedHistory: false },
    });
    expect(response.status).toBe(200);
    expect(
      await findInstagramConnection(testApp.database.db, connection.workspace_id),
    ).toBeUndefined();
    const counts = await countSyncedRows(testApp.database.db, connection.workspace_id);
    expect(Object.values(counts).every((count) => count === 0)).toBe(true);
    expect(await inboxPeople()).toBe(0);
  }, 180_000);

  it("connects several accounts into one workspace: each request acts on the account it names, another workspace's or a malformed one is a 404, a disconnect takes only that account", async () => {
    const db = testApp.database.db;
    const { client, email } = await createVerifiedUser(testApp);
    const first = await connectSandboxAccount(testApp, client, {
      username: "northfield.coffee",
      login: "instagram",
    });
    // Free connects one account (issue 30): a second is refused naming the plan with more,
    // after Meta's consent and before anything is stored.
    const refused = await consentAndCallBack(client, "lena.makes");
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: unknown }).error).toMatchObject({
      code: "plan_required",
      capability: "accounts",
      plan: "free",
      requiredPlan: "pro",
      message:
        "The Free plan can connect up to 1 Instagram account. Upgrade to Pro to connect up to 3.",
    });
    await setPersonalPlan(testApp, email, "pro");
    const second = await connectSandboxAccount(testApp, client, {
      username: "lena.makes",
      login: "instagram",
    });
    expect(second.workspace_id).toBe(first.workspace_id);
    expect(second.instagram_id).not.toBe(first.instagram_id);
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const as = (account: string) => ({ headers: { "x-sightline-account": account } });
    const listed = async () =>
      (
        (await (await client.get("/api/instagram/connections")).json()) as {
          connections: Array<{ instagram_id: string; instagram_username: string }>;
          limit: number;
        }
      ).connections.map((row) => row.instagram_username);
    expect(await listed()).toEqual(["northfield.coffee", "lena.makes"]);

    // Without a named account, the workspace's first; with one, that account, by header or query.
    const connectionOf = async (path: string, init?: RequestInit) =>
      ((await (await client.get(path, init)).json()) as { connection: { instagram_id: string } })
        .connection.instagram_id;
    expect(await connectionOf("/api/instagram/connection")).toBe(first.instagram_id);
    expect(await connectionOf("/api/instagram/connection", as(second.instagram_id))).toBe(
      second.instagram_id,
    );
    expect(await connectionOf(`/api/instagram/connection?account=${second.instagram_id}`)).toBe(
      second.instagram_id,
    );
    // Each account's own synced posts: the post lists do not mix.
    const mediaOf = async (account: string) =>
      (
        (await db.execute(
          `select count(*)::int as n from instagram_media where workspace_id = '${first.workspace_id}' and account_id = '${account}'`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n;
    const postsOf = async (account: string) =>
      (
        (await (await client.get("/api/analytics/posts?limit=50", as(account))).json()) as {
          items: Array<{ id: string }>;
        }
      ).items.map((item) => item.id);
    expect(await mediaOf(first.instagram_id)).toBeGreaterThan(0);
    expect(await mediaOf(second.instagram_id)).toBeGreaterThan(0);
    const firstPosts = await postsOf(first.instagram_id);
    const secondPosts = await postsOf(second.instagram_id);
    expect(firstPosts.length).toBeGreaterThan(0);
    expect(secondPosts.length).toBeGreaterThan(0);
    expect(firstPosts.filter((id) => secondPosts.includes(id))).toEqual([]);

    // All accounts: each account side by side, with its own dashboard's figures (Instagram's
    // reach for the period, not a sum of days), its posts of the period and unanswered DMs.
    const all = (await (
      await client.get("/api/analytics/accounts?days=28&timezone=UTC")
    ).json()) as {
      period: { from: string; to: string; days: number };
      accounts: Array<{
        instagramId: string;
        username: string;
        followers: { value: number | null };
        reach: { value: number | null; basis: string };
        views: { value: number | null };
        engagementRate: { value: number | null };
        posts: number;
        unansweredMessages: number;
      }>;
    };
    expect(all.period.days).toBe(28);
    expect(all.accounts.map((account) => account.username)).toEqual([
      "northfield.coffee",
      "lena.makes",
    ]);
    for (const account of all.accounts) {
      const overview = (await (
        await client.get("/api/analytics/overview?days=28&timezone=UTC", as(account.instagramId))
      ).json()) as {
        kpis: {
          followers: { value: number | null };
          reach: { value: number | null; basis: string };
          views: { value: number | null };
          engagementRate: { value: number | null };
        };
      };
      expect(account.followers.value).toBe(overview.kpis.followers.value);
      expect(account.reach).toMatchObject({
        value: overview.kpis.reach.value,
        basis: overview.kpis.reach.basis,
      });
      expect(account.views.value).toBe(overview.kpis.views.value);
      expect(account.engagementRate.value).toBe(overview.kpis.engagementRate.value);
      const inPeriod = (
        (await db.execute(
          `select count(*)::int as n from instagram_media where workspace_id = '${first.workspace_id}' and account_id = '${account.instagramId}' and parent_ig_media_id is null and posted_at >= '${all.period.from}T00:00:00Z' and posted_at < (('${all.period.to}'::date + 1)::timestamp at time zone 'UTC')`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n;
      expect(account.posts).toBe(inPeriod);
      const waiting = (
        (await (
          await client.get(
            "/api/inbox/conversations?filter=needs_reply&limit=100",
            as(account.instagramId),
          )
        ).json()) as { items: Array<{ kind: string }> }
      ).items.filter((item) => item.kind === "dm").length;
      expect(account.unansweredMessages).toBe(waiting);
    }
    expect(all.accounts.some((account) => account.posts > 0)).toBe(true);

    // The calendar's synced posts name their account in their image address (an image request
    // carries no header), and the address answers for that account.
    const calendar = (await (
      await client.get(
        `/api/content-calendar?from=${new Date(Date.now() - 90 * 86_400_000).toISOString()}&to=${new Date().toISOString()}`,
        as(second.instagram_id),
      )
    ).json()) as { posts: Array<{ source: string; thumbnail_url: string | null }> };
    const synced = calendar.posts.find((post) => post.source === "instagram");
    expect(synced?.thumbnail_url).toContain(`account=${second.instagram_id}`);
    expect((await client.get(synced!.thumbnail_url!)).status).toBe(302);

    // An account of another workspace, or something that is not an account id: 404.
    const other = await createVerifiedUser(testApp);
    const foreign = await connectSandboxAccount(testApp, other.client, {
      username: "oona.bakes",
      login: "instagram",
    });
    for (const account of [foreign.instagram_id, "not-an-id", "1".repeat(40)]) {
      expect((await client.get("/api/instagram/connection", as(account))).status).toBe(404);
      expect((await client.get("/api/analytics/overview", as(account))).status).toBe(404);
    }

    // The same account again is a reconnect: still two rows.
    await connectSandboxAccount(testApp, client, { username: "lena.makes", login: "instagram" });
    expect(await listed()).toEqual(["northfield.coffee", "lena.makes"]);

    // Disconnecting the named account takes its token and rows; the other account keeps its own.
    const response = await client.request("/api/instagram/connection", {
      method: "DELETE",
      json: { keepPublishedHistory: false },
      ...as(second.instagram_id),
    });
    expect(response.status).toBe(200);
    // The reconnect's sync may still be running: what it stores after the delete goes too.
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    expect(await listed()).toEqual(["northfield.coffee"]);
    expect(await mediaOf(second.instagram_id)).toBe(0);
    expect(await mediaOf(first.instagram_id)).toBeGreaterThan(0);
    expect((await client.get("/api/instagram/connection", as(second.instagram_id))).status).toBe(
      404,
    );
    expect(await connectionOf("/api/instagram/connection")).toBe(first.instagram_id);
  }, 240_000);

  it("connects at most 10 accounts into one workspace and says so at the eleventh", async () => {
    const db = testApp.database.db;
    const { client, email } = await createVerifiedUser(testApp);
    // Ten accounts is Premium's limit, the largest plan's (issue 30).
    await setPersonalPlan(testApp, email, "premium");
    const connection = await connectSandboxAccount(testApp, client, {
      username: "northfield.coffee",
      login: "instagram",
    });
    for (let index = 0; index < 9; index += 1) {
      await db.execute(
        `insert into instagram_connections (workspace_id, instagram_id, instagram_username, access_token, login)
         values ('${connection.workspace_id}', '9900000000000${index}', 'filler${index}', 'x', 'instagram')`,
      );
    }
    const refused = await consentAndCallBack(client, "lena.makes");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "This workspace has 10 Instagram accounts, the most it can connect. Disconnect one in Settings to connect another.",
    );
    // A reconnect of an account already there is not a new one: still allowed.
    await connectSandboxAccount(testApp, client, {
      username: "northfield.coffee",
      login: "instagram",
    });
  }, 120_000);

  it("Facebook Login with no professional account linked to any Page says so clearly", async () => {
    const { client } = await createVerifiedUser(testApp);
    const query = await consentAtSandbox(testApp, client, {
      username: "northfield.coffee",
      login: "facebook",
    });
    await sandboxControl(testApp, "/faults", {
      path: "/me/accounts",
      status: 200,
      body: JSON.stringify({ data: [{ id: "1234567890", name: "A Page", access_token: "x" }] }),
      headers: { "content-type": "application/json" },
    });
    const response = await client.post("/api/instagram/connect/callback", {
      login: "facebook",
      code: query.get("code"),
      state: query.get("state"),
    });
    await sandboxControl(testApp, "/faults", undefined, "DELETE");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      "None of your Facebook Pages has an Instagram professional account linked.",
    );
    expect(await (await client.get("/api/instagram/connection")).json()).toEqual({
      connection: null,
    });
  });

  it("Meta's deauthorize and data-deletion callbacks drop the connections of their user", async () => {
    const first = await createVerifiedUser(testApp);
    const firstConnection = await connectSandboxAccount(testApp, first.client, {
      username: "oona.bakes",
      login: "instagram",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    await sandboxControl(testApp, "/signed-request", {
      username: "oona.bakes",
      login: "instagram",
      callback: "deauthorize",
    });
    expect(
      await findInstagramConnection(testApp.database.db, firstConnection.workspace_id),
    ).toBeUndefined();
    expect((await first.client.get("/api/me")).status).toBe(200);

    const second = await createVerifiedUser(testApp);
    const secondConnection = await connectSandboxAccount(testApp, second.client, {
      username: "oona.bakes",
      login: "instagram",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const answer = (await sandboxControl(testApp, "/signed-request", {
      username: "oona.bakes",
      login: "instagram",
      callback: "data-deletion",
    })) as { status: number; body: string };
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ confirmation_code: expect.any(String) });
    expect(
      await findInstagramConnection(testApp.database.db, secondConnection.workspace_id),
    ).toBeUndefined();
    const counts = await countSyncedRows(testApp.database.db, secondConnection.workspace_id);
    expect(Object.values(counts).every((count) => count === 0)).toBe(true);
    // The Sightline account itself stays: Meta asked for the data it gave.
    expect((await second.client.get("/api/me")).status).toBe(200);
  }, 180_000);
});
