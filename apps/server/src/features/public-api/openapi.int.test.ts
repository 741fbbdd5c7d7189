import { randomUUID } from "node:crypto";
import {
  type AccessTokenSummary,
  accessTokenScopes,
  errorResponseSchema,
  publicApiConversationMessagesResponseSchema,
} from "@sightline/contracts";
import {
  insertPressMentions,
  insertPressSource,
  insertTrendHashtag,
  insertTrendSample,
} from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";
import { collectRoutes, openApiPath } from "./openapi.ts";

/*
 * Decision 035: the document served at /api/v1/openapi.json covers every /api/v1 route of the
 * composed app (walked from `app.routes`) and nothing else, and every route answers what it
 * documents: each is called and its body parsed with the response schema its describeRoute
 * names (a field the schema lacks fails too).
 */

const V1 = "/api/v1";
const DAY_MS = 86_400_000;
let testApp: TestApp;
let owner: HttpClient;
let accountId: string;
let token: string;
/** The user's copy of the sandbox's demo world (their id), for simulated DMs and comments. */
let space: string;
let workspaceId: string;

type Document = {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, unknown> }>
  >;
};

beforeAll(async () => {
  const synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    { plan: "premium", webhooks: true },
  );
  testApp = synced.testApp;
  owner = synced.client;
  accountId = synced.connection.instagram_id;
  space = synced.connection.user_id;
  workspaceId = synced.connection.workspace_id;
  const created = await owner.request("/api/workspaces/current/tokens", {
    method: "POST",
    json: { name: "OpenAPI test", scopes: [...accessTokenScopes], expiresInDays: 7 },
  });
  expect(created.status).toBe(201);
  token = ((await created.json()) as { token: string; accessToken: AccessTokenSummary }).token;
}, 180_000);

afterAll(async () => {
  await testApp?.close();
});

