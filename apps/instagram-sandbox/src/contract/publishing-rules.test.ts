import { describe, expect, it } from "vitest";
import { caught } from "./assertions.ts";
import { createRig, ORIGIN, type Rig } from "./test-rig.ts";

/** A finished image container of `username`'s, ready to publish. */
async function readyImage(rig: Rig, username: string, caption?: string) {
  const account = rig.igAccount(username);
  const container = await account.createContainer({
    kind: "image",
    imageUrl: rig.sampleJpeg(1080, 1080),
    ...(caption !== undefined ? { caption } : {}),
  });
  rig.advance(3_000);
  return { account, container };
}

describe("publishing rules the pipeline relies on (§2, §12)", () => {
  it("publishes a container once: a second media_publish is refused and makes no post", async () => {
    const rig = createRig();
    const { account, container } = await readyImage(rig, "oona.bakes");
    const first = await account.publish(container.id);
    const before = (await account.listMedia({ limit: 5 })).data.map((media) => media.id);
    const again = await caught(account.publish(container.id));
    expect(again).toMatchObject({
      code: 100,
      graphMessage: expect.stringContaining("already been published"),
    });
    const after = (await account.listMedia({ limit: 5 })).data.map((media) => media.id);
    expect(after).toEqual(before);
    expect(after[0]).toBe(first.id);
  });

  it("refuses another account's container, for publishing and as a carousel child", async () => {
    const rig = createRig();
    const { container } = await readyImage(rig, "oona.bakes");
    const other = rig.igAccount("lena.makes");
    expect(await caught(other.publish(container.id))).toMatchObject({
      code: 24,
      subcode: 2207006,
    });
    expect(await caught(other.getContainerStatus(container.id))).toBeDefined();

    const oona = rig.igAccount("oona.bakes");
    const child = await oona.createContainer({
      kind: "carousel-image",
      imageUrl: rig.sampleJpeg(1080, 1080),
    });
    const own = await other.createContainer({
      kind: "carousel-image",
      imageUrl: rig.sampleJpeg(1080, 1080),
    });
    rig.advance(3_000);
    const mixed = await caught(
      other.createContainer({ kind: "carousel", children: [own.id, child.id], caption: "mixed" }),
    );
    expect(mixed).toMatchObject({ code: 100 });
  });

  it("caps containers at 400 per account per rolling 24 hours", async () => {
    const rig = createRig();
    const account = rig.igAccount("oona.bakes");
    // The smallest width Instagram takes: the cap counts containers, whatever their picture, and
    // each container has its picture fetched and decoded (1080 px: 7.7 s for the 401, 320 px: 1.2 s).
    const imageUrl = rig.sampleJpeg(320, 320);
    for (let index = 0; index < 400; index++) {
      await account.createContainer({ kind: "image", imageUrl });
    }
    expect(await caught(account.createContainer({ kind: "image", imageUrl }))).toMatchObject({
      code: 9,
    });
    // Another account has its own budget; a day later the window has moved on.
    await rig.igAccount("lena.makes").createContainer({ kind: "image", imageUrl });
    rig.advance(24 * 3600_000 + 1_000);
    await account.createContainer({ kind: "image", imageUrl });
  }, 60_000);

  it("takes a caption of exactly 2,200 characters, 30 hashtags and 20 mentions, and no more", async () => {
    const rig = createRig();
    const account = rig.igAccount("oona.bakes");
    const imageUrl = rig.sampleJpeg(1080, 1080);
    const create = (caption: string) =>
      account.createContainer({ kind: "image", imageUrl, caption });
    // Code points: 2,200 emoji are 4,400 UTF-16 units and still within the limit.
    await create("🙂".repeat(2200));
    expect(await caught(create("🙂".repeat(2201)))).toMatchObject({
      code: 36004,
      subcode: 2207010,
    });
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `#tag${i}`).join(" ");
    await create(tags(30));
    // Meta's row for a caption over its limits: 36004 / 2207010 (issue 25).
    expect(await caught(create(tags(31)))).toMatchObject({
      code: 36004,
      subcode: 2207010,
      userMessage: "The caption contains more than 30 hashtags.",
    });
    const mentions = (n: number) => Array.from({ length: n }, (_, i) => `@user${i}`).join(" ");
    await create(mentions(20));
    expect(await caught(create(mentions(21)))).toMatchObject({ code: 100, subcode: 2207040 });
  });

  it("accepts and ignores a story caption (§12.9)", async () => {
    const rig = createRig();
    const token = rig.sandbox.issueToken({ username: "oona.bakes", login: "instagram" });
    const response = await rig.fetch(
      `${ORIGIN}/sandbox/graph.instagram.com/v23.0/${rig.oona.igUserId}/media`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: new URLSearchParams({
          media_type: "STORIES",
          image_url: rig.sampleJpeg(1080, 1920),
          caption: "This text never shows on a story",
        }),
      },
    );
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    rig.advance(3_000);
    const story = await rig.igAccount("oona.bakes").publish(id);
    const media = await rig
      .igAccount("oona.bakes")
      .getMedia(story.id, "id,caption,media_product_type");
    expect(media.media_product_type).toBe("STORY");
    expect(media.caption).toBeUndefined();
  });
});

describe("publishing and insight errors seen from Meta (§12.6)", () => {
  it("answers 9004 / 2207052 when an image or video URL serves something that is not media", async () => {
    const rig = createRig({
      external: () =>
        new Response("<!doctype html><title>Sign in</title>".repeat(20), {
          headers: { "content-type": "text/html; charset=utf-8" },
        }),
    });
    const account = rig.igAccount("oona.bakes");
    const image = await caught(
      account.createContainer({ kind: "image", imageUrl: "https://files.example.com/photo.jpg" }),
    );
    expect(image).toMatchObject({
      code: 9004,
      subcode: 2207052,
      graphMessage: "Only photo or video can be accepted as media type.",
    });
    // An image in a format Instagram refuses is a different error (36001), not "not media".
    const png = createRig({
      external: () =>
        new Response(
          new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0]),
          {
            headers: { "content-type": "image/png" },
          },
        ),
    });
    expect(
      await caught(
        png
          .igAccount("oona.bakes")
          .createContainer({ kind: "image", imageUrl: "https://files.example.com/photo.png" }),
      ),
    ).toMatchObject({ code: 36001 });

    const reel = await account.createContainer({
      kind: "reel",
      videoUrl: "https://files.example.com/clip.mp4",
    });
    rig.advance(15_000);
    const status = await account.getContainerStatus(reel.id);
    expect(status.statusCode).toBe("ERROR");
    expect(status.status).toContain("2207052");
  });

  it("refuses insights for posts made before the account became professional (100 / 2108006)", async () => {
    const rig = createRig();
    const account = rig.igAccount("oona.bakes");
    const oldest = [];
    let cursor: string | undefined;
    do {
      const page = await account.listMedia({ limit: 50, ...(cursor ? { after: cursor } : {}) });
      oldest.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    const first = oldest.at(-1)!;
    const newest = oldest[0]!;
    expect(await caught(account.getMediaInsights(first.id, ["reach"]))).toMatchObject({
      code: 100,
      subcode: 2108006,
      type: "IGApiException",
    });
    await account.getMediaInsights(newest.id, ["reach"]);
  });
});
