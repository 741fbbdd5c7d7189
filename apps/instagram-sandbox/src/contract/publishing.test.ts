import { isContainerNotReady, isPublishQuotaReached } from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { buildSampleMp4 } from "../media/mp4.ts";
import { caught } from "./assertions.ts";
import { createRig, ORIGIN } from "./test-rig.ts";

describe("content publishing (§2)", () => {
  it("publishes an image: IN_PROGRESS → FINISHED → media_publish → PUBLISHED", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const container = await account.createContainer({
      kind: "image",
      imageUrl: rig.sampleJpeg(1080, 1350),
      caption: "Fresh glaze test #ceramics @northfield.coffee",
      altText: "A green mug",
      userTags: [{ username: "northfield.coffee", x: 0.5, y: 0.6 }],
      collaborators: ["kiln.and.kettle"],
    });
    expect(container.uploadUri).toBeUndefined();
    expect((await account.getContainerStatus(container.id)).statusCode).toBe("IN_PROGRESS");

    const early = await caught(account.publish(container.id));
    expect(isContainerNotReady(early)).toBe(true);
    expect(early).toMatchObject({ code: 9007, subcode: 2207027 });

    rig.advance(2_500);
    expect((await account.getContainerStatus(container.id)).statusCode).toBe("FINISHED");
    const published = await account.publish(container.id);
    expect(published.id).not.toBe(container.id);
    expect((await account.getContainerStatus(container.id)).statusCode).toBe("PUBLISHED");

    const media = await account.getMedia(published.id);
    expect(media).toMatchObject({
      media_type: "IMAGE",
      media_product_type: "FEED",
      caption: "Fresh glaze test #ceramics @northfield.coffee",
      like_count: 0,
    });
    expect(media.permalink).toMatch(/^https:\/\/www\.instagram\.com\/p\/[\w-]{11}\/$/);
    const latest = await account.listMedia({ limit: 1 });
    expect(latest.data[0]?.id).toBe(published.id);

    // Published posts come alive: insights grow with the clock.
    rig.advance(6 * 3600_000);
    const [reach] = await account.getMediaInsights(published.id, ["reach"]);
    expect(reach?.values?.[0]?.value).toBeGreaterThan(0);
    rig.advance(48 * 3600_000);
    const [later] = await account.getMediaInsights(published.id, ["reach"]);
    expect(later?.values?.[0]?.value as number).toBeGreaterThan(
      reach?.values?.[0]?.value as number,
    );
  });

  it("waits for a container with the injected sleep", async () => {
    const rig = createRig({ client: { sleep: async (ms) => rig.advance(ms) } });
    const account = rig.igAccount();
    const { id } = await account.createContainer({
      kind: "reel",
      videoUrl: rig.sampleMp4(1080, 1920, 15_000),
    });
    const state = await account.waitForContainer(id, { intervalMs: 3_000 });
    expect(state.statusCode).toBe("FINISHED");
  });

  it("publishes a carousel of an image and a video child, as one post", async () => {
    const rig = createRig();
    const account = rig.fbAccount("northfield.coffee");
    const image = await account.createContainer({
      kind: "carousel-image",
      imageUrl: rig.sampleJpeg(1080, 1080),
    });
    const video = await account.createContainer({
      kind: "carousel-video",
      videoUrl: rig.sampleMp4(1080, 1080, 8_000),
    });
    const parent = await account.createContainer({
      kind: "carousel",
      children: [image.id, video.id],
      caption: "Roast day →",
      collaborators: ["morningpour"],
    });
    expect((await account.getContainerStatus(parent.id)).statusCode).toBe("IN_PROGRESS");
    rig.advance(11_000);
    expect((await account.getContainerStatus(parent.id)).statusCode).toBe("FINISHED");
    const limitBefore = await account.getPublishingLimit();
    const { id } = await account.publish(parent.id);
    const media = await account.getMedia(id);
    expect(media.media_type).toBe("CAROUSEL_ALBUM");
    expect(media.children?.data.map((child) => child.media_type)).toEqual(["IMAGE", "VIDEO"]);
    const limitAfter = await account.getPublishingLimit();
    expect(limitAfter.quotaUsage).toBe(limitBefore.quotaUsage + 1);
    expect(limitAfter).toMatchObject({ quotaTotal: 100, quotaDurationSeconds: 86400 });
  });

  it("rejects carousels outside 2–10 items and captions on children", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const one = await account.createContainer({
      kind: "carousel-image",
      imageUrl: rig.sampleJpeg(1080, 1080),
    });
    expect(
      await caught(account.createContainer({ kind: "carousel", children: [one.id] })),
    ).toMatchObject({ code: 100, subcode: 2207028 });
    const many = Array.from({ length: 11 }, () => one.id);
    expect(
      await caught(account.createContainer({ kind: "carousel", children: many })),
    ).toMatchObject({ code: 100, subcode: 2207028 });
  });

  it("publishes a reel from video_url with a cover, thumb offset, share_to_feed and trial params", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const { id } = await account.createContainer({
      kind: "reel",
      videoUrl: rig.sampleMp4(1080, 1920, 20_000),
      caption: "Trimming ASMR",
      coverUrl: rig.sampleJpeg(1080, 1920),
      thumbOffsetMs: 5_000,
      shareToFeed: false,
      audioName: "Studio hum",
      trialGraduationStrategy: "MANUAL",
    });
    rig.advance(10_500);
    const published = await account.publish(id);
    const media = await account.getMedia(published.id);
    expect(media).toMatchObject({
      media_type: "VIDEO",
      media_product_type: "REELS",
      is_shared_to_feed: false,
    });
    // Served from the CDN, never the cover URL the publisher gave (§12.7).
    expect(media.thumbnail_url).toContain("/sandbox/scontent.cdninstagram.com/v/");
    expect(media.thumbnail_url).not.toContain("/cdn/samples/");
    expect(media.permalink).toContain("/reel/");
  });

  it("marks unsupported videos ERROR (2207026) and refuses to publish them", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const garbage = await account.createContainer({
      kind: "reel",
      videoUrl: `${ORIGIN}/sandbox/cdn/samples/garbage.bin`,
    });
    const tooShort = await account.createContainer({
      kind: "reel",
      videoUrl: rig.sampleMp4(1080, 1920, 1_500),
    });
    const badThumb = await account.createContainer({
      kind: "reel",
      videoUrl: rig.sampleMp4(1080, 1920, 4_000),
      thumbOffsetMs: 9_000,
    });
    rig.advance(10_500);
    for (const id of [garbage.id, tooShort.id]) {
      const state = await account.getContainerStatus(id);
      expect(state).toMatchObject({ statusCode: "ERROR", errorSubcode: 2207026 });
      expect(await caught(account.publish(id))).toMatchObject({ code: 352, subcode: 2207026 });
    }
    expect(await account.getContainerStatus(badThumb.id)).toMatchObject({
      statusCode: "ERROR",
      errorSubcode: 2207057,
    });
  });

  it("enforces the image rules: JPEG only, ≤ 8 MB, 4:5–1.91:1", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const png = `${ORIGIN}/sandbox/cdn/samples/image.png?w=1080&h=1080`;
    expect(await caught(account.createContainer({ kind: "image", imageUrl: png }))).toMatchObject({
      code: 36001,
      subcode: 2207005,
    });
    expect(
      await caught(
        account.createContainer({ kind: "image", imageUrl: rig.sampleJpeg(1080, 1920) }),
      ),
    ).toMatchObject({ code: 36003, subcode: 2207009 });
    expect(
      await caught(
        account.createContainer({ kind: "image", imageUrl: rig.sampleJpeg(2000, 1000) }),
      ),
    ).toMatchObject({ code: 36003, subcode: 2207009 });
    expect(
      await caught(
        account.createContainer({
          kind: "image",
          imageUrl: rig.sampleJpeg(1080, 1080, "&pad=8400000"),
        }),
      ),
    ).toMatchObject({ code: 36000, subcode: 2207004 });
    expect(
      await caught(
        account.createContainer({ kind: "image", imageUrl: "https://unreachable.example/x.jpg" }),
      ),
    ).toMatchObject({ code: 9004, subcode: 2207052 });
    // Stories take any aspect ratio.
    await expect(
      account.createContainer({ kind: "story-image", imageUrl: rig.sampleJpeg(1080, 1920) }),
    ).resolves.toBeDefined();
    // 1.91:1 and 4:5 exactly are fine.
    await expect(
      account.createContainer({ kind: "image", imageUrl: rig.sampleJpeg(1910, 1000) }),
    ).resolves.toBeDefined();
    await expect(
      account.createContainer({ kind: "image", imageUrl: rig.sampleJpeg(800, 1000) }),
    ).resolves.toBeDefined();
  });

  it("enforces caption, hashtag, mention, user tag and collaborator limits", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const imageUrl = rig.sampleJpeg(1080, 1080);
    expect(
      await caught(account.createContainer({ kind: "image", imageUrl, caption: "x".repeat(2201) })),
    ).toMatchObject({ code: 36004, subcode: 2207010 });
    const tags = Array.from({ length: 31 }, (_, index) => `#tag${index}`).join(" ");
    expect(
      await caught(account.createContainer({ kind: "image", imageUrl, caption: tags })),
    ).toMatchObject({ code: 36004, subcode: 2207010 });
    await expect(
      account.createContainer({
        kind: "image",
        imageUrl,
        caption: tags.split(" ").slice(0, 30).join(" "),
      }),
    ).resolves.toBeDefined();
    const mentions = Array.from({ length: 21 }, (_, index) => `@user${index}`).join(" ");
    expect(
      await caught(account.createContainer({ kind: "image", imageUrl, caption: mentions })),
    ).toMatchObject({ code: 100, subcode: 2207040 });
    const userTags = Array.from({ length: 21 }, (_, index) => ({
      username: `user${index}`,
      x: 0.1,
      y: 0.1,
    }));
    expect(
      await caught(account.createContainer({ kind: "image", imageUrl, userTags })),
    ).toMatchObject({ code: 100, subcode: 2207040 });
    expect(
      await caught(
        account.createContainer({ kind: "image", imageUrl, collaborators: ["a", "b", "c", "d"] }),
      ),
    ).toMatchObject({ code: 100 });
    expect(
      await caught(
        account.createContainer({
          kind: "image",
          imageUrl,
          userTags: [{ username: "a", x: 1.5, y: 0 }],
        }),
      ),
    ).toMatchObject({ code: 100 });
  });

  it("expires containers after 24 h and can force ERROR/EXPIRED through the control endpoint", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const a = await account.createContainer({
      kind: "image",
      imageUrl: rig.sampleJpeg(1080, 1080),
    });
    const b = await account.createContainer({
      kind: "image",
      imageUrl: rig.sampleJpeg(1080, 1080),
    });
    expect(
      (await rig.control(`/containers/${b.id}`, { status: "ERROR", subcode: 2207053 })).status,
    ).toBe(200);
    expect(await account.getContainerStatus(b.id)).toMatchObject({
      statusCode: "ERROR",
      errorSubcode: 2207053,
    });
    rig.advance(24 * 3600_000 + 1);
    expect((await account.getContainerStatus(a.id)).statusCode).toBe("EXPIRED");
    expect(await caught(account.publish(a.id))).toMatchObject({ code: -2, subcode: 2207020 });
  });

  it("stops at the publishing quota (9/2207042) and reads it from content_publishing_limit", async () => {
    const rig = createRig({ sandbox: { quotaTotal: 2 } });
    const account = rig.igAccount("oona.bakes");
    const ids: string[] = [];
    for (let index = 0; index < 3; index++)
      ids.push(
        (await account.createContainer({ kind: "image", imageUrl: rig.sampleJpeg(1080, 1080) })).id,
      );
    rig.advance(3_000);
    await account.publish(ids[0]!);
    await account.publish(ids[1]!);
    const error = await caught(account.publish(ids[2]!));
    expect(isPublishQuotaReached(error)).toBe(true);
    // Meta's error table, word for word (§8.3).
    expect(error.graphMessage).toBe(
      "You reached maximum number of posts that is allowed to be published by Content Publishing API.",
    );
    expect(await account.getPublishingLimit()).toMatchObject({ quotaUsage: 2, quotaTotal: 2 });
    rig.advance(24 * 3600_000 - 10_000);
    // The window is rolling: the first two posts age out 24 h after publishing.
    const fresh = await account.createContainer({
      kind: "image",
      imageUrl: rig.sampleJpeg(1080, 1080),
    });
    rig.advance(20_000);
    await expect(account.publish(fresh.id)).resolves.toMatchObject({ id: expect.any(String) });
  });

  it("uploads a reel in chunks and resumes after an interrupted chunk", async () => {
    const rig = createRig();
    const account = rig.fbAccount("lena.makes");
    const created = await account.createContainer({
      kind: "reel",
      resumable: true,
      caption: "Chunked upload",
    });
    expect(created.uploadUri).toBe(
      `${ORIGIN}/sandbox/rupload.facebook.com/ig-api-upload/v23.0/${created.id}`,
    );
    const bytes = buildSampleMp4({
      width: 1080,
      height: 1920,
      durationMs: 30_000,
      mdatBytes: 200_000,
      moovLast: true,
    });
    // The first chunk arrives only halfway before the connection fails.
    await rig.control("/faults", {
      host: "rupload.facebook.com",
      path: `/ig-api-upload/${created.id}`,
      times: 1,
      partial: true,
      status: 500,
    });
    const progress: number[] = [];
    const first = await account.uploadVideo({
      containerId: created.id,
      data: bytes,
      chunkSize: 64 * 1024,
      onProgress: (committed) => progress.push(committed),
    });
    expect(first.bytes).toBe(bytes.length);
    expect(progress.at(-1)).toBe(bytes.length);
    // Half of the first chunk was kept, so the client resumed from 32 KiB instead of restarting.
    expect(progress).toContain(32 * 1024);
    // One back-off for the interrupted chunk; the offset mismatch afterwards is resumed, not retried.
    expect(rig.sleeps).toEqual([375]);
    expect((await account.getContainerStatus(created.id)).statusCode).toBe("IN_PROGRESS");
    expect(await account.getUploadProgress(created.id)).toEqual({
      bytesTransferred: bytes.length,
      uploadingStatus: "complete",
      processingStatus: "in_progress",
    });
    rig.advance(10_500);
    expect((await account.getContainerStatus(created.id)).statusCode).toBe("FINISHED");
    const { id } = await account.publish(created.id);
    expect((await account.getMedia(id)).media_product_type).toBe("REELS");
  });

  it("refuses a wrong offset, tells the bytes received through the container's video_status, and accepts file_url uploads", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const created = await account.createContainer({ kind: "story-video", resumable: true });
    const token = rig.sandbox.issueToken({ username: "lena.makes", login: "instagram" });
    const url = `${ORIGIN}/sandbox/rupload.facebook.com/ig-api-upload/v23.0/${created.id}`;
    const bytes = buildSampleMp4({
      width: 1080,
      height: 1920,
      durationMs: 10_000,
      mdatBytes: 1000,
    });
    const first = await rig.fetch(url, {
      method: "POST",
      headers: { authorization: `OAuth ${token}`, offset: "0", file_size: String(bytes.length) },
      body: bytes.subarray(0, 100),
    });
    // Meta's documented reply, and nothing more: no offset of the sandbox's own.
    expect(await first.json()).toEqual({ success: true, message: "Upload successful." });
    const wrong = await rig.fetch(url, {
      method: "POST",
      headers: { authorization: `OAuth ${token}`, offset: "500", file_size: String(bytes.length) },
      body: bytes.subarray(500),
    });
    expect(wrong.status).toBe(400);
    const refusal = (await wrong.json()) as Record<string, unknown>;
    expect(refusal).toMatchObject({
      debug_info: { type: "OffsetMismatchError", retriable: false },
    });
    expect(refusal).not.toHaveProperty("offset");
    // Where to go on from is the container's uploading phase.
    expect(await account.getUploadProgress(created.id)).toEqual({
      bytesTransferred: 100,
      uploadingStatus: "in_progress",
      processingStatus: "not_started",
    });
    const unauthorized = await rig.fetch(url, {
      method: "POST",
      headers: { authorization: "OAuth nope", offset: "100", file_size: String(bytes.length) },
      body: bytes.subarray(100),
    });
    expect(
      ((await unauthorized.json()) as { debug_info: { message: string } }).debug_info.message,
    ).toContain("unauthorized user request");

    const byUrl = await account.createContainer({ kind: "reel", resumable: true });
    await account.uploadVideoFromUrl(byUrl.id, rig.sampleMp4(720, 1280, 12_000));
    rig.advance(10_500);
    expect((await account.getContainerStatus(byUrl.id)).statusCode).toBe("FINISHED");
  });

  it("requires the publish permission", async () => {
    const rig = createRig();
    const account = rig.igAccount("lena.makes", ["instagram_business_basic"]);
    const error = await caught(
      account.createContainer({ kind: "image", imageUrl: rig.sampleJpeg(1080, 1080) }),
    );
    expect(error.code).toBe(10);
  });
});
