import { commentChangeValueSchema, parseWebhookPayload } from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { caught, signedWith } from "./assertions.ts";
import { APP_SECRET, createRig, INSTAGRAM_APP_SECRET, type Rig } from "./test-rig.ts";

async function busiestPost(account: ReturnType<Rig["igAccount"]>) {
  const page = await account.listMedia({ limit: 40 });
  return page.data.reduce((best, item) =>
    (item.comments_count ?? 0) > (best.comments_count ?? 0) ? item : best,
  );
}

describe("comments (§4)", () => {
  it("lists top-level comments newest first with replies, ≤ 50 per page", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const post = await busiestPost(account);
    const page = await account.listComments(post.id, { limit: 100 });
    expect(page.data.length).toBeLessThanOrEqual(50);
    expect(page.data.length).toBeGreaterThan(3);
    const times = page.data.map((comment) => comment.timestamp!);
    expect([...times].sort().reverse()).toEqual(times);
    const withReply = page.data.find((comment) => (comment.replies?.data.length ?? 0) > 0);
    expect(withReply?.replies?.data[0]).toMatchObject({ parent_id: withReply?.id });
    expect(page.data[0]).toMatchObject({
      from: { id: expect.any(String), username: expect.any(String) },
      hidden: expect.any(Boolean),
    });
    const replies = await account.listReplies(withReply!.id);
    expect(replies.data.map((reply) => reply.id)).toEqual(
      withReply!.replies!.data.map((reply) => reply.id),
    );
    const single = await account.getComment(withReply!.id);
    expect(single.text).toBe(withReply!.text);
  });

  it("replies, hides, deletes, comments and toggles comments — with comment webhooks for its own writes", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    await account.subscribeWebhooks(["comments", "messages"]);
    expect(await account.listWebhookSubscriptions()).toEqual(["comments", "messages"]);
    const post = await busiestPost(account);
    const [first] = (await account.listComments(post.id, { limit: 1 })).data;

    const reply = await account.replyToComment(first!.id, "Thank you! 🤍");
    await rig.sandbox.idle();
    const payload = parseWebhookPayload(rig.webhooks.at(-1)!.body);
    const value = commentChangeValueSchema.parse(payload.entry[0]!.changes![0]!.value);
    expect(value).toMatchObject({
      id: reply.id,
      parent_id: first!.id,
      text: "Thank you! 🤍",
      from: { id: rig.lena.igUserId, self_ig_scoped_id: rig.lena.igUserId },
    });
    // Instagram-Login subscriptions are signed with the Instagram app secret only (§12.1).
    expect(signedWith(rig.webhooks.at(-1)!, INSTAGRAM_APP_SECRET)).toBe(true);
    expect(signedWith(rig.webhooks.at(-1)!, APP_SECRET)).toBe(false);

    expect(await account.hideComment(first!.id, true)).toEqual({ success: true });
    expect((await account.getComment(first!.id)).hidden).toBe(true);
    await account.hideComment(first!.id, false);
    expect((await account.getComment(first!.id)).hidden).toBe(false);

    const created = await account.createComment(post.id, "New batch this Sunday!");
    const before = (await account.getMedia(post.id)).comments_count!;
    expect(await account.deleteComment(created.id)).toEqual({ success: true });
    expect((await account.getMedia(post.id)).comments_count).toBe(before - 1);
    expect(await caught(account.getComment(created.id))).toMatchObject({ code: 100, subcode: 33 });

    await account.setCommentsEnabled(post.id, false);
    expect((await account.getMedia(post.id)).is_comment_enabled).toBe(false);
    expect(await caught(account.createComment(post.id, "hi"))).toMatchObject({ code: 100 });
    expect(await caught(account.replyToComment(reply.id, "nested?"))).toMatchObject({ code: 100 });
  });

  it("requires the manage-comments permission to write, and to read (§12.3)", async () => {
    const rig = createRig();
    const full = rig.igAccount("lena.makes");
    const post = await busiestPost(full);
    const [first] = (await full.listComments(post.id, { limit: 1 })).data;
    const basic = rig.igAccount("lena.makes", ["instagram_business_basic"]);
    expect(await caught(basic.replyToComment(first!.id, "hi"))).toMatchObject({ code: 200 });
    // Reads: the edge, one comment, its replies, and comments{…} nested in fields.
    const permission = { code: 200, graphMessage: expect.stringContaining("permission") };
    expect(await caught(basic.listComments(post.id))).toMatchObject(permission);
    expect(await caught(basic.getComment(first!.id))).toMatchObject(permission);
    expect(await caught(basic.listReplies(first!.id))).toMatchObject(permission);
    expect(await caught(basic.getMedia(post.id, "id,comments{id,text}"))).toMatchObject(permission);
    // Counts are not comments: comments_count stays readable with basic.
    expect((await basic.getMedia(post.id, "id,comments_count")).comments_count).toBeGreaterThan(0);
    const facebookBasic = rig.fbAccount("northfield.coffee", [
      "instagram_basic",
      "pages_show_list",
    ]);
    const fbPost = await busiestPost(rig.fbAccount("northfield.coffee"));
    expect(await caught(facebookBasic.listComments(fbPost.id))).toMatchObject(permission);
  });

  it("keeps one account's comments invisible to another", async () => {
    const rig = createRig();
    const post = await busiestPost(rig.igAccount());
    const other = rig.igAccount("northfield.coffee");
    expect(await caught(other.listComments(post.id))).toMatchObject({ code: 100, subcode: 33 });
  });
});
