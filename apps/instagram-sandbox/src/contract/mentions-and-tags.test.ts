import {
  GraphApiError,
  mentionChangeValueSchema,
  parseWebhookPayload,
} from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { caught } from "./assertions.ts";
import { createRig } from "./test-rig.ts";

const DAY_MS = 24 * 3600_000;

describe("mentions and tags (§4, §6.4)", () => {
  it("sends a `mentions` change with media_id (and comment_id) that the mentioned_* fields read back", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    await account.subscribeWebhooks(["comments", "messages", "mentions"]);

    const inComment = rig.sandbox.simulateMention({
      username: "lena.makes",
      kind: "comment",
      from: "fernwood.pottery",
      text: "@lena.makes look at this glaze",
    });
    const inCaption = rig.sandbox.simulateMention({ username: "lena.makes", kind: "caption" });
    await rig.sandbox.idle();
    const changes = rig.webhooks
      .map((hook) => parseWebhookPayload(hook.body).entry[0]!)
      .filter((entry) => entry.changes?.[0]?.field === "mentions");
    expect(changes).toHaveLength(2);
    expect(changes[0]!.id).toBe(rig.lena.igUserId);
    const first = mentionChangeValueSchema.parse(changes[0]!.changes![0]!.value);
    expect(first).toEqual({ media_id: inComment!.media_id, comment_id: inComment!.comment_id });
    // A caption mention names the media only.
    expect(mentionChangeValueSchema.parse(changes[1]!.changes![0]!.value)).toEqual({
      media_id: inCaption!.media_id,
    });

    const comment = await account.getMentionedComment(first.comment_id!);
    expect(comment).toMatchObject({
      id: first.comment_id,
      text: "@lena.makes look at this glaze",
      username: "fernwood.pottery",
      media: { id: first.media_id, permalink: expect.stringMatching(/^https:\/\/www\.instagram/) },
    });
    const media = await account.getMentionedMedia(inCaption!.media_id);
    expect(media.id).toBe(inCaption!.media_id);
    expect(media.caption).toContain("@lena.makes");
    expect(media.username).toEqual(expect.any(String));

    // An id that does not mention the account is refused, as is a tag read as a mention.
    const unknown = await caught(account.getMentionedMedia("17900000000000001"));
    expect(unknown).toBeInstanceOf(GraphApiError);
    const tag = rig.sandbox.simulateMention({ username: "lena.makes", kind: "tag" });
    expect(await caught(account.getMentionedMedia(tag!.media_id))).toBeInstanceOf(GraphApiError);
  });

  it("lists the media the account is tagged in, newest first, and replies to mentions", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const tags = await account.listTaggedMedia({ limit: 50 });
    expect(tags.data.length).toBeGreaterThan(0);
    const times = tags.data.map((item) => item.timestamp!);
    expect([...times].sort().reverse()).toEqual(times);
    expect(tags.data[0]).toMatchObject({
      id: expect.any(String),
      username: expect.any(String),
      permalink: expect.any(String),
      media_url: expect.any(String),
    });
    // The generated world holds mentions in the week before the anchor.
    const now = rig.now().getTime();
    const recent = tags.data.filter((item) => now - Date.parse(item.timestamp!) < 60 * DAY_MS);
    expect(recent.length).toBe(tags.data.length);

    const mention = rig.sandbox.simulateMention({ username: "lena.makes", kind: "comment" });
    const reply = await account.replyToMention({
      mediaId: mention!.media_id,
      commentId: mention!.comment_id!,
      message: "Thank you! 🤍",
    });
    expect(reply.id).toMatch(/^\d+$/);
    // Commenting on media the account is only tagged in is not supported (§4).
    const refused = await caught(
      account.replyToMention({ mediaId: tags.data[0]!.id, message: "hi" }),
    );
    expect(refused).toBeInstanceOf(GraphApiError);
    const missing = await caught(
      account.replyToMention({ mediaId: mention!.media_id, message: "" }),
    );
    expect(missing).toBeInstanceOf(GraphApiError);
  });

  it("needs the manage-comments permission to read a mention", async () => {
    const rig = createRig();
    const mention = rig.sandbox.simulateMention({ username: "lena.makes", kind: "caption" });
    const basicOnly = rig.igAccount("lena.makes", ["instagram_business_basic"]);
    const error = await caught(basicOnly.getMentionedMedia(mention!.media_id));
    expect(error).toBeInstanceOf(GraphApiError);
  });

  it("brings live mentions with the activity stream", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    await account.subscribeWebhooks(["comments", "messages", "mentions"]);
    expect((await rig.control("/activity", { level: "high" })).status).toBe(200);
    for (let index = 0; index < 40; index++) {
      rig.advance(60_000);
      await rig.control("/tick", {});
    }
    await rig.sandbox.idle();
    const fields = rig.webhooks.map(
      (hook) => parseWebhookPayload(hook.body).entry[0]!.changes?.[0]?.field,
    );
    expect(fields).toContain("mentions");
  });
});
