import { randomUUID } from "node:crypto";
import { findInstagramConnection } from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { connectSandboxAccount, sandboxControl } from "../../testing/instagram.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";
import { accountClientFor } from "../instagram/index.ts";

let testApp: TestApp;
let client: HttpClient;
let other: HttpClient;
let workspaceId: string;
const samples: Record<string, Uint8Array> = {};

beforeAll(async () => {
  // @lena.makes as its first sync left it (the run's snapshot, CI time); the other user connects
  // small @oona.bakes of their own.
  const lena = await createTestAppWithSyncedAccount({
    username: "lena.makes",
    login: "instagram",
  });
  ({ testApp, client } = lena);
  workspaceId = lena.connection.workspace_id;
  ({ client: other } = await createVerifiedUser(testApp));
  await connectSandboxAccount(testApp, other, { username: "oona.bakes", login: "instagram" });
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  testApp.instagramContext.publishRuntime = {
    sleep: async (ms) => {
      await sandboxControl(testApp, "/clock", { advanceMs: ms });
    },
  };
  const get = async (path: string) =>
    new Uint8Array(
      await (
        await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/${path}`)
      ).arrayBuffer(),
    );
  samples.image = await get("image.jpg");
  samples.reel = await get("video.mp4?w=1080&h=1920&duration_ms=15000&bytes=200000");
}, 300_000);
afterAll(async () => {
  await testApp?.close();
});

async function uploadImage(user: HttpClient) {
  const response = await user.request("/api/uploads/instagram-media", {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body: samples.image!,
  });
  return ((await response.json()) as { url: string }).url;
}

async function live(mediaId: string) {
  const connection = await findInstagramConnection(testApp.database.db, workspaceId);
  return accountClientFor(testApp.instagramContext, connection!).getMedia(
    mediaId,
    "id,caption,media_type,media_product_type",
  );
}

describe("the spec's publishing functions", () => {
  it("photo-post publishes a single image and a carousel with tags and collaborators", async () => {
    const url = await uploadImage(client);
    const caption = `Single ${randomUUID().slice(0, 6)}`;
    const single = await client.post("/api/functions/instagram-photo-post", {
      caption,
      image_urls: [url],
      collaborators: "@oona.bakes, ",
      user_tags: [[{ username: "oona.bakes", x: 0.5, y: 0.25 }]],
    });
    expect(single.status).toBe(200);
    const one = (await single.json()) as {
      success: boolean;
      media_id: string;
      child_ids: string[];
    };
    expect(one).toMatchObject({ success: true, child_ids: [] });
    expect(await live(one.media_id)).toMatchObject({ caption, media_type: "IMAGE" });

    const carousel = await client.post("/api/functions/instagram-photo-post", {
      caption: "Two",
      image_urls: [url, await uploadImage(client)],
    });
    const two = (await carousel.json()) as { media_id: string; child_ids: string[] };
    expect(two.child_ids).toHaveLength(2);
    expect(await live(two.media_id)).toMatchObject({ media_type: "CAROUSEL_ALBUM" });
  }, 60_000);

  it("video-init, 6MB-chunk upload, status and publish-post make a reel", async () => {
    const init = await client.post("/api/functions/instagram-video-init", {
      media_product: "REELS",
    });
    expect(init.status).toBe(200);
    const { container_id } = (await init.json()) as { container_id: string };
    const bytes = samples.reel!;
    const half = Math.ceil(bytes.length / 2);
    for (const offset of [0, half]) {
      const response = await client.request(
        `/api/functions/instagram-video-upload?container_id=${container_id}&offset=${offset}&file_size=${bytes.length}`,
        {
          method: "POST",
          headers: { "content-type": "application/octet-stream" },
          body: bytes.subarray(offset, Math.min(bytes.length, offset + half)),
        },
      );
      expect(response.status).toBe(200);
    }
    let status = "IN_PROGRESS";
    for (let poll = 0; poll < 30 && status === "IN_PROGRESS"; poll++) {
      const response = await client.post("/api/functions/instagram-video-status", { container_id });
      status = ((await response.json()) as { status: string }).status;
      if (status === "IN_PROGRESS") await sandboxControl(testApp, "/clock", { advanceMs: 2_000 });
    }
    expect(status).toBe("FINISHED");
    const published = await client.post("/api/functions/instagram-publish-post", {
      media_type: "REEL",
      creation_id: container_id,
    });
    expect(published.status).toBe(200);
    const { media_id } = (await published.json()) as { media_id: string };
    expect(await live(media_id)).toMatchObject({ media_product_type: "REELS" });
    // The same container again is refused, not published twice.
    const again = await client.post("/api/functions/instagram-publish-post", {
      media_type: "REEL",
      creation_id: container_id,
    });
    expect(((await again.json()) as { media_id: string | null }).media_id ?? null).toBeNull();
  }, 60_000);

  it("answers bad input clearly and never touches another user's files or containers", async () => {
    const bad = await client.post("/api/functions/instagram-video-init", {
      media_product: "STORY",
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(await bad.text()).toContain("media_product must be REELS or VIDEO");
    const none = await client.post("/api/functions/instagram-photo-post", { image_urls: [] });
    expect(await none.text()).toContain("No media to publish");
    const tooBig = await client.request(
      "/api/functions/instagram-video-upload?container_id=1&offset=0&file_size=100",
      {
        method: "POST",
        headers: { "content-type": "application/octet-stream" },
        body: new Uint8Array(6 * 1024 * 1024 + 1),
      },
    );
    expect(tooBig.status).toBe(413);
    // Someone else's stored image, an outside URL, and a forged signature are all refused.
    const theirs = await uploadImage(other);
    for (const url of [
      theirs,
      "http://169.254.169.254/latest/meta-data",
      `${TEST_PUBLIC_URL}/storage/instagram-media/${workspaceId}/x.jpg?expires=9999999999&signature=forged`,
    ]) {
      const response = await client.post("/api/functions/instagram-photo-post", {
        image_urls: [url],
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("is not an image you uploaded to Sightline");
    }
    // Another account's container: Instagram (the sandbox) refuses it for this token.
    const init = await other.post("/api/functions/instagram-video-init", {
      media_product: "REELS",
    });
    const { container_id } = (await init.json()) as { container_id: string };
    const peek = await client.post("/api/functions/instagram-video-status", { container_id });
    expect(peek.status).toBe(502);
    const steal = await client.post("/api/functions/instagram-publish-post", {
      media_type: "REEL",
      creation_id: container_id,
    });
    expect(steal.status).toBe(502);
    expect(await steal.text()).toMatch(/^.*Video publish failed/);
  }, 60_000);
});
