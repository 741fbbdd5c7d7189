import {
  commentChangeValueSchema,
  GraphApiError,
  mentionChangeValueSchema,
  parseWebhookPayload,
} from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { caught } from "./assertions.ts";
import { createRig } from "./test-rig.ts";

const DAY_MS = 24 * 3600_000;

describe("mentions and tags (§4, §6.4)", () => {
  it("with Facebook Login, sends a `mentions` change with media_id (and comment_id) that the mentioned_* fields read back", async () => {
    const rig = createRig();
    const account = rig.fbAccount();
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

  it("with Instagram Login, brings a comment mention inside a `comments` change, no caption mention, and no mentioned_* fields", async () => {
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
    const entries = rig.webhooks.map((hook) => parseWebhookPayload(hook.body).entry[0]!);
    // §4: "[IG] @mentions arrive inside `comments` webhooks, not a separate `mentions` field".
    expect(entries.filter((entry) => entry.changes?.[0]?.field === "mentions")).toEqual([]);
    const comments = entries.filter((entry) => entry.changes?.[0]?.field === "comments");
    expect(comments).toHaveLength(1);
    expect(comments[0]!.id).toBe(rig.lena.igUserId);
    const value = commentChangeValueSchema.parse(comments[0]!.changes![0]!.value);
    expect(value).toEqual({
      id: inComment!.comment_id,
      text: "@lena.makes look at this glaze",
      from: { id: expect.stringMatching(/^\d+$/), username: "fernwood.pottery" },
      media: { id: inComment!.media_id, media_product_type: expect.any(String) },
    });
    // The media is another account's, not one of lena's.
    const own = await account.listMedia({ limit: 100 });
    expect(own.data.map((item) => item.id)).not.toContain(inComment!.media_id);

    // mentioned_media / mentioned_comment are Facebook Login's: unknown fields here.
    for (const read of [
      account.getMentionedComment(inComment!.comment_id!),
      account.getMentionedMedia(inCaption!.media_id),
    ]) {
      const error = await caught(read);
      expect(error).toBeInstanceOf(GraphApiError);
      expect((error as GraphApiError).code).toBe(100);
      expect((error as GraphApiError).graphMessage).toMatch(/nonexisting field \(mentioned_/);
    }
    // Replying and /tags work with both logins.
    const reply = await account.replyToMention({
      mediaId: inComment!.media_id,
      commentId: inComment!.comment_id!,
      message: "Thank you!",
    });
    expect(reply.id).toMatch(/^\d+$/);
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
    const basicOnly = rig.fbAccount("lena.makes", [
      "instagram_basic",
      "pages_show_list",
      "pages_read_engagement",
    ]);
    const error = await caught(basicOnly.getMentionedMedia(mention!.media_id));
    expect(error).toBeInstanceOf(GraphApiError);
  });

  it("brings live mentions with the activity stream", async () => {
    const rig = createRig();
    const account = rig.fbAccount();
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
