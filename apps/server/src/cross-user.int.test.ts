import { type ScheduledPostStatus, scheduledPostStatuses } from "@sightline/contracts";
import { scheduledPosts, setWorkspacePlan, trendHashtags } from "@sightline/db";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "./testing/create-test-app.ts";
import { createVerifiedUser } from "./testing/factories.ts";
import type { HttpClient } from "./testing/http-client.ts";
import { connectSandboxAccount, sandboxControl } from "./testing/instagram.ts";

/*
 * Every route of the API, called by a second user with the first user's ids wherever a route
 * takes one (path parameters, query, JSON body): nothing the first user owns may come back, and
 * nothing of theirs may change. A route added later must be listed here (walked or excluded with
 * a reason), or the first test fails.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    // Outgoing webhooks: every host is a public address and every receiver answers 200, with
    // no network (the victim's endpoint gets a test event).
    webhookFetch: {
      lookup: async () => [{ address: "93.184.216.34", family: 4 }],
      transport: async () => new Response("ok", { status: 200 }),
    },
  });
});
afterAll(async () => {
  await testApp?.close();
});

/** Routes not walked, and why. */
const excluded: Record<string, string> = {
  "ALL /api/*": "the not-found fallback",
  "GET /api/auth/*": "Better Auth: its own session checks (auth tests)",
  "POST /api/auth/*": "Better Auth: its own session checks (auth tests)",
  "GET /api/health": "no user data",
  "GET /api/config": "no user data",
  "GET /api/realtime": "a stream; per-user delivery is tested in realtime.int.test.ts",
  "GET /api/dev/mailbox": "development only (never mounted in production)",
  "POST /api/test/inbox/comments": "test only (never mounted outside NODE_ENV=test)",
  "POST /api/test/inbox/messages": "test only (never mounted outside NODE_ENV=test)",
  "GET /api/meta/data-deletion/status": "public by design: the confirmation code is the secret",
  "POST /api/meta/data-deletion": "Meta's signed requests (meta.int.test.ts)",
  "POST /api/meta/deauthorize": "Meta's signed requests (meta.int.test.ts)",
  "POST /api/session/sign-out": "ends the caller's own session only",
  "POST /api/settings/delete-account": "deletes the caller; walked last in settings tests",
  "GET /webhooks/instagram": "Meta's handshake, no user data",
  "POST /webhooks/instagram": "signed by Meta (webhooks.int.test.ts)",
};

