import {
  isOutsideMessagingWindow,
  isPermissionError,
  messagingEventSchema,
  parseWebhookPayload,
} from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { caught, signedWith } from "./assertions.ts";
import { APP_SECRET, createRig, INSTAGRAM_APP_SECRET, type Rig } from "./test-rig.ts";

/** The person in lena.makes's most recently active conversation. */
async function newestCorrespondent(rig: Rig, account: ReturnType<Rig["igAccount"]>) {
  const conversation = (await account.listConversations({ limit: 1 })).data[0]!;
  return (await account.listMessages(conversation.id)).participants.find(
    (participant) => participant.id !== rig.lena.igUserId,
  )!;
}

describe("messaging (§5)", () => {
  for (const login of ["instagram", "facebook"] as const) {
    it(`lists conversations and messages [${login}]`, async () => {
      const rig = createRig();
      const account = login === "instagram" ? rig.igAccount() : rig.fbAccount();
      const page = await account.listConversations({ limit: 10 });
      expect(page.data).toHaveLength(10);
      expect(page.data[0]!.id.startsWith("aWdf")).toBe(true);
      const updated = page.data.map((conversation) => conversation.updated_time!);
      expect([...updated].sort().reverse()).toEqual(updated);
      const thread = await account.listMessages(page.data[0]!.id);
      expect(thread.participants.map((participant) => participant.id)).toContain(rig.lena.igUserId);
      expect(thread.messages.length).toBeGreaterThan(0);
      expect(thread.messages[0]).toMatchObject({
        id: expect.stringMatching(/^aWdf/),
        message: expect.any(String),
        from: { id: expect.any(String) },
        to: { data: [expect.objectContaining({ id: expect.any(String) })] },
      });
      const single = await account.getMessage(thread.messages[0]!.id);
      expect(single.message).toBe(thread.messages[0]!.message);
    });
  }

  it("sends inside the 24 h window, refuses outside it, and allows HUMAN_AGENT up to 7 days", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    await account.subscribeWebhooks(["messages"]);
    const conversations = (await account.listConversations({ limit: 100 })).data;
    const recent = conversations[0]!;
    const person = (await account.listMessages(recent.id)).participants.find(
      (participant) => participant.id !== rig.lena.igUserId,
    )!;
    const sent = await account.sendText(person.id, "Hi! Yes, still available 🤍");
    expect(sent).toMatchObject({
      recipient_id: person.id,
      message_id: expect.stringMatching(/^aWdf/),
    });
    await rig.sandbox.idle();
    const echo = parseWebhookPayload(rig.webhooks.at(-1)!.body);
    const event = messagingEventSchema.parse(echo.entry[0]!.messaging![0]);
    expect(event).toMatchObject({
      sender: { id: rig.lena.igUserId },
      recipient: { id: person.id },
      message: { mid: sent.message_id, is_echo: true },
    });
    expect(echo.entry[0]!.time).toBeGreaterThan(1e12); // milliseconds
    // Instagram-Login subscriptions are signed with the Instagram app secret only (§12.1).
    expect(signedWith(rig.webhooks.at(-1)!, INSTAGRAM_APP_SECRET)).toBe(true);
    expect(signedWith(rig.webhooks.at(-1)!, APP_SECRET)).toBe(false);
    expect((await account.listMessages(recent.id)).messages[0]!.id).toBe(sent.message_id);

    rig.advance(3 * 86400_000);
    const late = await caught(account.sendText(person.id, "Following up"));
    // As Meta answers it (issue 25): 403, IGApiException, no "(#10)" prefix; the client reads
    // it as a closed window, not as a missing permission.
    expect(late).toMatchObject({
      code: 10,
      subcode: 2534022,
      status: 403,
      type: "IGApiException",
      graphMessage: "This message is sent outside of allowed window.",
    });
    expect(isOutsideMessagingWindow(late)).toBe(true);
    expect(isPermissionError(late)).toBe(false);
    await expect(
      account.sendText(person.id, "Following up", { humanAgent: true }),
    ).resolves.toMatchObject({ recipient_id: person.id });
    rig.advance(8 * 86400_000);
    expect(await caught(account.sendText(person.id, "Hello?", { humanAgent: true }))).toMatchObject(
      { code: 10, subcode: 2534022 },
    );
  });

  it("limits text to 1 000 bytes and refuses unknown recipients", async () => {
    const rig = createRig();
    const account = rig.fbAccount();
    const person = await newestCorrespondent(rig, account);
    // 334 × 3-byte characters = 1 002 bytes even though it is only 334 characters.
    expect(await caught(account.sendText(person.id, "€".repeat(334)))).toMatchObject({ code: 100 });
    expect(await caught(account.sendText("1234567890", "hi"))).toMatchObject({ code: 100 });
    await expect(
      account.sendAttachment(person.id, { type: "image", url: "https://example.test/a.jpg" }),
    ).resolves.toBeDefined();
  });

  it("sends one private reply per comment within 7 days", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const media = (await account.listMedia({ limit: 5 })).data;
    let commentId: string | undefined;
    for (const item of media) {
      const comments = (await account.listComments(item.id, { limit: 5 })).data.filter(
        (comment) => comment.from?.id !== rig.lena.igUserId,
      );
      if (comments[0]) {
        commentId = comments[0].id;
        break;
      }
    }
    expect(commentId).toBeDefined();
    const first = await account.sendPrivateReply(commentId!, "Sending you the details here!");
    expect(first.message_id).toBeDefined();
    expect(await caught(account.sendPrivateReply(commentId!, "again"))).toMatchObject({
      code: 10900,
    });
  });

  it("sends a button template (text up to 640 characters, 1 to 3 buttons) and reads it back", async () => {
    const rig = createRig();
    const account = rig.fbAccount();
    const person = await newestCorrespondent(rig, account);
    const shop = { title: "Shop", url: "https://example.test/shop" };
    const sent = await account.sendButtons(person.id, "Here is the shop", [shop]);
    expect(sent.message_id).toBeDefined();
    const message = (await account.getMessage(sent.message_id!)) as {
      message?: string;
      attachments?: { data: Array<Record<string, unknown>> };
    };
    expect(message.message).toBe("Here is the shop");
    expect(message.attachments?.data).toEqual([{ generic_template: shop }]);
    expect(await caught(account.sendButtons(person.id, "a".repeat(641), [shop]))).toMatchObject({
      code: 100,
    });
    expect(await caught(account.sendButtons(person.id, "x", []))).toMatchObject({ code: 100 });
    expect(
      await caught(account.sendButtons(person.id, "x", [shop, shop, shop, shop])),
    ).toMatchObject({ code: 100 });
    expect(
      await caught(account.sendButtons(person.id, "x", [{ title: "a".repeat(21), url: shop.url }])),
    ).toMatchObject({ code: 100 });
    expect(
      await caught(account.sendButtons(person.id, "x", [{ title: "Shop", url: "javascript:1" }])),
    ).toMatchObject({ code: 100 });
  });

  it("answers Meta's rate limit (613) past the hour's private replies and the second's sends", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    await rig.control("/settings", { privateRepliesPerHour: 2, sendsPerSecond: 2 });
    const commentIds: string[] = [];
    for (const item of (await account.listMedia({ limit: 10 })).data) {
      for (const comment of (await account.listComments(item.id, { limit: 10 })).data) {
        if (comment.from?.id !== rig.lena.igUserId) commentIds.push(comment.id);
      }
      if (commentIds.length >= 4) break;
    }
    expect(commentIds.length).toBeGreaterThanOrEqual(4);
    // Two private replies a second apart are within both limits; the third in the hour is not.
    await account.sendPrivateReply(commentIds[0]!, "one");
    rig.advance(1000);
    await account.sendPrivateReply(commentIds[1]!, "two");
    rig.advance(1000);
    const refused = await caught(account.sendPrivateReply(commentIds[2]!, "three"));
    expect(refused).toMatchObject({ code: 613, isTransient: true });
    // Refused means not sent: the comment can still get its one private reply an hour later.
    rig.advance(3_600_000);
    await expect(account.sendPrivateReply(commentIds[2]!, "three, later")).resolves.toBeDefined();

    // Two sends in the same second, then the third waits for the next second.
    rig.sandbox.simulateMessage({ username: "lena.makes", text: "hello?" });
    const inWindow = await newestCorrespondent(rig, account);
    rig.advance(1000);
    await account.sendText(inWindow.id, "a");
    await account.sendText(inWindow.id, "b");
    expect(await caught(account.sendText(inWindow.id, "c"))).toMatchObject({ code: 613 });
    rig.advance(1000);
    await expect(account.sendText(inWindow.id, "c")).resolves.toBeDefined();
  });

  it("reads a person's profile only after they messaged (consent)", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const person = await newestCorrespondent(rig, account);
    const profile = await account.getUserProfile(person.id);
    expect(profile).toMatchObject({
      id: person.id,
      username: person.username,
      follower_count: expect.any(Number),
      is_user_follow_business: expect.any(Boolean),
    });
    const post = (await account.listMedia({ limit: 10 })).data.find(
      (item) => (item.comments_count ?? 0) > 0,
    )!;
    const commenters = (await account.listComments(post.id, { limit: 50 })).data.map(
      (comment) => comment.from!.id,
    );
    const conversations = (await account.listConversations({ limit: 100 })).data;
    const talkers = new Set<string>();
    for (const entry of conversations)
      for (const participant of (await account.listMessages(entry.id)).participants)
        talkers.add(participant.id);
    const stranger = commenters.find((id) => !talkers.has(id) && id !== rig.lena.igUserId);
    expect(stranger).toBeDefined();
    expect(await caught(account.getUserProfile(stranger!))).toMatchObject({ code: 230 });
  });
});
