import { randomUUID } from "node:crypto";
import { type AccessTokenScope, accessTokenScopes } from "@sightline/contracts";
import { apiUploads, findInstagramConnection, scheduledPosts, storedFiles } from "@sightline/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createApiToken, jsonOf, v1Request } from "../../testing/public-api.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";
import { accountClientFor } from "../instagram/index.ts";
import { MAX_UPLOAD_BYTES } from "../uploads/index.ts";
import { pruneAuditJob } from "../workspaces/index.ts";

/*
 * Issue 35 point 2: posts made here, uploads, audience and radars through /api/v1 with a
 * personal access token only, on a synced demo account (Premium). The posts go out through the
 * one publish job to the Instagram sandbox.
 */

let testApp: TestApp;
let owner: HttpClient;
let ownerEmail: string;
let workspaceId: string;
let accountId: string;
let jpeg: Uint8Array;
/** A token with every scope, for the setup of each test. */
let admin: string;

beforeAll(async () => {
  const synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    { plan: "premium", publicApiRateLimit: { max: 10_000, windowSeconds: 60 } },
  );
  testApp = synced.testApp;
  owner = synced.client;
  ownerEmail = synced.email;
  workspaceId = synced.connection.workspace_id;
  accountId = synced.connection.instagram_id;
  const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
  jpeg = new Uint8Array(await sample.arrayBuffer());
  admin = (await createApiToken(owner, [...accessTokenScopes])).token;
}, 180_000);

afterAll(async () => {
  await testApp?.close();
});

const v1 = (token: string | undefined, path: string, init?: RequestInit & { json?: unknown }) =>
  v1Request(testApp, token, path, init);

type Upload = {
  id: string;
  status: string;
  upload: { url: string; method: string; headers: Record<string, string> };
  file: { bucket: string; key: string; mediaType: "image" | "video" };
};

/** Announces a file and PUTs its bytes to the upload URL, as a script would. */
async function uploadFile(
  token: string,
  bytes: Uint8Array,
  announce: { contentType?: string; size?: number; purpose?: string } = {},
): Promise<{ announced: Upload; put: Response }> {
  const { data: announced } = await jsonOf<{ data: Upload }>(
    await v1(token, "/uploads", {
      method: "POST",
      json: {
        fileName: "photo.jpg",
        contentType: announce.contentType ?? "image/jpeg",
        size: announce.size ?? bytes.length,
        ...(announce.purpose ? { purpose: announce.purpose } : {}),
      },
    }),
    201,
  );
  const url = new URL(announced.upload.url);
  const put = await testApp.app.request(url.toString(), {
    method: announced.upload.method,
    headers: { ...announced.upload.headers, authorization: `Bearer ${token}` },
    body: bytes,
  });
  return { announced, put };
}

async function uploadedFile(token = admin) {
  const { announced, put } = await uploadFile(token, jpeg);
  expect(put.status, await put.clone().text()).toBe(200);
  return announced.file;
}

function postBody(
  file: { bucket: string; key: string; mediaType: string },
  caption: string,
  inMs = 86_400_000,
) {
  return {
    items: [file],
    caption,
    scheduled_time: new Date(Date.now() + inMs).toISOString(),
    time_zone: "UTC",
  };
}

type Post = { id: string; status: string; igMediaId: string | null; scheduledTime: string };

async function makeDraft(caption = `Draft ${randomUUID().slice(0, 8)}`) {
  const { data } = await jsonOf<{ data: Post }>(
    await v1(admin, `/accounts/${accountId}/drafts`, {
      method: "POST",
      json: postBody(await uploadedFile(), caption),
    }),
    201,
  );
  return data;
}

