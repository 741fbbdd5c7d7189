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
 * Issue 34 point 2: @lena.makes synced once (the run's snapshot), connected with Instagram Login
 * and her webhooks subscribed again, so a mention simulated at the sandbox arrives as Meta would
 * send it: inside a `comments` change (contract §4, [IG]). @oona.bakes, connected with Facebook
 * Login, gets the `mentions` field and the read-back. One app for the file; each test makes its
 * own mentions.
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

/** Signed as Meta signs a delivery to the Instagram Login app. */
async function deliver(payload: unknown) {
  const body = JSON.stringify(payload);
  const secret =
    testApp.instagramContext.instagram.instagramAppSecret ??
    testApp.instagramContext.instagram.appSecret;
  const response = await testApp.app.request(`${TEST_PUBLIC_URL}/webhooks/instagram`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
    },
    body,
  });
  expect(response.status).toBe(200);
}

async function inboxCommentRows(igCommentId: string) {
  const result = (await testApp.database.db.execute(
    `select id from instagram_comments where workspace_id = '${workspaceId}' and ig_comment_id = '${igCommentId}'`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length;
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
  it("with Instagram Login, stores a comment mention from its `comments` change once, replays too, never in the inbox, and lights the bell", async () => {
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
    await deliver({
      object: "instagram",
      entry: [
        {
          id: lena.connection.instagram_id,
          time: Math.floor(Date.now() / 1000) - 7,
          changes: [
            {
              field: "comments",
              value: {
                from: { id: "17841400000000077", username: "fernwood.pottery" },
                media: { id: simulated.media_id, media_product_type: "FEED" },
                id: simulated.comment_id,
                text: marker,
              },
            },
          ],
        },
      ],
    });
    await settle();

    const page = await json<Page>(await lena.client.get("/api/mentions"));
    const found = page.items.filter((item) => item.text === marker);
    expect(found).toHaveLength(1);
    // The open pages were told, once for the one new mention.
    const told = (await testApp.database.db.execute(
      `select data from realtime_events where workspace_id = '${workspaceId}' and type = 'instagram-mention:created'`,
    )) as unknown as { rows: Array<{ data: { count: number } }> };
    expect(told.rows.map((row) => row.data.count)).toEqual([1]);
    // What the comment carried, and nothing Instagram Login does not give (no read-back of
    // another account's post, no follower count, no highlight).
    expect(found[0]).toMatchObject({
      kind: "comment",
      author_username: "fernwood.pottery",
      media_owner_username: null,
      like_count: null,
      comments_count: null,
      permalink: null,
      can_reply: true,
      replied_at: null,
      author_followers: null,
      is_large_account: false,
    });
    // A mention is not a comment on the account's own post: not in the inbox.
    expect(await inboxCommentRows(simulated.comment_id!)).toBe(0);

    // A caption mention is not delivered with Instagram Login (contract §4): nothing to list.
    const captionsBefore = await json<Page>(await lena.client.get("/api/mentions?kind=caption"));
    testApp.sandbox!.simulateMention({ username: "lena.makes", kind: "caption", space });
    await settle();
    const captions = await json<Page>(await lena.client.get("/api/mentions?kind=caption"));
    expect(captions.items).toEqual(captionsBefore.items);
    expect(
      (await json<Page>(await lena.client.get("/api/mentions"))).items.filter(
        (item) => item.text === marker,
      ),
    ).toHaveLength(1);

    const bell = await json<Array<{ type: string; count: number }>>(
      await lena.client.get("/api/notifications"),
    );
    expect(bell.find((item) => item.type === "mention")?.count).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it("keeps an ordinary comment on the account's own post in the inbox, even one naming the account", async () => {
    const synced = (await testApp.database.db.execute(
      `select ig_media_id from instagram_media where workspace_id = '${workspaceId}' limit 1`,
    )) as unknown as { rows: Array<{ ig_media_id: string }> };
    const own = { id: synced.rows[0]!.ig_media_id };
    const id = `1789${Date.now()}`;
    await deliver({
      object: "instagram",
      entry: [
        {
          id: lena.connection.instagram_id,
          time: Math.floor(Date.now() / 1000),
          changes: [
            {
              field: "comments",
              value: {
                from: { id: "17841400000000078", username: "a.reader" },
                media: { id: own.id, media_product_type: "FEED" },
                id,
                text: "@lena.makes where is this mug from?",
              },
            },
          ],
        },
      ],
    });
    await settle();
    expect(await inboxCommentRows(id)).toBe(1);
    const page = await json<Page>(await lena.client.get("/api/mentions"));
    expect(page.items.map((item) => item.text)).not.toContain(
      "@lena.makes where is this mug from?",
    );
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
    const inComment = testApp.sandbox!.simulateMention({
      username: "oona.bakes",
      kind: "comment",
      from: "fernwood.pottery",
      text: `@oona.bakes those buns ${Date.now()}`,
      space: oona.user_id,
    })!;
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
    // The `mentions` change of a comment, read back through mentioned_comment: the post's owner
    // and counts as Instagram answers them.
    const row = await findInstagramConnection(
      testApp.database.db,
      oona.workspace_id,
      oona.instagram_id,
    );
    const comment = await accountClientFor(testApp.instagramContext, row!).getMentionedComment(
      inComment.comment_id!,
    );
    const comments = await json<Page>(await owner.client.get("/api/mentions?kind=comment"));
    expect(comments.items).toHaveLength(1);
    expect(comments.items[0]).toMatchObject({
      text: comment.text,
      author_username: "fernwood.pottery",
      media_owner_username: comment.media!.username,
      like_count: comment.media!.like_count ?? null,
      permalink: comment.media!.permalink,
      author_followers: 83_100,
    });
  }, 180_000);
});