type Victim = {
  client: HttpClient;
  /** The Instagram account they connected (its IG_ID). */
  accountId: string;
  email: string;
  userId: string;
  /** Their personal workspace: the scope of their connection and everything synced (decision 026). */
  workspaceId: string;
  connectionId: string;
  sessionId: string;
  exportId: string;
  personIgsid: string;
  postId: string;
  pressSourceId: string;
  pressKeywordId: string;
  trendHashtagId: string;
  automationId: string;
  /** A conversation label of theirs, on their DM thread. */
  labelId: string;
  /** An outgoing webhook endpoint of theirs, and one delivery in its log. */
  webhookEndpointId: string;
  webhookDeliveryId: string;
  /** A personal access token of theirs (every scope): its id and secret. */
  accessTokenId: string;
  accessToken: string;
  /** A connect link of theirs waiting to be used (its id, and the token of its address). */
  connectLinkId: string;
  connectLinkToken: string;
  scheduledPostId: string;
  /** One post of theirs in every status, walked on every route that takes a post id. */
  postsByStatus: Record<ScheduledPostStatus, string>;
  threadId: string;
  commentId: string;
  markers: string[];
};

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function prepareVictim(): Promise<Victim> {
  const { client, email } = await createVerifiedUser(testApp);
  const connection = await connectSandboxAccount(testApp, client, {
    username: "lena.makes",
    login: "instagram",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  const commentMarker = `comment-marker-${Date.now()}`;
  const messageMarker = `message-marker-${Date.now()}`;
  const simulatedComment = (await sandboxControl(testApp, "/simulate/comment", {
    username: "lena.makes",
    text: commentMarker,
  })) as { id: string };
  await sandboxControl(testApp, "/simulate/message", {
    username: "lena.makes",
    text: messageMarker,
  });
  await testApp.sandbox!.idle();
  await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
  const stored = (await testApp.database.db.execute(
    `select from_id, conversation_id from instagram_messages where workspace_id = '${connection.workspace_id}' and text = '${messageMarker}'`,
  )) as unknown as { rows: Array<{ from_id: string; conversation_id: string }> };
  expect(stored.rows).toHaveLength(1);
  const post = (await testApp.database.db.execute(
    `select ig_media_id from instagram_media where workspace_id = '${connection.workspace_id}' and parent_ig_media_id is null limit 1`,
  )) as unknown as { rows: Array<{ ig_media_id: string }> };
  const postId = post.rows[0]!.ig_media_id;
  const sessions = await json<{ sessions: Array<{ id: string }> }>(
    await client.get("/api/settings/sessions"),
  );
  const started = await json<{ export: { id: string } }>(
    await client.post("/api/settings/exports"),
  );
  // Press Radar: a keyword and a sandbox sample feed that mentions it; Trend Radar: a hashtag.
  const keyword = await json<{ keyword: { id: string } }>(
    await client.post("/api/press-radar/keywords", { term: "Lena Makes" }),
  );
  const source = await json<{ source: { id: string } }>(
    await client.post("/api/press-radar/sources", {
      url: `${TEST_PUBLIC_URL}/sandbox/press/berlin-makers-journal.xml`,
    }),
  );
  await testApp.radarsContext.queue.idle({ timeoutMs: 60_000 });
  const [hashtag] = await testApp.database.db
    .insert(trendHashtags)
    .values({
      workspaceId: connection.workspace_id,
      name: "victimtag",
      accountId: connection.instagram_id,
      instagramHashtagId: "17843000000000001",
    })
    .returning();
  // A scheduled post of theirs (an hour ahead, so it is still waiting during the walk).
  const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
  const file = await json<{ bucket: string; key: string }>(
    await client.request("/api/uploads/instagram-media", {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array(await sample.arrayBuffer()),
    }),
  );
  const scheduledCaption = `victim-scheduled-${Date.now()}`;
  const scheduled = await json<{ post: { id: string } }>(
    await client.post("/api/scheduled-posts", {
      items: [{ ...file, mediaType: "image" }],
      caption: scheduledCaption,
      scheduled_time: new Date(Date.now() + 3_600_000).toISOString(),
      time_zone: "UTC",
    }),
  );
  // And one in every other status: a failed post, say, is the one Retry would act on.
  const postsByStatus = { scheduled: scheduled.post.id } as Record<ScheduledPostStatus, string>;
  for (const status of scheduledPostStatuses) {
    if (status === "scheduled") continue;
    const created = await json<{ post: { id: string } }>(
      await client.post("/api/scheduled-posts", {
        items: [{ ...file, mediaType: "image" }],
        caption: `${scheduledCaption}-${status}`,
        scheduled_time: new Date(Date.now() + 3_600_000).toISOString(),
        time_zone: "UTC",
      }),
    );
    await testApp.database.db
      .update(scheduledPosts)
      .set({
        status,
        // A publishing post is held by a live worker; a failed one says why.
        ...(status === "publishing" ? { leaseUntil: new Date(Date.now() + 3_600_000) } : {}),
        ...(status === "failed" ? { error: "Photo post failed: victim's failure" } : {}),
      })
      .where(inArray(scheduledPosts.id, [created.post.id]));
    postsByStatus[status] = created.post.id;
  }
  // Automations (issue 32, Pro): one rule, its name a marker.
  await setWorkspacePlan(testApp.database.db, connection.workspace_id, "pro", null, new Date());
  const automationName = `automation-marker-${Date.now()}`;
  const automation = await json<{ id: string }>(
    await client.post("/api/automations", {
      name: automationName,
      trigger: { kind: "comment", keywords: { mode: "any", words: ["link"] } },
      actions: { privateReply: { text: "Here you go" } },
    }),
  );
  // A conversation label (issue 32) on their DM thread, its name a marker.
  const labelName = `label-${Date.now()}`.slice(0, 30);
  const label = await json<{ id: string }>(
    await client.post("/api/inbox/labels", { name: labelName, color: "red" }),
  );
  const labelled = await client.request(
    `/api/inbox/conversations/dm/${encodeURIComponent(stored.rows[0]!.conversation_id)}/labels`,
    { method: "PUT", json: { labelIds: [label.id] } },
  );
  expect(labelled.status).toBe(200);
  // An outgoing webhook endpoint (issue 35 point 4, Pro) with a delivered test event.
  const hookMarker = `hook-marker-${Date.now()}`;
  const hook = await json<{ endpoint: { id: string }; secret: string }>(
    await client.post("/api/webhook-endpoints", {
      url: `https://hooks.example.com/${hookMarker}`,
      description: `${hookMarker}-description`,
      events: ["post.failed"],
    }),
  );
  expect((await client.post(`/api/webhook-endpoints/${hook.endpoint.id}/test`)).status).toBe(202);
  await testApp.outgoingWebhooksContext.queue.idle({ timeoutMs: 30_000 });
  const hookLog = await json<{ items: Array<{ id: string; status: string }> }>(
    await client.get(`/api/webhook-endpoints/${hook.endpoint.id}/deliveries`),
  );
  expect(hookLog.items.map((item) => item.status)).toEqual(["succeeded"]);
  // A personal access token (issue 35, Pro), every scope; its name a marker.
  const tokenName = `token-marker-${Date.now()}`;
  const madeToken = await json<{ token: string; accessToken: { id: string; prefix: string } }>(
    await client.post("/api/workspaces/current/tokens", {
      name: tokenName,
      scopes: ["analytics:read", "posts:read", "posts:write", "inbox:read", "inbox:write"],
      expiresInDays: null,
    }),
  );
  const linkLabel = `link-marker-${Date.now()}`;
  const link = await json<{ link: { id: string }; url: string }>(
    await client.post("/api/instagram/connect-links", { label: linkLabel }),
  );
  return {
    client,
    email,
    connectLinkId: link.link.id,
    connectLinkToken: new URL(link.url).searchParams.get("token")!,
    scheduledPostId: scheduled.post.id,
    postsByStatus,
    userId: connection.user_id,
    workspaceId: connection.workspace_id,
    connectionId: connection.id,
    accountId: connection.instagram_id,
    sessionId: sessions.sessions[0]!.id,
    exportId: started.export.id,
    personIgsid: stored.rows[0]!.from_id,
    postId,
    pressSourceId: source.source.id,
    pressKeywordId: keyword.keyword.id,
    trendHashtagId: hashtag!.id,
    automationId: automation.id,
    labelId: label.id,
    webhookEndpointId: hook.endpoint.id,
    webhookDeliveryId: hookLog.items[0]!.id,
    accessTokenId: madeToken.accessToken.id,
    accessToken: madeToken.token,
    markers: [
      hookMarker,
      hook.secret,
      hook.endpoint.id,
      hookLog.items[0]!.id,
      tokenName,
      madeToken.accessToken.id,
      madeToken.accessToken.prefix,
      labelName,
      label.id,
      automationName,
      automation.id,
      email,
      connection.user_id,
      connection.workspace_id,
      connection.id,
      commentMarker,
      messageMarker,
      postId,
      source.source.id,
      keyword.keyword.id,
      hashtag!.id,
      // A mention's title from the victim's feed.
      "open studios weekend",
      scheduled.post.id,
      scheduledCaption,
      link.link.id,
      linkLabel,
      ...Object.values(postsByStatus),
    ],
    threadId: stored.rows[0]!.conversation_id,
    commentId: simulatedComment.id,
  };
}

function routesOf(app: TestApp["app"]): string[] {
  return [
    ...new Set(
      app.routes
        .filter((route) => route.path.startsWith("/api") || route.path.startsWith("/webhooks"))
        .map((route) => `${route.method} ${route.path}`),
    ),
  ];
}

describe("one user can never read or change another's data through any route", () => {
  it("walks every API route with the other user's ids", async () => {
    const victim = await prepareVictim();
    const { client: attacker } = await createVerifiedUser(testApp);
    await connectSandboxAccount(testApp, attacker, { username: "oona.bakes", login: "instagram" });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });

    const walked: string[] = [];
    const routes = routesOf(testApp.app).filter((route) => !(route in excluded));
    // Reads first, then writes, so a write cannot hide a read's leak.
    routes.sort((a, b) => Number(!a.startsWith("GET")) - Number(!b.startsWith("GET")));
    const postRoute = /\/(scheduled-posts|content-calendar\/posts)\/:id/;
    for (const route of routes) {
      const [method, pattern] = route.split(" ") as [string, string];
      // Routes that take a post id are walked with the victim's post in every status.
      for (const postId of postRoute.test(pattern)
        ? Object.values(victim.postsByStatus)
        : [victim.scheduledPostId]) {
        const path = pattern
          .replace("/sessions/:id", `/sessions/${victim.sessionId}`)
          .replace("/exports/:id", `/exports/${victim.exportId}`)
          .replace("/posts/:igMediaId", `/posts/${victim.postId}`)
          .replace("/media/:igMediaId", `/media/${victim.postId}`)
          .replace("/content-calendar/posts/:id", `/content-calendar/posts/${postId}`)
          .replace("/press-radar/sources/:id", `/press-radar/sources/${victim.pressSourceId}`)
          .replace("/press-radar/keywords/:id", `/press-radar/keywords/${victim.pressKeywordId}`)
          .replace("/trend-radar/hashtags/:id", `/trend-radar/hashtags/${victim.trendHashtagId}`)
          .replace("/scheduled-posts/:id", `/scheduled-posts/${postId}`)
          .replace("/inbox/posts/:id", `/inbox/posts/${victim.postId}`)
          .replace("/conversations/:id", `/conversations/${encodeURIComponent(victim.threadId)}`)
          .replace("/comments/:id", `/comments/${victim.commentId}`)
          .replace("/connect-links/:id", `/connect-links/${victim.connectLinkId}`)
          .replace("/connections/:instagramId", `/connections/${victim.accountId}`)
          .replace("/ai-team/:role", "/ai-team/analyst")
          .replace("/automations/:id", `/automations/${victim.automationId}`)
          .replace("/inbox/labels/:id", `/inbox/labels/${victim.labelId}`)
          .replace("/webhook-endpoints/:id", `/webhook-endpoints/${victim.webhookEndpointId}`)
          .replace("/deliveries/:deliveryId", `/deliveries/${victim.webhookDeliveryId}`)
          .replace("/tokens/:id", `/tokens/${victim.accessTokenId}`)
          .replace("/accounts/:accountId", `/accounts/${victim.accountId}`)
          .replace(
            "/conversations/:kind/:id",
            `/conversations/dm/${encodeURIComponent(victim.threadId)}`,
          )
          .replace(/:[a-zA-Z]+/g, victim.userId);
        const query = new URLSearchParams({
          userId: victim.userId,
          user_id: victim.userId,
          workspaceId: victim.workspaceId,
          workspace_id: victim.workspaceId,
          workspace: victim.workspaceId,
          id: victim.connectionId,
          from: new Date(Date.now() - 30 * 86_400_000).toISOString(),
          to: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          time_zone: "UTC",
          src: `https://scontent.cdninstagram.com/v/${victim.userId}.jpg`,
        });
        const body = {
          userId: victim.userId,
          user_id: victim.userId,
          workspaceId: victim.workspaceId,
          workspace_id: victim.workspaceId,
          id: victim.connectionId,
          igsid: victim.personIgsid,
          force: true,
          username: "lena.makes",
          login: "instagram",
          keepPublishedHistory: false,
          scheduled_time: new Date(Date.now() + 2 * 86_400_000).toISOString(),
          time_zone: "UTC",
          ids: [victim.pressSourceId],
          isMuted: true,
          term: "Lena Makes",
          exclusions: ["Wedding"],
          name: "victimtag",
          kind: "dm",
          read: false,
          hidden: true,
          text: "Sent by another user",
          client_id: crypto.randomUUID(),
          labelIds: [victim.labelId],
          color: "red",
        };
        const response = await attacker.request(`${path}?${query}`, {
          method: method === "ALL" ? "GET" : method,
          ...(method === "GET" || method === "ALL"
            ? {}
            : { json: route.includes("/settings/profile") ? { firstName: "Mallory" } : body }),
        });
        const text = await response.text();
        for (const marker of victim.markers) {
          expect(text, `${route} leaked ${marker}`).not.toContain(marker);
        }
      }
      walked.push(route);
    }

    // The victim's Instagram account named as the one to act on (issue 29: `x-sightline-account`
    // and `?account=`): no read answers anything of it, and the routes that act on an account
    // answer 404, as for any foreign id.
    for (const route of routes.filter((entry) => /^GET [^:]*$/.test(entry))) {
      const path = route.slice(4);
      for (const response of [
        await attacker.get(path, { headers: { "x-sightline-account": victim.accountId } }),
        await attacker.get(`${path}?account=${victim.accountId}`),
      ]) {
        const text = await response.text();
        for (const marker of victim.markers) {
          expect(text, `${route} with the victim's account leaked ${marker}`).not.toContain(marker);
        }
      }
    }
    for (const path of [
      "/api/instagram/connection",
      "/api/analytics/overview",
      "/api/analytics/posts",
      "/api/inbox/conversations",
      "/api/trend-radar",
      "/api/ai-team",
      "/api/automations",
      "/api/automations/runs",
    ]) {
      const response = await attacker.get(path, {
        headers: { "x-sightline-account": victim.accountId },
      });
      expect(response.status, path).toBe(404);
    }

    // Every route is either walked or excluded with a reason.
    expect(walked.length + Object.keys(excluded).length).toBeGreaterThanOrEqual(
      routesOf(testApp.app).length,
    );
    expect(walked).toEqual(
      expect.arrayContaining([
        "GET /api/instagram/connection",
        "POST /api/functions/instagram-user-profile-get",
        "DELETE /api/instagram/connection",
        "POST /api/settings/sessions/:id/revoke",
        "GET /api/settings/exports/:id/download",
        "GET /api/analytics/overview",
        "GET /api/analytics/posts",
        "GET /api/analytics/posts/:igMediaId",
        "GET /api/content-calendar",
        "GET /api/content-calendar/posts/:id",
        "PATCH /api/content-calendar/posts/:id",
        "GET /api/content-calendar/media/:igMediaId/thumbnail",
        "GET /api/press-radar/mentions",
        "PATCH /api/press-radar/sources/:id",
        "DELETE /api/press-radar/keywords/:id",
        "POST /api/press-radar/mentions/seen",
        "DELETE /api/trend-radar/hashtags/:id",
        "POST /api/trend-radar/hashtags/:id/keep",
        "POST /api/press-radar/keywords/:id/keep",
        "POST /api/instagram/connections/:instagramId/keep",
        "GET /api/scheduled-posts/:id",
        "POST /api/scheduled-posts/:id/retry",
        "PUT /api/scheduled-posts/:id",
        "DELETE /api/scheduled-posts/:id",
        "GET /api/inbox/conversations/:id/messages",
        "POST /api/inbox/conversations/:id/messages",
        "POST /api/inbox/conversations/:id/read",
        "GET /api/inbox/posts/:id/comments",
        "POST /api/inbox/comments/:id/replies",
        "POST /api/inbox/comments/:id/private-reply",
        "POST /api/inbox/comments/:id/hide",
        "DELETE /api/inbox/comments/:id",
        "PUT /api/inbox/saved-replies/:id",
        "DELETE /api/inbox/saved-replies/:id",
        "PATCH /api/inbox/labels/:id",
        "DELETE /api/inbox/labels/:id",
        "PUT /api/inbox/conversations/:kind/:id/labels",
        "GET /api/ai-team",
        "POST /api/ai-team/:role/refresh",
        "POST /api/ai-team/ask",
        "GET /api/automations",
        "PUT /api/automations/:id",
        "PATCH /api/automations/:id",
        "DELETE /api/automations/:id",
        "PUT /api/automations/paused",
        "PATCH /api/webhook-endpoints/:id",
        "DELETE /api/webhook-endpoints/:id",
        "POST /api/webhook-endpoints/:id/roll-secret",
        "POST /api/webhook-endpoints/:id/test",
        "GET /api/webhook-endpoints/:id/deliveries",
        "POST /api/webhook-endpoints/:id/deliveries/:deliveryId/resend",
      ]),
    );

    // The public API (issue 35): the attacker's own token (every scope, Pro) names the victim's
    // account on every route that takes one: 404, nothing of it answered, no draft made.
    await setWorkspacePlan(
      testApp.database.db,
      (await json<{ current: { id: string } }>(await attacker.get("/api/workspaces"))).current.id,
      "pro",
      null,
      new Date(),
    );
    const attackerToken = await json<{ token: string }>(
      await attacker.post("/api/workspaces/current/tokens", {
        name: "mine",
        scopes: ["analytics:read", "posts:read", "posts:write", "inbox:read", "inbox:write"],
        expiresInDays: 7,
      }),
    );
    for (const route of routes.filter((entry) => entry.includes("/api/v1/accounts/:accountId"))) {
      const [method, pattern] = route.split(" ") as [string, string];
      const response = await testApp.app.request(
        `${TEST_PUBLIC_URL}${pattern.replace(":accountId", victim.accountId)}`,
        {
          method,
          headers: {
            authorization: `Bearer ${attackerToken.token}`,
            "content-type": "application/json",
          },
          ...(method === "GET" ? {} : { body: JSON.stringify({}) }),
        },
      );
      expect(response.status, route).toBe(404);
      const text = await response.text();
      for (const marker of victim.markers) {
        expect(text, `${route} leaked ${marker}`).not.toContain(marker);
      }
    }
    // The victim's token still works: the walk's DELETE of it found nothing.
    const victimAccounts = await testApp.app.request(`${TEST_PUBLIC_URL}/api/v1/accounts`, {
      headers: { authorization: `Bearer ${victim.accessToken}` },
    });
    expect(victimAccounts.status).toBe(200);

    // Naming the victim's workspace, as the web app names the open one, opens nothing of it.
    for (const path of ["/api/instagram/connection", "/api/press-radar", "/api/trend-radar"]) {
      const response = await attacker.get(path, {
        headers: { "x-sightline-workspace": victim.workspaceId },
      });
      expect(response.status, path).toBe(404);
      const text = await response.text();
      for (const marker of victim.markers) {
        expect(text, `${path} leaked ${marker}`).not.toContain(marker);
      }
    }

    // Nothing of the victim's changed: signed in, connected, still owning their rows.
    expect((await victim.client.get("/api/me")).status).toBe(200);
    const still = await json<{ connection: { id: string } | null }>(
      await victim.client.get("/api/instagram/connection"),
    );
    expect(still.connection?.id).toBe(victim.connectionId);
    const comments = (await testApp.database.db.execute(
      `select count(*)::int as n from instagram_comments where workspace_id = '${victim.workspaceId}'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(comments.rows[0]!.n).toBeGreaterThan(0);
    const press = await json<{
      sources: Array<{ id: string; isMuted: boolean }>;
      keywords: Array<{ id: string; exclusions: string[] }>;
      unseenCount: number;
    }>(await victim.client.get("/api/press-radar"));
    expect(press.sources).toEqual([
      expect.objectContaining({ id: victim.pressSourceId, isMuted: false }),
    ]);
    expect(press.keywords).toEqual([
      { id: victim.pressKeywordId, term: "Lena Makes", exclusions: [], pausedReason: null },
    ]);
    expect(press.unseenCount).toBeGreaterThan(0);
    const trend = await json<{ hashtags: Array<{ id: string }> }>(
      await victim.client.get("/api/trend-radar"),
    );
    expect(trend.hashtags.map((hashtag) => hashtag.id)).toEqual([victim.trendHashtagId]);
    const automations = await json<{
      rules: Array<{ id: string; enabled: boolean }>;
      queue: { paused: boolean };
    }>(await victim.client.get("/api/automations"));
    expect(automations.rules).toEqual([
      expect.objectContaining({ id: victim.automationId, enabled: true }),
    ]);
    expect(automations.queue.paused).toBe(false);
    // Their webhook endpoint is as it was: on, with its one delivery.
    const hooks = await json<{ endpoints: Array<{ id: string; enabled: boolean }> }>(
      await victim.client.get("/api/webhook-endpoints"),
    );
    expect(hooks.endpoints).toEqual([
      expect.objectContaining({ id: victim.webhookEndpointId, enabled: true }),
    ]);
    const hookLog = await json<{ items: Array<{ id: string }> }>(
      await victim.client.get(`/api/webhook-endpoints/${victim.webhookEndpointId}/deliveries`),
    );
    expect(hookLog.items.map((item) => item.id)).toEqual([victim.webhookDeliveryId]);
    // Their label is theirs still, on their thread.
    const labels = await json<{ items: Array<{ id: string }> }>(
      await victim.client.get("/api/inbox/labels"),
    );
    expect(labels.items.map((entry) => entry.id)).toEqual([victim.labelId]);
    const tagged = await json<{ items: Array<{ id: string }> }>(
      await victim.client.get(`/api/inbox/conversations?label=${victim.labelId}`),
    );
    expect(tagged.items.map((item) => item.id)).toEqual([victim.threadId]);
    const post = await json<{ post: { status: string } }>(
      await victim.client.get(`/api/scheduled-posts/${victim.scheduledPostId}`),
    );
    expect(post.post.status).toBe("scheduled");
    // Their connect link still works (not withdrawn, not used).
    const linkPreview = await victim.client.post("/api/connect-links/preview", {
      token: victim.connectLinkToken,
    });
    expect(linkPreview.status).toBe(200);
    const victimComment = (await testApp.database.db.execute(
      `select count(*)::int as n from instagram_comments where workspace_id = '${victim.workspaceId}' and ig_comment_id = '${victim.commentId}'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(victimComment.rows[0]!.n).toBe(1);
    const sentByOther = (await testApp.database.db.execute(
      `select count(*)::int as n from instagram_messages where text = 'Sent by another user'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(sentByOther.rows[0]!.n).toBe(0);
    const plan = (await testApp.database.db.execute(
      `select status, scheduled_time from scheduled_posts where id = '${victim.scheduledPostId}'`,
    )) as unknown as { rows: Array<{ status: string; scheduled_time: string | Date }> };
    expect(plan.rows[0]!.status).toBe("scheduled");
    expect(new Date(plan.rows[0]!.scheduled_time).getTime()).toBeLessThan(
      Date.now() + 1.5 * 86_400_000,
    );
    // Every one of their posts is as it was, whatever its status: a failed one not retried, a
    // draft not scheduled, a published one not deleted.
    const rows = await testApp.database.db
      .select()
      .from(scheduledPosts)
      .where(inArray(scheduledPosts.id, Object.values(victim.postsByStatus)));
    expect(rows).toHaveLength(scheduledPostStatuses.length);
    for (const status of scheduledPostStatuses) {
      const row = rows.find((candidate) => candidate.id === victim.postsByStatus[status])!;
      expect([status, row.status]).toEqual([status, status]);
      expect(row.scheduledTime!.getTime()).toBeLessThan(Date.now() + 1.5 * 86_400_000);
      if (status === "failed") expect(row.error).toBe("Photo post failed: victim's failure");
    }
  }, 300_000);
});