async function waitForStatus(id: string, statuses: string[], timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { data } = await jsonOf<{ data: Post }>(
      await v1(admin, `/accounts/${accountId}/scheduled-posts/${id}`),
    );
    if (statuses.includes(data.status) || Date.now() > until) return data;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function liveCaptions(): Promise<string[]> {
  const connection = await findInstagramConnection(testApp.database.db, workspaceId, accountId);
  const client = accountClientFor(testApp.instagramContext, connection!);
  const captions: string[] = [];
  let after: string | undefined;
  do {
    const page = await client.listMedia({
      limit: 100,
      fields: "id,caption",
      ...(after ? { after } : {}),
    });
    captions.push(...page.data.map((media) => media.caption ?? ""));
    after = page.nextCursor;
  } while (after);
  return captions;
}

describe("/api/v1 posts, uploads, audience and radars", () => {
  it("answers every endpoint for a token with its scope, 403 naming the scope without it, 404 for another workspace", async () => {
    const tokens = {} as Record<AccessTokenScope, string>;
    for (const scope of accessTokenScopes) {
      tokens[scope] = (await createApiToken(owner, [scope])).token;
    }
    const published = await jsonOf<{ data: Array<{ id: string }> }>(
      await v1(admin, `/accounts/${accountId}/posts?limit=1`),
    );
    const mediaId = published.data[0]!.id;
    const kept = await makeDraft();
    const scheduled = async () =>
      (
        await jsonOf<{ data: Post }>(
          await v1(admin, `/accounts/${accountId}/scheduled-posts`, {
            method: "POST",
            json: postBody(await uploadedFile(), `Walk ${randomUUID().slice(0, 8)}`),
          }),
          201,
        )
      ).data;
    const announce = async () =>
      (
        await jsonOf<{ data: Upload }>(
          await v1(admin, "/uploads", {
            method: "POST",
            json: { fileName: "a.jpg", contentType: "image/jpeg", size: jpeg.length },
          }),
          201,
        )
      ).data;
    const keptUpload = await announce();

    type Endpoint = {
      name: string;
      /** Makes what the call needs (as the owner), then calls it with `token`. */
      call: (token: string, account: string) => Promise<Response>;
      allowed: AccessTokenScope[];
      status: number;
      /** Per account (another workspace asking answers 404). */
      perAccount: boolean;
    };
    const acct = (account: string) => `/accounts/${account}`;
    const endpoints: Endpoint[] = [
      {
        name: "GET /accounts/:id/posts/:postId",
        call: (t, a) => v1(t, `${acct(a)}/posts/${mediaId}`),
        allowed: ["posts:read"],
        status: 200,
        perAccount: true,
      },
      {
        name: "GET /accounts/:id/scheduled-posts",
        call: (t, a) => v1(t, `${acct(a)}/scheduled-posts?status=draft,scheduled&limit=5`),
        allowed: ["posts:read"],
        status: 200,
        perAccount: true,
      },
      {
        name: "GET /accounts/:id/scheduled-posts/:postId",
        call: (t, a) => v1(t, `${acct(a)}/scheduled-posts/${kept.id}`),
        allowed: ["posts:read"],
        status: 200,
        perAccount: true,
      },
      {
        name: "POST /accounts/:id/scheduled-posts",
        call: async (t, a) =>
          v1(t, `${acct(a)}/scheduled-posts`, {
            method: "POST",
            json: postBody(await uploadedFile(), `Walk ${randomUUID().slice(0, 8)}`),
          }),
        allowed: ["posts:write"],
        status: 201,
        perAccount: true,
      },
      {
        name: "POST /accounts/:id/scheduled-posts/:postId/schedule",
        call: async (t, a) =>
          v1(t, `${acct(a)}/scheduled-posts/${(await makeDraft()).id}/schedule`, {
            method: "POST",
            json: {},
          }),
        allowed: ["posts:write"],
        status: 200,
        perAccount: true,
      },
      {
        name: "POST /accounts/:id/scheduled-posts/:postId/cancel",
        call: async (t, a) =>
          v1(t, `${acct(a)}/scheduled-posts/${(await scheduled()).id}/cancel`, { method: "POST" }),
        allowed: ["posts:write"],
        status: 200,
        perAccount: true,
      },
      {
        name: "DELETE /accounts/:id/scheduled-posts/:postId",
        call: async (t, a) =>
          v1(t, `${acct(a)}/scheduled-posts/${(await makeDraft()).id}`, { method: "DELETE" }),
        allowed: ["posts:write"],
        status: 200,
        perAccount: true,
      },
      {
        name: "POST /accounts/:id/scheduled-posts/:postId/publish",
        call: async (t, a) =>
          v1(t, `${acct(a)}/scheduled-posts/${(await makeDraft()).id}/publish`, { method: "POST" }),
        allowed: ["posts:write"],
        status: 202,
        perAccount: true,
      },
      {
        name: "POST /uploads",
        call: (t) =>
          v1(t, "/uploads", {
            method: "POST",
            json: { fileName: "a.jpg", contentType: "image/jpeg", size: jpeg.length },
          }),
        allowed: ["posts:write"],
        status: 201,
        perAccount: false,
      },
      {
        name: "GET /uploads/:uploadId",
        call: (t) => v1(t, `/uploads/${keptUpload.id}`),
        allowed: ["posts:read", "posts:write"],
        status: 200,
        perAccount: false,
      },
      {
        name: "PUT /uploads/:uploadId",
        call: async (t) =>
          v1(t, `/uploads/${(await announce()).id}`, {
            method: "PUT",
            headers: { "content-type": "image/jpeg" },
            body: jpeg,
          }),
        allowed: ["posts:write"],
        status: 200,
        perAccount: false,
      },
      {
        name: "GET /accounts/:id/analytics/audience",
        call: (t, a) => v1(t, `${acct(a)}/analytics/audience`),
        allowed: ["analytics:read"],
        status: 200,
        perAccount: true,
      },
      {
        name: "GET /radars/mentions",
        call: (t) => v1(t, "/radars/mentions?limit=5"),
        allowed: ["analytics:read"],
        status: 200,
        perAccount: false,
      },
      {
        name: "GET /radars/trends",
        call: (t) => v1(t, "/radars/trends"),
        allowed: ["analytics:read"],
        status: 200,
        perAccount: false,
      },
    ];
    for (const endpoint of endpoints) {
      for (const scope of accessTokenScopes) {
        const response = await endpoint.call(tokens[scope], accountId);
        const text = await response.text();
        const allowed = endpoint.allowed.includes(scope);
        expect([endpoint.name, scope, response.status], text).toEqual([
          endpoint.name,
          scope,
          allowed ? endpoint.status : 403,
        ]);
        if (!allowed) {
          expect(JSON.parse(text)).toMatchObject({
            error: {
              code: "insufficient_scope",
              message:
                endpoint.allowed.length === 1
                  ? `This token lacks the ${endpoint.allowed[0]} scope.`
                  : `This token needs one of these scopes: ${endpoint.allowed.join(", ")}.`,
            },
          });
        }
      }
    }

    // Another workspace (Pro, every scope): this account, its posts and its uploads are a 404.
    const other = await createVerifiedUser(testApp);
    const { current } = await jsonOf<{ current: { id: string } }>(
      await other.client.get("/api/workspaces"),
    );
    const { setWorkspacePlan } = await import("@sightline/db");
    await setWorkspacePlan(testApp.database.db, current.id, "pro", null, new Date());
    const stranger = (await createApiToken(other.client, [...accessTokenScopes])).token;
    for (const endpoint of endpoints.filter((candidate) => candidate.perAccount)) {
      const response = await endpoint.call(stranger, accountId);
      expect([endpoint.name, response.status]).toEqual([endpoint.name, 404]);
      expect(await response.json()).toMatchObject({
        error: {
          code: "not_found",
          message: "This Instagram account is not connected to this workspace.",
        },
      });
    }
    for (const response of [
      await v1(stranger, `/uploads/${keptUpload.id}`),
      await v1(stranger, `/uploads/${keptUpload.id}`, {
        method: "PUT",
        headers: { "content-type": "image/jpeg" },
        body: jpeg,
      }),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({
        error: { code: "not_found", message: "This upload does not exist." },
      });
    }
    // Their radars are their own (empty), never this workspace's.
    const theirTrends = await jsonOf<{ data: { hashtags: unknown[] } }>(
      await v1(stranger, "/radars/trends"),
    );
    expect(theirTrends.data.hashtags).toEqual([]);
    // A post id that is not this account's is a 404 too.
    const missing = await v1(admin, `/accounts/${accountId}/scheduled-posts/${randomUUID()}`);
    expect(missing.status).toBe(404);
  }, 240_000);

  it("schedules once per Idempotency-Key, with the composer's rules and messages", async () => {
    const file = await uploadedFile();
    const caption = `Idempotent ${randomUUID().slice(0, 8)}`;
    const body = postBody(file, caption);
    const schedule = (json: unknown, key?: string) =>
      v1(admin, `/accounts/${accountId}/scheduled-posts`, {
        method: "POST",
        json,
        headers: key ? { "Idempotency-Key": key } : {},
      });
    const key = `schedule-${randomUUID()}`;
    const first = await jsonOf<{ data: Post; checks: unknown[] }>(await schedule(body, key), 201);
    expect(first.data.status).toBe("scheduled");
    const again = await schedule(body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(first);
    const rows = await testApp.database.db
      .select({ id: scheduledPosts.id })
      .from(scheduledPosts)
      .where(and(eq(scheduledPosts.workspaceId, workspaceId), eq(scheduledPosts.caption, caption)));
    expect(rows).toEqual([{ id: first.data.id }]);

    // The composer's messages, word for word.
    const past = await schedule({
      ...body,
      scheduled_time: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({
      error: { code: "bad_request", message: "Cannot schedule post in the past" },
    });
    const noMedia = await schedule({ ...body, items: [] });
    expect(await noMedia.json()).toMatchObject({ error: { message: "Missing media file" } });
    const hashtags = await schedule({
      ...body,
      hashtags: Array.from({ length: 31 }, (_, i) => `tag${i}`),
    });
    expect(await hashtags.json()).toMatchObject({
      error: { message: "Maximum 30 hashtags allowed" },
    });
    const collaborators = await schedule({ ...body, collaborators: ["a", "b", "c", "d"] });
    expect(await collaborators.json()).toMatchObject({
      error: { message: "Maximum 3 collaborators allowed" },
    });
    const invalid = await schedule({ ...body, scheduled_time: "tomorrow" });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({ error: { code: "validation_failed" } });

    // Listed by status, soonest first, in keyset pages.
    const listed = await jsonOf<{ data: Post[]; nextCursor: string | null }>(
      await v1(admin, `/accounts/${accountId}/scheduled-posts?status=scheduled&limit=1`),
    );
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]!.status).toBe("scheduled");
    const pages: Post[] = [...listed.data];
    let cursor = listed.nextCursor;
    while (cursor) {
      const page = await jsonOf<{ data: Post[]; nextCursor: string | null }>(
        await v1(
          admin,
          `/accounts/${accountId}/scheduled-posts?status=scheduled&limit=2&cursor=${encodeURIComponent(cursor)}`,
        ),
      );
      pages.push(...page.data);
      cursor = page.nextCursor;
    }
    expect(pages.map((post) => post.id)).toContain(first.data.id);
    expect(new Set(pages.map((post) => post.id)).size).toBe(pages.length);
    const times = pages.map((post) => post.scheduledTime);
    expect(times).toEqual([...times].sort());
    expect(pages.every((post) => post.status === "scheduled")).toBe(true);
    const badStatus = await v1(admin, `/accounts/${accountId}/scheduled-posts?status=sent`);
    expect(badStatus.status).toBe(422);
    const badCursor = await v1(admin, `/accounts/${accountId}/scheduled-posts?cursor=nope`);
    expect(badCursor.status).toBe(422);

    // Cancel: back to draft; cancelling a draft is the content scheduler's refusal.
    const cancelled = await jsonOf<{ data: Post }>(
      await v1(admin, `/accounts/${accountId}/scheduled-posts/${first.data.id}/cancel`, {
        method: "POST",
      }),
    );
    expect(cancelled.data.status).toBe("draft");
    const twice = await v1(
      admin,
      `/accounts/${accountId}/scheduled-posts/${first.data.id}/cancel`,
      {
        method: "POST",
      },
    );
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({
      error: { message: "This post is a draft, so it can no longer be cancelled." },
    });
    // Scheduling the draft again checks it again: not in the past.
    const late = await v1(
      admin,
      `/accounts/${accountId}/scheduled-posts/${first.data.id}/schedule`,
      {
        method: "POST",
        json: { scheduled_time: new Date(Date.now() - 1000).toISOString() },
      },
    );
    expect(await late.json()).toMatchObject({
      error: { message: "Cannot schedule post in the past" },
    });
    const rescheduled = await jsonOf<{ data: Post }>(
      await v1(admin, `/accounts/${accountId}/scheduled-posts/${first.data.id}/schedule`, {
        method: "POST",
        json: {},
      }),
    );
    expect(rescheduled.data).toMatchObject({
      status: "scheduled",
      scheduledTime: first.data.scheduledTime,
    });
    expect(
      (
        await v1(admin, `/accounts/${accountId}/scheduled-posts/${first.data.id}`, {
          method: "DELETE",
        })
      ).status,
    ).toBe(200);
    expect(
      (await v1(admin, `/accounts/${accountId}/scheduled-posts/${first.data.id}`)).status,
    ).toBe(404);
  }, 120_000);

  it("writes what a token does to the audit log, as its member, marked as the API", async () => {
    const { token, accessToken } = await createApiToken(owner, ["posts:write", "posts:read"]);
    const caption = `Audited ${randomUUID().slice(0, 8)}`;
    const key = `audit-${randomUUID()}`;
    const body = postBody(await uploadedFile(), caption);
    const schedule = () =>
      v1(token, `/accounts/${accountId}/scheduled-posts`, {
        method: "POST",
        json: body,
        headers: { "Idempotency-Key": key },
      });
    const { data: post } = await jsonOf<{ data: Post }>(await schedule(), 201);
    expect((await schedule()).headers.get("Idempotent-Replayed")).toBe("true");
    await jsonOf(
      await v1(token, `/accounts/${accountId}/scheduled-posts/${post.id}/cancel`, {
        method: "POST",
      }),
      200,
    );
    await jsonOf(
      await v1(token, `/accounts/${accountId}/scheduled-posts/${post.id}`, { method: "DELETE" }),
      200,
    );
    const log = await jsonOf<{
      events: Array<{
        action: string;
        actorEmail: string | null;
        accountId: string | null;
        target: string | null;
        details: Record<string, unknown>;
      }>;
    }>(await owner.get("/api/workspaces/current/audit?action=post."), 200);
    const ofPost = log.events.filter((event) => event.target === post.id);
    // Newest first; the replayed request wrote nothing more.
    expect(ofPost.map((event) => event.action)).toEqual([
      "post.deleted",
      "post.cancelled",
      "post.scheduled",
    ]);
    for (const event of ofPost) {
      expect(event).toMatchObject({
        actorEmail: ownerEmail,
        accountId,
        details: { via: "api", tokenId: accessToken.id },
      });
    }
  });

  it("publishes now exactly once through the one publish job, however often it is asked", async () => {
    const caption = `Now ${randomUUID().slice(0, 8)}`;
    const draft = await makeDraft(caption);
    const publish = (key?: string) =>
      v1(admin, `/accounts/${accountId}/scheduled-posts/${draft.id}/publish`, {
        method: "POST",
        headers: key ? { "Idempotency-Key": key } : {},
      });
    const first = await jsonOf<{ data: Post }>(await publish("publish-1"), 202);
    expect(first.data.status).toBe("scheduled");
    const replay = await publish("publish-1");
    expect(replay.status).toBe(202);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    const done = await waitForStatus(draft.id, ["published", "failed"]);
    expect(done.status).toBe("published");
    expect(done.igMediaId).toEqual(expect.any(String));
    // Asked again once it is out: refused, and nothing more goes out.
    const after = await publish();
    expect(after.status).toBe(409);
    expect(await after.json()).toMatchObject({
      error: {
        message: "This post has already been published, so it can no longer be published now.",
      },
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
    expect((await liveCaptions()).filter((live) => live === caption)).toHaveLength(1);
  }, 120_000);

  it("takes an upload's bytes through the composer's checks: not an image or video, too big, not what was announced", async () => {
    // Not an image or a video.
    const text = new TextEncoder().encode("these bytes are a text file, not a picture at all");
    const notMedia = await uploadFile(admin, text, { size: text.length });
    expect(notMedia.put.status).toBe(415);
    expect(await notMedia.put.json()).toMatchObject({
      error: {
        code: "unsupported_media_type",
        message:
          "Upload failed: only images (JPEG, PNG, WebP, GIF, HEIC) and videos (MP4, MOV) can be uploaded.",
      },
    });
    // A JPEG whose header cannot be read.
    const broken = new Uint8Array(64).fill(0);
    broken.set([0xff, 0xd8, 0xff, 0xe0]);
    const undecodable = await uploadFile(admin, broken, { size: broken.length });
    expect(undecodable.put.status).toBe(415);
    expect(await undecodable.put.json()).toMatchObject({
      error: {
        message:
          "Upload failed: the image could not be read. It may be damaged; export it again and retry.",
      },
    });
    // Too big: announced, and sent.
    const tooBig = await v1(admin, "/uploads", {
      method: "POST",
      json: { fileName: "long.mp4", contentType: "video/mp4", size: MAX_UPLOAD_BYTES + 1 },
    });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({
      error: {
        code: "payload_too_large",
        message: "File is too large. Please use a smaller video (max 50MB)",
      },
    });
    const huge = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    huge.set(jpeg.subarray(0, 64));
    const sentTooBig = await uploadFile(admin, huge, { size: 1000 });
    expect(sentTooBig.put.status).toBe(413);
    // A type that is not an image or video is refused when announced.
    const pdf = await v1(admin, "/uploads", {
      method: "POST",
      json: { fileName: "a.pdf", contentType: "application/pdf", size: 10 },
    });
    expect(pdf.status).toBe(415);
    // Another type than announced, or another size.
    const png = await uploadFile(admin, jpeg, { contentType: "image/png" });
    expect(png.put.status).toBe(415);
    expect(await png.put.json()).toMatchObject({
      error: { message: "Upload failed: the file is image/jpeg, not the image/png announced." },
    });
    const short = await uploadFile(admin, jpeg, { size: jpeg.length + 1 });
    expect(short.put.status).toBe(422);
    // A refused PUT keeps nothing and leaves the upload open for the right bytes; then it is done.
    const kept = await testApp.database.db
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(eq(storedFiles.key, short.announced.file.key));
    expect(kept).toEqual([]);
    const retried = await testApp.app.request(short.announced.upload.url, {
      method: "PUT",
      headers: { authorization: `Bearer ${admin}`, "content-type": "image/jpeg" },
      body: jpeg.slice(0, jpeg.length),
    });
    // The announcement said one byte more: still refused; a new announcement is needed.
    expect(retried.status).toBe(422);
    const { announced, put } = await uploadFile(admin, jpeg);
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ data: { id: announced.id, status: "complete" } });
    const again = await testApp.app.request(announced.upload.url, {
      method: "PUT",
      headers: { authorization: `Bearer ${admin}`, "content-type": "image/jpeg" },
      body: jpeg,
    });
    expect(again.status).toBe(409);
    // No token, no upload.
    const anonymous = await testApp.app.request(announced.upload.url, {
      method: "PUT",
      body: jpeg,
    });
    expect(anonymous.status).toBe(401);
    const [row] = await testApp.database.db
      .select({ completedAt: apiUploads.completedAt })
      .from(apiUploads)
      .where(eq(apiUploads.id, announced.id));
    expect(row!.completedAt).not.toBeNull();

    // The daily sweep forgets announcements a day after they expired; the file stays.
    await pruneAuditJob.run(
      {},
      {
        db: testApp.database.db,
        logger: testApp.logger,
        now: () => Date.now() + 2 * 86_400_000,
        auditRetentionDays: 365,
        jobId: "test",
      },
    );
    const left = await testApp.database.db
      .select({ id: apiUploads.id })
      .from(apiUploads)
      .where(eq(apiUploads.id, announced.id));
    expect(left).toEqual([]);
    const file = await testApp.database.db
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(eq(storedFiles.key, announced.file.key));
    expect(file).toHaveLength(1);
  }, 120_000);

  it("reads the audience the Audience page shows", async () => {
    const { token } = await createApiToken(owner, ["analytics:read"]);
    const shown = await jsonOf<Record<string, unknown>>(
      await owner.get("/api/analytics/audience?timezone=UTC"),
    );
    const { data } = await jsonOf<{ data: Record<string, unknown> }>(
      await v1(token, `/accounts/${accountId}/analytics/audience`),
    );
    const { accountId: answeredAccount, ...audience } = data;
    expect(answeredAccount).toBe(accountId);
    expect(audience).toEqual(shown);
  });

  it("is done when a script with only a token uploads a file, schedules a post, and reads its performance once it is out", async () => {
    const { token } = await createApiToken(owner, ["posts:write", "posts:read"]);
    // 1. The file, by its upload URL.
    const { announced, put } = await uploadFile(token, jpeg);
    expect(put.status).toBe(200);
    // 2. The post, a few seconds ahead.
    const caption = `Done when ${randomUUID().slice(0, 8)}`;
    const scheduled = await jsonOf<{ data: Post }>(
      await v1(token, `/accounts/${accountId}/scheduled-posts`, {
        method: "POST",
        headers: { "Idempotency-Key": randomUUID() },
        json: postBody(announced.file, caption, 2_000),
      }),
      201,
    );
    expect(scheduled.data.status).toBe("scheduled");
    // 3. The publish job takes it at its time.
    let post = scheduled.data;
    const until = Date.now() + 30_000;
    while (post.status !== "published" && post.status !== "failed" && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      post = (
        await jsonOf<{ data: Post }>(
          await v1(token, `/accounts/${accountId}/scheduled-posts/${post.id}`),
        )
      ).data;
    }
    expect(post.status).toBe("published");
    // 4. Its performance, once its first insights are read (a script polls, as here).
    type Performance = {
      data: {
        id: string;
        caption: string;
        metrics: Record<string, number | null>;
        metricsAsOf: string | null;
        history: unknown[];
      };
    };
    let performance: Performance["data"];
    const readBy = Date.now() + 60_000;
    do {
      await testApp.instagramContext.queue.idle({ timeoutMs: 10_000 });
      performance = (
        await jsonOf<Performance>(await v1(token, `/accounts/${accountId}/posts/${post.igMediaId}`))
      ).data;
      if (performance.metricsAsOf === null) await new Promise((r) => setTimeout(r, 500));
    } while (performance.metricsAsOf === null && Date.now() < readBy);
    expect(performance.metricsAsOf, JSON.stringify(performance)).not.toBeNull();
    expect(performance.history.length).toBeGreaterThan(0);
    // The numbers Post Performance shows for it.
    const shown = await jsonOf<{ post: Record<string, number | null> }>(
      await owner.get(`/api/analytics/posts/${post.igMediaId}`),
    );
    for (const metric of ["reach", "views", "likes", "comments", "saves", "shares"]) {
      expect([metric, performance.metrics[metric]]).toEqual([metric, shown.post[metric]]);
    }
    expect(performance.id).toBe(post.igMediaId);
    expect(performance.caption).toContain(caption);
    expect(Object.keys(performance.metrics).sort()).toEqual(
      ["comments", "engagementRate", "likes", "reach", "saves", "shares", "views"].sort(),
    );
    const newest = await jsonOf<{ data: Array<{ id: string }> }>(
      await v1(token, `/accounts/${accountId}/posts?limit=1`),
    );
    expect(newest.data[0]!.id).toBe(post.igMediaId);
  }, 120_000);
});
