import { findScheduledPostById } from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, setPersonalPlan } from "../../testing/factories.ts";
import { createHttpClient, type HttpClient } from "../../testing/http-client.ts";
import {
  answerPublishingLimitReached,
  connectSandboxAccount,
  sandboxControl,
} from "../../testing/instagram.ts";
import { watchStatements } from "../../testing/sql-statements.ts";
import { frames } from "../../testing/sse.ts";
import { publishIfClaimable, QUOTA_REUSE_MS } from "../publishing/index.ts";

let testApp: TestApp;
let client: HttpClient;
let jpeg: Uint8Array;
/** Moves the app's clock (the walk's publish runs its post at its time). */
let clockOffset = 0;
beforeAll(async () => {
  testApp = await createTestApp({ now: () => Date.now() + clockOffset });
  ({ client } = await createVerifiedUser(testApp));
  await connectSandboxAccount(testApp, client, { username: "oona.bakes", login: "instagram" });
  const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
  jpeg = new Uint8Array(await sample.arrayBuffer());
});
afterAll(async () => {
  await testApp?.close();
});

async function uploadAs(user: HttpClient, bucket: string, body: Uint8Array) {
  const response = await user.request(`/api/uploads/${bucket}`, {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { bucket: string; key: string };
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe("scheduling a post", () => {
  it("keeps the whole draft with status scheduled and tells the user's open tabs", async () => {
    const first = await uploadAs(client, "scheduled-content", jpeg);
    const second = await uploadAs(client, "scheduled-content", jpeg);
    const stream = frames(await client.get("/api/realtime"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await client.post("/api/scheduled-posts", {
      items: [
        { ...first, mediaType: "image", tags: [{ username: "lena.makes", x: 40, y: 60 }] },
        { ...second, mediaType: "image" },
      ],
      caption: "Sunday loaves",
      hashtags: ["#sourdough", "bread", "sourdough"],
      collaborators: ["@lena.makes"],
      scheduled_time: inAnHour(),
      time_zone: "Europe/Berlin",
      thumbnail: { bucket: "scheduled-content", key: "missing/thumbnail.jpg" },
    });
    expect(response.status).toBe(201);
    const { post } = (await response.json()) as {
      post: {
        id: string;
        status: string;
        media_type: string;
        media_url: string;
        hashtags: string[];
        thumbnail_url: string | null;
        items: unknown[];
        collaborators: string[];
      };
    };
    expect(post).toMatchObject({
      status: "scheduled",
      media_type: "IMAGE",
      media_url: `/storage/scheduled-content/${first.key}`,
      hashtags: ["sourdough", "bread"],
      // Spec §8: a failed thumbnail is ignored and the post is still scheduled.
      thumbnail_url: null,
      collaborators: ["lena.makes"],
    });
    expect(post.items).toHaveLength(2);
    // Up to 10 s: on a loaded machine the event (through PostgreSQL's NOTIFY) took over 2 s.
    const frame = await stream.until("scheduled-posts:updated", 10_000);
    expect(JSON.parse(frame.data!)).toEqual({ id: post.id, status: "scheduled" });
    await stream.cancel();

    const list = (await (await client.get("/api/scheduled-posts")).json()) as {
      posts: Array<{ id: string }>;
    };
    expect(list.posts.map((entry) => entry.id)).toContain(post.id);
    const cancel = await client.request(`/api/scheduled-posts/${post.id}`, { method: "DELETE" });
    expect(cancel.status).toBe(200);
    expect(
      (await client.request(`/api/scheduled-posts/${post.id}`, { method: "DELETE" })).status,
    ).toBe(404);
  });

  it("reads no file of a draft for the checks of a request: what each upload is was kept in its row (issue 26 point 5)", async () => {
    const first = await uploadAs(client, "scheduled-content", jpeg);
    const second = await uploadAs(client, "scheduled-content", jpeg);
    const get = vi.spyOn(testApp.storage, "get");
    const head = vi.spyOn(testApp.storage, "head");
    try {
      const response = await client.post("/api/scheduled-posts", {
        items: [
          { ...first, mediaType: "image" },
          { ...second, mediaType: "image" },
        ],
        caption: "Read once",
        hashtags: [],
        collaborators: [],
        scheduled_time: inAnHour(),
        time_zone: "Europe/Berlin",
      });
      expect(response.status).toBe(201);
      // The file checks (the user's own, what it is) and the pre-publish check read the rows.
      expect(get).not.toHaveBeenCalled();
      expect(head).not.toHaveBeenCalled();
      const { post } = (await response.json()) as { post: { id: string } };
      await client.request(`/api/scheduled-posts/${post.id}`, { method: "DELETE" });
    } finally {
      get.mockRestore();
      head.mockRestore();
    }
  });

  it("reads a file kept before its row said what it is (migration 0040): its first bytes, once per request", async () => {
    const file = await uploadAs(client, "scheduled-content", jpeg);
    await testApp.database.db.execute(
      `update stored_files set content_type = null, width = null, height = null where bucket = '${file.bucket}' and key = '${file.key}'`,
    );
    const get = vi.spyOn(testApp.storage, "get");
    const head = vi.spyOn(testApp.storage, "head");
    try {
      const response = await client.post("/api/scheduled-posts", {
        items: [{ ...file, mediaType: "image" }],
        caption: "Kept before 0040",
        hashtags: [],
        collaborators: [],
        scheduled_time: inAnHour(),
        time_zone: "Europe/Berlin",
      });
      expect(response.status).toBe(201);
      expect(((await response.json()) as { checks: unknown[] }).checks).toEqual([]);
      expect(get).not.toHaveBeenCalled();
      expect(head.mock.calls).toEqual([[file.bucket, file.key, 256 * 1024]]);
    } finally {
      get.mockRestore();
      head.mockRestore();
    }
  });

  it("asks Instagram's publishing limit at the composer's check; the schedule and the edit right after take its answer (issue 26 point 5)", async () => {
    const file = await uploadAs(client, "scheduled-content", jpeg);
    const draft = {
      items: [{ ...file, mediaType: "image" }],
      caption: "Asked once",
      hashtags: [],
      collaborators: [],
      scheduled_time: inAnHour(),
      time_zone: "Europe/Berlin",
    };
    const graph = vi.spyOn(testApp.sandbox!, "fetch");
    const limitCalls = () =>
      graph.mock.calls.filter(([url]) => String(url).includes("/content_publishing_limit")).length;
    try {
      expect((await client.post("/api/scheduled-posts/check", draft)).status).toBe(200);
      expect(limitCalls()).toBe(1);
      const response = await client.post("/api/scheduled-posts", draft);
      expect(response.status).toBe(201);
      expect(limitCalls()).toBe(1);
      const { post } = (await response.json()) as { post: { id: string } };
      const edited = await client.request(`/api/scheduled-posts/${post.id}`, {
        method: "PUT",
        json: { ...draft, caption: "Asked once, edited" },
      });
      expect(edited.status, await edited.clone().text()).toBe(200);
      expect(limitCalls()).toBe(1);
      // An answer older than QUOTA_REUSE_MS is not taken: the schedule asks again.
      clockOffset = QUOTA_REUSE_MS + 60_000;
      try {
        const later = await client.post("/api/scheduled-posts", {
          ...draft,
          scheduled_time: new Date(Date.now() + clockOffset + 3_600_000).toISOString(),
        });
        expect(later.status).toBe(201);
        expect(limitCalls()).toBe(2);
        const { post: second } = (await later.json()) as { post: { id: string } };
        await client.request(`/api/scheduled-posts/${second.id}`, { method: "DELETE" });
      } finally {
        clockOffset = 0;
      }
      await client.request(`/api/scheduled-posts/${post.id}`, { method: "DELETE" });
    } finally {
      graph.mockRestore();
    }
  });

  it("says the spec's words for a time in the past and a missing file", async () => {
    const file = await uploadAs(client, "scheduled-content", jpeg);
    const past = await client.post("/api/scheduled-posts", {
      items: [{ ...file, mediaType: "image" }],
      scheduled_time: new Date(Date.now() - 60_000).toISOString(),
      time_zone: "UTC",
    });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("Cannot schedule post in the past");
    const anonymous = await createHttpClient(testApp.app).post("/api/scheduled-posts", {
      items: [{ ...file, mediaType: "image" }],
      scheduled_time: new Date(Date.now() + 60_000).toISOString(),
      time_zone: "UTC",
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain("You must be logged in to schedule");
    for (const items of [
      [],
      [{ bucket: "scheduled-content", key: "nobody/none.jpg", mediaType: "image" }],
    ]) {
      const missing = await client.post("/api/scheduled-posts", {
        items,
        scheduled_time: inAnHour(),
        time_zone: "UTC",
      });
      expect(missing.status).toBe(400);
      expect(await missing.text()).toContain("Missing media file");
    }
    const wrongKind = await client.post("/api/scheduled-posts", {
      items: [{ ...file, mediaType: "video" }],
      scheduled_time: inAnHour(),
      time_zone: "UTC",
    });
    expect(await wrongKind.text()).toContain("Missing media file");
    const tooManyTags = await client.post("/api/scheduled-posts", {
      items: [{ ...file, mediaType: "image" }],
      hashtags: Array.from({ length: 31 }, (_, i) => `tag${i}`),
      scheduled_time: inAnHour(),
      time_zone: "UTC",
    });
    expect(await tooManyTags.text()).toContain("Maximum 30 hashtags allowed");
    const tooManyPeople = await client.post("/api/scheduled-posts", {
      items: [{ ...file, mediaType: "image" }],
      collaborators: ["a", "b", "c", "d"],
      scheduled_time: inAnHour(),
      time_zone: "UTC",
    });
    expect(await tooManyPeople.text()).toContain("Maximum 3 collaborators allowed");
  });

  it("counts the caption's hashtags and the hashtag field together: 31 split between them is refused, 30 accepted, on create and on edit", async () => {
    const file = await uploadAs(client, "scheduled-content", jpeg);
    const inCaption = (n: number) =>
      `Bake day ${Array.from({ length: n }, (_, i) => `#cap${i}`).join(" ")}`;
    const field = (n: number) => Array.from({ length: n }, (_, i) => `field${i}`);
    const draft = (captionTags: number, fieldTags: number) => ({
      items: [{ ...file, mediaType: "image" }],
      caption: inCaption(captionTags),
      hashtags: field(fieldTags),
      scheduled_time: inAnHour(),
      time_zone: "UTC",
    });
    for (const [captionTags, fieldTags] of [
      [20, 11],
      [30, 1],
      [1, 30],
    ] as const) {
      const refused = await client.post("/api/scheduled-posts", draft(captionTags, fieldTags));
      expect([captionTags, fieldTags, refused.status]).toEqual([captionTags, fieldTags, 400]);
      expect(await refused.text()).toContain("Maximum 30 hashtags allowed");
    }
    const accepted = await client.post("/api/scheduled-posts", draft(20, 10));
    expect(accepted.status).toBe(201);
    const { post } = (await accepted.json()) as { post: { id: string } };
    // Editing the post into 31 is refused the same way, and the post keeps its 30.
    const edited = await client.request(`/api/scheduled-posts/${post.id}`, {
      method: "PUT",
      json: draft(21, 10),
    });
    expect(edited.status).toBe(400);
    expect(await edited.text()).toContain("Maximum 30 hashtags allowed");
    const kept = (await (await client.get(`/api/scheduled-posts/${post.id}`)).json()) as {
      post: { caption: string; hashtags: string[] };
    };
    expect(kept.post.caption).toBe(inCaption(20));
    expect(kept.post.hashtags).toHaveLength(10);
  });

  it("never schedules another user's file or touches another user's post", async () => {
    const mine = await uploadAs(client, "scheduled-content", jpeg);
    // The other user connects @oona.bakes too, in their own copy of the demo world: another
    // workspace with a connected account (and the same Instagram account at that), whose first
    // sync is small (a big account's ran on in the background for nothing, CI time).
    const other = await createVerifiedUser(testApp);
    await connectSandboxAccount(testApp, other.client, {
      username: "oona.bakes",
      login: "instagram",
    });
    const stolen = await other.client.post("/api/scheduled-posts", {
      items: [{ ...mine, mediaType: "image" }],
      scheduled_time: inAnHour(),
      time_zone: "UTC",
    });
    expect(stolen.status).toBe(400);
    const post = (await (
      await client.post("/api/scheduled-posts", {
        items: [{ ...mine, mediaType: "image" }],
        scheduled_time: inAnHour(),
        time_zone: "UTC",
      })
    ).json()) as { post: { id: string } };
    expect(
      (await other.client.request(`/api/scheduled-posts/${post.post.id}`, { method: "DELETE" }))
        .status,
    ).toBe(404);
    const theirs = (await (await other.client.get("/api/scheduled-posts")).json()) as {
      posts: unknown[];
    };
    expect(theirs.posts).toEqual([]);
  });

  it("names what would stop the post before it goes out (pre-publish check)", async () => {
    const jpegFile = await uploadAs(client, "scheduled-content", jpeg);
    const png = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.png`);
    const pngFile = await uploadAs(
      client,
      "scheduled-content",
      new Uint8Array(await png.arrayBuffer()),
    );
    const check = async (body: Record<string, unknown>) =>
      (
        (await (await client.post("/api/scheduled-posts/check", body)).json()) as {
          checks: Array<{ code: string; message: string }>;
        }
      ).checks;

    const fine = await client.post("/api/scheduled-posts", {
      items: [{ ...jpegFile, mediaType: "image", aspectRatio: 1 }],
      scheduled_time: inAnHour(),
      time_zone: "UTC",
    });
    expect(((await fine.json()) as { checks: unknown[] }).checks).toEqual([]);

    // The shape is read from the file itself, whatever the draft claims (issue 24).
    const wide = await testApp.sandbox!.fetch(
      `${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg?w=2500&h=1000`,
    );
    const wideFile = await uploadAs(
      client,
      "scheduled-content",
      new Uint8Array(await wide.arrayBuffer()),
    );
    const problems = await check({
      items: [
        { ...wideFile, mediaType: "image", aspectRatio: 1 },
        { ...pngFile, mediaType: "image" },
      ],
      scheduled_time: new Date(Date.now() + 70 * 86_400_000).toISOString(),
      time_zone: "UTC",
    });
    expect(problems.map((problem) => problem.code).sort()).toEqual([
      "aspect_ratio",
      "not_jpeg",
      "token_expires",
    ]);
    expect(problems.find((problem) => problem.code === "not_jpeg")!.message).toBe(
      "Item 2 is PNG; Instagram publishes JPEG images only.",
    );
    expect(problems.find((problem) => problem.code === "aspect_ratio")!.message).toBe(
      "Item 1 has an aspect ratio of 2.50; Instagram takes images between 4:5 (0.8) and 1.91:1.",
    );

    // Going out now, that photo is refused before anything is saved or sent.
    const tall = await testApp.sandbox!.fetch(
      `${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg?w=300&h=2000`,
    );
    const tallFile = await uploadAs(
      client,
      "instagram-media",
      new Uint8Array(await tall.arrayBuffer()),
    );
    const refused = await client.post("/api/scheduled-posts/publish-now", {
      items: [{ ...tallFile, mediaType: "image", aspectRatio: 0.8 }],
      caption: "Too tall",
      hashtags: [],
      collaborators: [],
      time_zone: "UTC",
      client_id: crypto.randomUUID(),
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(
      "The file has an aspect ratio of 0.15; Instagram takes images between 4:5 (0.8) and 1.91:1.",
    );
    const listed = (await (await client.get("/api/scheduled-posts")).json()) as {
      posts: { caption: string }[];
    };
    expect(listed.posts.some((post) => post.caption === "Too tall")).toBe(false);

    await answerPublishingLimitReached(testApp);
    try {
      const quota = await check({
        items: [{ ...jpegFile, mediaType: "image" }],
        scheduled_time: inAnHour(),
        time_zone: "UTC",
      });
      expect(quota.map((problem) => problem.code)).toEqual(["quota"]);
      expect(quota[0]!.message).toContain("100 of 100 posts in the last 24 hours");
      // Scheduling right after takes that answer, without asking, and says how old it is.
      const graph = vi.spyOn(testApp.sandbox!, "fetch");
      try {
        const scheduled = await client.post("/api/scheduled-posts", {
          items: [{ ...jpegFile, mediaType: "image" }],
          scheduled_time: inAnHour(),
          time_zone: "UTC",
        });
        expect(scheduled.status).toBe(201);
        const { post, checks } = (await scheduled.json()) as {
          post: { id: string };
          checks: Array<{ code: string; message: string }>;
        };
        expect(checks.map((problem) => problem.code)).toEqual(["quota"]);
        expect(checks[0]!.message).toBe(
          "The publishing limit is reached: 100 of 100 posts in the last 24 hours (Instagram's count less than a minute ago). Instagram accepts more once the oldest of them is a day old.",
        );
        expect(
          graph.mock.calls.filter(([url]) => String(url).includes("/content_publishing_limit")),
        ).toEqual([]);
        await client.request(`/api/scheduled-posts/${post.id}`, { method: "DELETE" });
      } finally {
        graph.mockRestore();
      }
    } finally {
      await sandboxControl(testApp, "/faults", undefined, "DELETE");
    }
  });
});

describe("video covers (issue 25)", () => {
  it("a cover is usable only by the user who uploaded it", async () => {
    const other = await createVerifiedUser(testApp);
    const theirs = await uploadAs(other.client, "instagram_media", jpeg);
    const mine = await uploadAs(client, "instagram_media", jpeg);
    const item = await uploadAs(client, "scheduled-content", jpeg);
    const schedule = (cover: { bucket: string; key: string }) =>
      client.post("/api/scheduled-posts", {
        items: [{ ...item, mediaType: "image", cover }],
        caption: "Cover test",
        scheduled_time: inAnHour(),
        time_zone: "Europe/Berlin",
      });
    const refused = await schedule(theirs);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "The cover image is missing; choose the cover again.",
    );
    expect((await schedule(mine)).status).toBe(201);
  });
});

describe("the walk from schedule to published (issue 26 point 5)", () => {
  it("reads the photo from storage once, asks Instagram's publishing limit once and reads the connection twice", async () => {
    // A workspace of its own: its connection has no stored limit answer yet.
    const walker = await createVerifiedUser(testApp);
    await setPersonalPlan(testApp, walker.email, "starter");
    await connectSandboxAccount(testApp, walker.client, {
      username: "lena.makes",
      login: "instagram",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const file = await uploadAs(walker.client, "instagram-media", jpeg);
    const draft = {
      items: [{ ...file, mediaType: "image" }],
      caption: `The walk ${crypto.randomUUID().slice(0, 8)}`,
      hashtags: [],
      collaborators: [],
      scheduled_time: inAnHour(),
      time_zone: "Europe/Berlin",
    };
    testApp.instagramContext.publishRuntime = {
      sleep: async (ms) => {
        await sandboxControl(testApp, "/clock", { advanceMs: ms });
      },
    };
    const get = vi.spyOn(testApp.storage, "get");
    const head = vi.spyOn(testApp.storage, "head");
    const graph = vi.spyOn(testApp.sandbox!, "fetch");
    const statements = watchStatements(testApp);
    /**
     * Each step's reads of the photo from storage (Sightline's, and Instagram's fetch of its
     * signed URL, which the storage route serves whole), asks of the publishing limit, and the
     * statements on the connections.
     */
    const step = () => {
      const reads = head.mock.calls
        .filter(([, key]) => key === file.key)
        .map(([, , length]) => `${length} bytes`);
      const fetched = get.mock.calls.filter(([, key]) => key === file.key).length;
      const asks = graph.mock.calls.filter(([url]) =>
        String(url).includes("/content_publishing_limit"),
      );
      const connection = statements
        .take()
        .filter((text) => /instagram_connections/i.test(text))
        .map((text) =>
          /^\s*update\s+"scheduled_posts"/i.test(text)
            ? "claim"
            : /^\s*select/i.test(text)
              ? "read"
              : "write",
        );
      const counted = { storage: reads, instagramFetch: fetched, limit: asks.length, connection };
      get.mockClear();
      head.mockClear();
      graph.mockClear();
      return counted;
    };
    try {
      step();
      // 1. The composer's check, while the schedule sheet is open.
      expect((await walker.client.post("/api/scheduled-posts/check", draft)).status).toBe(200);
      // Instagram's answer is kept on the connection row for the requests that follow.
      expect(step()).toEqual({
        storage: [],
        instagramFetch: 0,
        limit: 1,
        connection: ["read", "write"],
      });
      // 2. Schedule.
      const response = await walker.client.post("/api/scheduled-posts", draft);
      expect(response.status).toBe(201);
      const { post, checks } = (await response.json()) as {
        post: { id: string };
        checks: unknown[];
      };
      expect(checks).toEqual([]);
      expect(step()).toEqual({ storage: [], instagramFetch: 0, limit: 0, connection: ["read"] });
      // 3. The publish job at the post's time: the claim answers the connections with the post.
      clockOffset = 2 * 3_600_000;
      const outcome = await publishIfClaimable(testApp.instagramContext, post.id);
      const published = await findScheduledPostById(testApp.database.db, post.id);
      expect([outcome, published?.error]).toEqual(["published", null]);
      // The first insight read the publish queued (a job of its own, after the walk) reads the
      // connection too: waited for so the count is the same every run.
      await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
      // Sightline reads one byte of the photo ("still there") before Instagram fetches it whole.
      expect(step()).toEqual({
        storage: ["1 bytes"],
        instagramFetch: 1,
        limit: 0,
        connection: ["claim", "read"],
      });
    } finally {
      clockOffset = 0;
      testApp.instagramContext.publishRuntime = undefined;
      statements.stop();
      get.mockRestore();
      head.mockRestore();
      graph.mockRestore();
    }
  }, 120_000);
});
