import { createHmac } from "node:crypto";
import type { MentionItem } from "@sightline/contracts";
import { findInstagramConnection, workspaceMembers } from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, personalWorkspaceId } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { connectSandboxAccount } from "../../testing/instagram.ts";
import {
  createTestAppWithSyncedAccount,
  type SyncedAccount,
} from "../../testing/synced-account.ts";
import { accountClientFor } from "../instagram/index.ts";
import { readAccountTagsJob } from "./index.ts";

/*
 * Issue 34 point 2: @lena.makes synced once (the run's snapshot), her webhooks subscribed again
 * with `mentions`, so a mention simulated at the sandbox arrives as Meta would send it. One app
 * for the file; each test makes its own mentions.
 */

type Page = { connected: boolean; items: MentionItem[]; nextCursor: string | null };

let lena: SyncedAccount;
let testApp: TestApp;
let space: string;
let workspaceId: string;

async function json<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

async function settle() {
  await testApp.sandbox!.idle();
  await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
}

async function graph() {
  const row = await findInstagramConnection(
    testApp.database.db,
    workspaceId,
    lena.connection.instagram_id,
  );
  return accountClientFor(testApp.instagramContext, row!);
}

beforeAll(async () => {
  lena = await createTestAppWithSyncedAccount({ username: "lena.makes", login: "instagram" });
  testApp = lena.testApp;
  space = lena.connection.user_id;
  workspaceId = lena.connection.workspace_id;
  await (await graph()).subscribeWebhooks(["comments", "messages", "mentions"]);
}, 300_000);
afterAll(async () => {
  await testApp?.close();
});