function v1(path: string, init: RequestInit & { json?: unknown; anonymous?: boolean } = {}) {
  const headers = new Headers(init.headers);
  if (!init.anonymous) headers.set("authorization", `Bearer ${token}`);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  return testApp.app.request(`${TEST_PUBLIC_URL}${V1}${path}`, {
    ...init,
    headers,
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
}

async function settleInbox() {
  await testApp.sandbox!.idle();
  await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
}

/** A customer writes a DM now (its 24-hour window open); answers its conversation's id. */
async function customerWrites(): Promise<string> {
  const text = `OpenAPI DM ${randomUUID().slice(0, 8)}`;
  testApp.sandbox!.simulateMessage({ username: "lena.makes", text, space });
  await settleInbox();
  const response = await v1(`/accounts/${accountId}/conversations?q=${encodeURIComponent(text)}`);
  const { data } = (await response.json()) as { data: Array<{ id: string; kind: string }> };
  expect(data.map((item) => item.kind)).toEqual(["dm"]);
  return data[0]!.id;
}

/** A customer comments on the account's newest post now; answers the comment and its post. */
async function customerComments(): Promise<{ commentId: string; postId: string }> {
  const text = `OpenAPI comment ${randomUUID().slice(0, 8)}`;
  const simulated = testApp.sandbox!.simulateComment({ username: "lena.makes", text, space })!;
  await settleInbox();
  const response = await v1(
    `/accounts/${accountId}/conversations?filter=comments&q=${encodeURIComponent(text)}`,
  );
  const { data } = (await response.json()) as { data: Array<{ id: string }> };
  expect(data).toHaveLength(1);
  return { commentId: simulated.id, postId: data[0]!.id };
}

async function servedDocument(): Promise<Document> {
  const response = await v1("/openapi.json", { anonymous: true });
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

/** Every method and path the composed app answers under /api/v1 (middleware left out). */
function appEndpoints(): string[] {
  const endpoints = testApp.app.routes
    .filter((route) => route.method !== "ALL" && route.path.startsWith(`${V1}/`))
    .map((route) => `${route.method} ${openApiPath(route.path.slice(V1.length))}`);
  return [...new Set(endpoints)].sort();
}

describe("GET /api/v1/openapi.json", () => {
  it("is public and cacheable: no token, an ETag, 304 when unchanged", async () => {
    const response = await v1("/openapi.json", { anonymous: true });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const document = (await response.json()) as Document;
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([expect.objectContaining({ url: V1 })]);
    const again = await v1("/openapi.json", {
      anonymous: true,
      headers: { "if-none-match": etag! },
    });
    expect(again.status).toBe(304);
  });

  it("covers every /api/v1 route of the composed app, and documents none it does not have", async () => {
    const documented = Object.entries((await servedDocument()).paths)
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    const registered = appEndpoints();
    expect(registered.length).toBeGreaterThanOrEqual(5);
    expect(
      registered.filter((endpoint) => !documented.includes(endpoint)),
      "routes missing from the document (add a describeRoute)",
    ).toEqual([]);
    expect(
      documented.filter((endpoint) => !registered.includes(endpoint)),
      "documented routes the app does not have",
    ).toEqual([]);
  });
});

describe("every /api/v1 route answers its documented schema", () => {
  type Upload = { id: string; file: { bucket: string; key: string; mediaType: string } };

  async function sampleJpeg() {
    const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
    return new Uint8Array(await sample.arrayBuffer());
  }

  /** Announces the sandbox's sample JPEG through POST /uploads. */
  async function announceSample() {
    const bytes = await sampleJpeg();
    const response = await v1("/uploads", {
      method: "POST",
      json: { fileName: "sample.jpg", contentType: "image/jpeg", size: bytes.length },
    });
    expect(response.status).toBe(201);
    return { bytes, upload: ((await response.json()) as { data: Upload }).data };
  }

  /** PUTs an announced upload's bytes, as a script does with the answer's `upload`. */
  function putBytes(upload: Upload, bytes: Uint8Array) {
    return v1(`/uploads/${upload.id}`, {
      method: "PUT",
      headers: { "content-type": "image/jpeg" },
      body: bytes,
    });
  }

  /** A post made through /api/v1 (`drafts` or `scheduled-posts`) with an uploaded file. */
  async function makePost(kind: "drafts" | "scheduled-posts") {
    const { bytes, upload } = await announceSample();
    expect((await putBytes(upload, bytes)).status).toBe(200);
    const response = await v1(`/accounts/${accountId}/${kind}`, {
      method: "POST",
      json: {
        items: [upload.file],
        caption: `Documented ${kind}`,
        scheduled_time: new Date(Date.now() + 2 * DAY_MS).toISOString(),
        time_zone: "UTC",
      },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data.id;
  }

  /** How to call each operation for a 2xx answer; a new route needs a line here. */
  const calls: Record<string, () => Response | Promise<Response>> = {
    getOpenApiDocument: () => v1("/openapi.json", { anonymous: true }),
    listAccounts: () => v1("/accounts"),
    getAccountKpis: () => {
      const day = (offset: number) =>
        new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
      return v1(`/accounts/${accountId}/analytics/kpis?since=${day(-28)}&until=${day(-1)}`);
    },
    listPosts: () => v1(`/accounts/${accountId}/posts?limit=3`),
    createDraft: async () => {
      const sample = await testApp.sandbox!.fetch(
        `${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`,
      );
      const upload = await owner.request("/api/uploads/instagram-media", {
        method: "POST",
        headers: { "content-type": "application/octet-stream" },
        body: new Uint8Array(await sample.arrayBuffer()),
      });
      expect(upload.status).toBe(201);
      const file = (await upload.json()) as { bucket: string; key: string };
      return v1(`/accounts/${accountId}/drafts`, {
        method: "POST",
        headers: { "Idempotency-Key": crypto.randomUUID() },
        json: {
          items: [{ ...file, mediaType: "image" }],
          caption: "Documented draft",
          scheduled_time: new Date(Date.now() + 2 * DAY_MS).toISOString(),
          time_zone: "UTC",
        },
      });
    },
    getAccountAudience: () =>
      v1(`/accounts/${accountId}/analytics/audience?timezone=Europe/Vienna`),
    listConversations: async () => {
      await customerWrites();
      await customerComments();
      return v1(`/accounts/${accountId}/conversations?limit=5`);
    },
    getConversationMessages: async () => {
      // A post's comments answer differently from a DM thread: both parse with the one schema.
      const { postId } = await customerComments();
      const comments = await v1(`/accounts/${accountId}/conversations/${postId}/messages`);
      expect(comments.status).toBe(200);
      const body = await comments.json();
      const parsed = publicApiConversationMessagesResponseSchema.parse(body);
      expect(parsed.data.kind).toBe("comments");
      expect(parsed).toEqual(body);
      const thread = await customerWrites();
      return v1(`/accounts/${accountId}/conversations/${encodeURIComponent(thread)}/messages`);
    },
    sendConversationMessage: async () => {
      const thread = await customerWrites();
      return v1(`/accounts/${accountId}/conversations/${encodeURIComponent(thread)}/messages`, {
        method: "POST",
        headers: { "Idempotency-Key": crypto.randomUUID() },
        json: { text: "Thanks for writing!" },
      });
    },
    replyToComment: async () => {
      const { commentId } = await customerComments();
      return v1(`/accounts/${accountId}/comments/${commentId}/replies`, {
        method: "POST",
        headers: { "Idempotency-Key": crypto.randomUUID() },
        json: { text: "Yes, it is!" },
      });
    },
    sendPrivateReply: async () => {
      const { commentId } = await customerComments();
      return v1(`/accounts/${accountId}/comments/${commentId}/private-reply`, {
        method: "POST",
        headers: { "Idempotency-Key": crypto.randomUUID() },
        json: { text: "Here are the details." },
      });
    },
    listMentions: async () => {
      const db = testApp.database.db;
      const source = await insertPressSource(db, {
        workspaceId,
        url: "https://craftandkiln.example.com/feed.xml",
        title: "Craft & Kiln Weekly",
      });
      await insertPressMentions(db, [
        {
          workspaceId,
          sourceId: source!.id,
          itemKey: `guid:${randomUUID()}`,
          title: "Lena Makes opens a studio shop",
          link: null,
          snippet: "The ceramicist behind Lena Makes is opening a studio shop.",
          highlights: [[22, 32]],
          keywordIds: [],
          matchedTerms: ["Lena Makes"],
          publishedAt: new Date(),
          language: "en",
          sentiment: "positive",
          sentimentScore: 2,
        },
      ]);
      return v1("/radars/mentions?limit=5");
    },
    getTrends: async () => {
      // The test account signed in with Instagram Login, which has no hashtag search: the
      // hashtag and its sample are stored as Trend Radar's job stores them.
      const db = testApp.database.db;
      const hashtag = await insertTrendHashtag(db, {
        workspaceId,
        name: "ceramics",
        accountId,
        instagramHashtagId: "17843000000000001",
      });
      const now = new Date();
      await insertTrendSample(db, {
        workspaceId,
        hashtagId: hashtag!.id,
        sampledAt: now,
        currentVolume: 12,
        previousVolume: 8,
        dailyVolume: 20,
        medianTopEngagement: 340,
        topCount: 2,
        topMedia: [
          {
            id: "17950000000000042",
            mediaType: "IMAGE",
            mediaUrl: null,
            permalink: null,
            caption: "Fresh out of the kiln #ceramics",
            likeCount: 300,
            commentsCount: 40,
            timestamp: now.toISOString(),
          },
        ],
        coHashtags: [["pottery", 2]],
      });
      return v1("/radars/trends");
    },
    getPost: async () => {
      const list = await v1(`/accounts/${accountId}/posts?limit=1`);
      const [post] = ((await list.json()) as { data: Array<{ id: string }> }).data;
      expect(post, "a synced post").toBeDefined();
      return v1(`/accounts/${accountId}/posts/${post!.id}`);
    },
    listScheduledPosts: async () => {
      await makePost("drafts");
      return v1(`/accounts/${accountId}/scheduled-posts?status=draft,scheduled&limit=2`);
    },
    getScheduledPost: async () =>
      v1(`/accounts/${accountId}/scheduled-posts/${await makePost("drafts")}`),
    schedulePost: async () => {
      const { bytes, upload } = await announceSample();
      expect((await putBytes(upload, bytes)).status).toBe(200);
      return v1(`/accounts/${accountId}/scheduled-posts`, {
        method: "POST",
        headers: { "Idempotency-Key": crypto.randomUUID() },
        json: {
          items: [upload.file],
          caption: "Documented schedule",
          scheduled_time: new Date(Date.now() + 3 * DAY_MS).toISOString(),
          time_zone: "UTC",
        },
      });
    },
    scheduleStoredPost: async () =>
      v1(`/accounts/${accountId}/scheduled-posts/${await makePost("drafts")}/schedule`, {
        method: "POST",
        json: {},
      }),
    publishScheduledPost: async () =>
      v1(`/accounts/${accountId}/scheduled-posts/${await makePost("drafts")}/publish`, {
        method: "POST",
      }),
    cancelScheduledPost: async () =>
      v1(`/accounts/${accountId}/scheduled-posts/${await makePost("scheduled-posts")}/cancel`, {
        method: "POST",
      }),
    deleteScheduledPost: async () =>
      v1(`/accounts/${accountId}/scheduled-posts/${await makePost("drafts")}`, {
        method: "DELETE",
      }),
    createUpload: async () =>
      v1("/uploads", {
        method: "POST",
        headers: { "Idempotency-Key": crypto.randomUUID() },
        json: {
          fileName: "sample.jpg",
          contentType: "image/jpeg",
          size: (await sampleJpeg()).length,
          purpose: "media",
        },
      }),
    getUpload: async () => v1(`/uploads/${(await announceSample()).upload.id}`),
    uploadFile: async () => {
      const { bytes, upload } = await announceSample();
      return putBytes(upload, bytes);
    },
  };

  it("parses each 2xx body with the route's response schema, and the documented status", async () => {
    const routes = collectRoutes(testApp.app.routes).filter((route) =>
      route.path.startsWith(`${V1}/`),
    );
    const checked: string[] = [];
    for (const route of routes) {
      const operation = route.fragments.find((f) => f.operation)?.operation;
      if (!operation) continue;
      const call = calls[operation.operationId];
      expect(call, `a call for ${operation.operationId} in this test`).toBeDefined();
      const response = await call!();
      const body = await response.json();
      expect(response.status, `${operation.operationId}: ${JSON.stringify(body)}`).toBe(
        operation.response.status,
      );
      const schema: ZodType = operation.response.schema;
      // Parsing strips fields the schema does not know: equal means none was undocumented.
      expect(schema.parse(body), operation.operationId).toEqual(body);
      checked.push(operation.operationId);
    }
    expect(checked.sort()).toEqual(Object.keys(calls).sort());
  });

  it("answers refusals in the documented error shape with documented statuses", async () => {
    const document = await servedDocument();
    const documentedStatuses = (path: string, method: string) =>
      Object.keys(document.paths[path]![method]!.responses);
    const refusals: Array<{ path: string; method: string; response: Response }> = [
      { path: "/accounts", method: "get", response: await v1("/accounts", { anonymous: true }) },
      {
        path: "/accounts/{accountId}/posts",
        method: "get",
        response: await v1("/accounts/999999/posts"),
      },
      {
        path: "/accounts/{accountId}/posts",
        method: "get",
        response: await v1(`/accounts/${accountId}/posts?limit=1000`),
      },
      {
        path: "/accounts/{accountId}/drafts",
        method: "post",
        response: await v1(`/accounts/${accountId}/drafts`, { method: "POST", json: {} }),
      },
    ];
    expect(refusals.map((refusal) => refusal.response.status)).toEqual([401, 404, 422, 422]);
    for (const { path, method, response } of refusals) {
      expect(documentedStatuses(path, method)).toContain(String(response.status));
      const body = await response.json();
      expect(errorResponseSchema.parse(body)).toEqual(body);
    }
  });
});