describe("mentions and tags", () => {
  it("stores a mention webhook once, duplicates and replays too, with Instagram's numbers, and lights the bell", async () => {
    const marker = `@lena.makes this glaze! ${Date.now()}`;
    const simulated = testApp.sandbox!.simulateMention({
      username: "lena.makes",
      kind: "comment",
      from: "fernwood.pottery",
      text: marker,
      space,
    })!;
    await settle();
    // The same change again in another delivery (Meta retries and batches; another second, so
    // not the same bytes the receiver already has): still one row.
    const body = JSON.stringify({
      object: "instagram",
      entry: [
        {
          id: lena.connection.instagram_id,
          time: Math.floor(Date.now() / 1000) - 7,
          changes: [
            {
              field: "mentions",
              value: { media_id: simulated.media_id, comment_id: simulated.comment_id },
            },
          ],
        },
      ],
    });
    const secret =
      testApp.instagramContext.instagram.instagramAppSecret ??
      testApp.instagramContext.instagram.appSecret;
    const replay = await testApp.app.request(`${TEST_PUBLIC_URL}/webhooks/instagram`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
      },
      body,
    });
    expect(replay.status).toBe(200);
    await settle();

    const page = await json<Page>(await lena.client.get("/api/mentions"));
    const found = page.items.filter((item) => item.text === marker);
    expect(found).toHaveLength(1);
    // The open pages were told, once for the one new mention.
    const told = (await testApp.database.db.execute(
      `select data from realtime_events where workspace_id = '${workspaceId}' and type = 'instagram-mention:created'`,
    )) as unknown as { rows: Array<{ data: { count: number } }> };
    expect(told.rows.map((row) => row.data.count)).toEqual([1]);
    const comment = await (await graph()).getMentionedComment(simulated.comment_id!);
    expect(found[0]).toMatchObject({
      kind: "comment",
      author_username: "fernwood.pottery",
      media_owner_username: comment.media!.username,
      like_count: comment.media!.like_count ?? null,
      comments_count: comment.media!.comments_count ?? null,
      permalink: comment.media!.permalink,
      can_reply: true,
      replied_at: null,
      // Instagram Login gives no follower count of another account (Business Discovery is
      // Facebook Login's): no number, no highlight.
      author_followers: null,
      is_large_account: false,
    });

    const caption = testApp.sandbox!.simulateMention({
      username: "lena.makes",
      kind: "caption",
      space,
    })!;
    await settle();
    const media = await (await graph()).getMentionedMedia(caption.media_id);
    const withCaption = await json<Page>(await lena.client.get("/api/mentions?kind=caption"));
    expect(withCaption.items.find((item) => item.text === media.caption)).toMatchObject({
      kind: "caption",
      author_username: media.username,
    });

    const bell = await json<Array<{ type: string; count: number }>>(
      await lena.client.get("/api/notifications"),
    );
    expect(bell.find((item) => item.type === "mention")?.count).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it("reads the media the account is tagged in, as /tags answers, once however often it runs", async () => {
    const queue = testApp.mentionsContext.queue;
    for (let run = 0; run < 2; run++) {
      await queue.send(readAccountTagsJob, {
        workspaceId,
        accountId: lena.connection.instagram_id,
      });
      await queue.idle({ timeoutMs: 60_000 });
    }
    const tagged = (await (await graph()).listTaggedMedia({ limit: 100 })).data.filter(
      (item) => Date.now() - Date.parse(item.timestamp!) <= 90 * 86_400_000,
    );
    expect(tagged.length).toBeGreaterThan(0);
    const page = await json<Page>(await lena.client.get("/api/mentions?kind=tag&days=90"));
    expect(page.items.map((item) => [item.author_username, item.like_count])).toEqual(
      tagged.map((item) => [item.username, item.like_count ?? null]),
    );
    expect(page.items.every((item) => !item.can_reply)).toBe(true);
    // This week's only: the default period.
    const week = await json<Page>(await lena.client.get("/api/mentions?kind=tag"));
    expect(week.items.length).toBe(
      tagged.filter((item) => Date.now() - Date.parse(item.timestamp!) <= 7 * 86_400_000).length,
    );
    // Keyset pages walk the same list.
    const first = await json<Page>(await lena.client.get("/api/mentions?kind=tag&days=90&limit=2"));
    const second = await json<Page>(
      await lena.client.get(`/api/mentions?kind=tag&days=90&limit=2&cursor=${first.nextCursor}`),
    );
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(
      page.items.slice(0, first.items.length + second.items.length).map((item) => item.id),
    );
    const bad = await lena.client.get("/api/mentions?days=3");
    expect(bad.status).toBe(422);
  }, 120_000);

  it("replies to a mention comment at Instagram, once; not to a tag", async () => {
    const marker = `@lena.makes reply to me ${Date.now()}`;
    const simulated = testApp.sandbox!.simulateMention({
      username: "lena.makes",
      kind: "comment",
      text: marker,
      space,
    })!;
    await settle();
    const mention = (await json<Page>(await lena.client.get("/api/mentions"))).items.find(
      (item) => item.text === marker,
    )!;
    const reply = await lena.client.post(`/api/mentions/${mention.id}/reply`, {
      text: "Thank you so much! 🤍",
    });
    expect(reply.status).toBe(201);
    const { id } = (await reply.json()) as { id: string };
    const state = testApp.sandbox!.summary(space) as {
      mentionReplies: Array<Record<string, unknown>>;
    };
    expect(state.mentionReplies).toContainEqual(
      expect.objectContaining({
        id,
        mediaId: simulated.media_id,
        commentId: simulated.comment_id,
        text: "Thank you so much! 🤍",
      }),
    );
    const after = (await json<Page>(await lena.client.get("/api/mentions"))).items.find(
      (item) => item.id === mention.id,
    );
    expect(after?.replied_at).not.toBeNull();
    expect(
      (await lena.client.post(`/api/mentions/${mention.id}/reply`, { text: "Again" })).status,
    ).toBe(409);
    expect(
      (await lena.client.post(`/api/mentions/${mention.id}/reply`, { text: " " })).status,
    ).toBe(422);

    const tag = (await json<Page>(await lena.client.get("/api/mentions?kind=tag&days=90")))
      .items[0];
    if (tag) {
      const refused = await lena.client.post(`/api/mentions/${tag.id}/reply`, { text: "Hi" });
      expect(refused.status).toBe(422);
    }
  }, 120_000);

  it("shows another workspace nothing and lets it reply to nothing", async () => {
    const marker = `@lena.makes private ${Date.now()}`;
    testApp.sandbox!.simulateMention({
      username: "lena.makes",
      kind: "comment",
      text: marker,
      space,
    });
    await settle();
    const mention = (await json<Page>(await lena.client.get("/api/mentions"))).items.find(
      (item) => item.text === marker,
    )!;
    const other = await createVerifiedUser(testApp);
    const mine = await json<Page>(await other.client.get("/api/mentions?days=90"));
    expect(mine).toEqual({ connected: false, items: [], nextCursor: null });
    const named = await other.client.get("/api/mentions?days=90", {
      headers: { "x-sightline-account": lena.connection.instagram_id },
    });
    expect(named.status).toBe(404);
    expect(await named.text()).not.toContain(marker);
    const inTheirs = await other.client.request("/api/mentions?days=90", {
      headers: { "x-sightline-workspace": workspaceId },
    });
    expect(await inTheirs.text()).not.toContain(marker);
    const reply = await other.client.post(`/api/mentions/${mention.id}/reply`, { text: "Mine" });
    expect(reply.status).toBe(404);
    const still = (await json<Page>(await lena.client.get("/api/mentions"))).items.find(
      (item) => item.id === mention.id,
    );
    expect(still?.replied_at).toBeNull();
  }, 120_000);

  it("lets an Analyst read but not reply or refresh, and a Client not even read", async () => {
    const members: Record<string, HttpClient> = {};
    for (const role of ["analyst", "client"] as const) {
      const member = await createVerifiedUser(testApp);
      const result = (await testApp.database.db.execute(
        `select id from "user" where email = '${member.email}'`,
      )) as unknown as { rows: Array<{ id: string }> };
      await testApp.database.db
        .insert(workspaceMembers)
        .values({ workspaceId, userId: result.rows[0]!.id, role });
      expect(await personalWorkspaceId(testApp, member.email)).not.toBe(workspaceId);
      members[role] = member.client;
    }
    const as = (client: HttpClient, path: string, init: RequestInit & { json?: unknown } = {}) =>
      client.request(path, {
        ...init,
        headers: { "x-sightline-workspace": workspaceId },
      });
    const list = await as(members.analyst!, "/api/mentions?days=90");
    expect(list.status).toBe(200);
    const [first] = ((await list.json()) as Page).items;
    expect(first).toBeDefined();
    const reply = await as(members.analyst!, `/api/mentions/${first!.id}/reply`, {
      method: "POST",
      json: { text: "From an analyst" },
    });
    expect(reply.status).toBe(403);
    const refresh = await as(members.analyst!, "/api/mentions/refresh", {
      method: "POST",
      json: {},
    });
    expect(refresh.status).toBe(403);
    expect((await as(members.client!, "/api/mentions")).status).toBe(403);
  }, 120_000);

  it("with Facebook Login, reads the author's followers from Business Discovery and highlights a large account", async () => {
    // @oona.bakes: the smallest demo account, so its first sync is short.
    const owner = await createVerifiedUser(testApp);
    const oona = await connectSandboxAccount(testApp, owner.client, {
      username: "oona.bakes",
      login: "facebook",
    });
    await settle();
    for (const from of ["fernwood.pottery", "oat.and.ember"]) {
      testApp.sandbox!.simulateMention({
        username: "oona.bakes",
        kind: "caption",
        from,
        space: oona.user_id,
      });
    }
    await settle();
    const page = await json<Page>(await owner.client.get("/api/mentions?kind=caption"));
    const byAuthor = Object.fromEntries(
      page.items.map((item) => [
        item.author_username,
        [item.author_followers, item.is_large_account],
      ]),
    );
    // The numbers Business Discovery answers (the sandbox's public accounts).
    expect(byAuthor).toEqual({
      "fernwood.pottery": [83_100, true],
      "oat.and.ember": [4_130, false],
    });
  }, 180_000);
});
