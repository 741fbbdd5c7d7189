import { describe, expect, it } from "vitest";
import {
  insertSavedReply,
  matchSavedReplies,
  messagingWindow,
  normalizeAttachment,
  privateReplyState,
  slashQuery,
  suggestReply,
} from "./inbox.ts";

const now = new Date("2026-11-23T12:00:00Z");

describe("messagingWindow", () => {
  it("is open until 24 hours after the person's last message, and says when it closes", () => {
    expect(messagingWindow("2026-11-22T12:00:00Z", now)).toEqual({
      isOpen: true,
      closesAt: "2026-11-23T12:00:00.000Z",
    });
    expect(messagingWindow("2026-11-22T11:59:59Z", now)).toEqual({
      isOpen: false,
      closesAt: "2026-11-23T11:59:59.000Z",
    });
    expect(messagingWindow(null, now)).toEqual({ isOpen: false, closesAt: null });
  });
});

describe("privateReplyState", () => {
  it("allows one private reply to someone else's comment within 7 days", () => {
    const comment = { createdAt: "2026-11-16T12:00:00Z", isOwn: false, privateReplyAt: null };
    expect(privateReplyState(comment, now)).toEqual({
      canReply: true,
      until: "2026-11-23T12:00:00.000Z",
    });
    expect(privateReplyState({ ...comment, createdAt: "2026-11-16T11:59:00Z" }, now)).toMatchObject(
      { canReply: false, reason: "expired" },
    );
    expect(
      privateReplyState({ ...comment, privateReplyAt: "2026-11-20T00:00:00Z" }, now),
    ).toMatchObject({ canReply: false, reason: "sent" });
    expect(privateReplyState({ ...comment, isOwn: true }, now)).toMatchObject({
      canReply: false,
      reason: "own",
    });
  });
});

describe("saved-reply insertion", () => {
  it("finds the '/' word at the caret only at a word start", () => {
    expect(slashQuery("/ship", 5)).toEqual({ start: 0, query: "ship" });
    expect(slashQuery("Hi /sh", 6)).toEqual({ start: 3, query: "sh" });
    expect(slashQuery("and/or", 6)).toBeNull();
    expect(slashQuery("Hi /sh there", 12)).toBeNull();
  });

  it("replaces the '/query' being typed, or inserts at the caret with spaces", () => {
    expect(insertSavedReply("Hi /sh", 6, "We ship in 2 days.")).toEqual({
      text: "Hi We ship in 2 days.",
      caret: 21,
    });
    expect(insertSavedReply("Hi!Thanks", 3, "Sure.")).toEqual({
      text: "Hi! Sure. Thanks",
      caret: 10,
    });
    expect(insertSavedReply("", 0, "Hello")).toEqual({ text: "Hello", caret: 5 });
  });

  it("matches by name first, then by text", () => {
    const replies = [
      { title: "Hours", body: "We open at 9, shipping from 10" },
      { title: "Shipping", body: "2 days" },
    ];
    expect(matchSavedReplies(replies, "ship").map((r) => r.title)).toEqual(["Shipping", "Hours"]);
    expect(matchSavedReplies(replies, " ")).toHaveLength(2);
  });
});

describe("suggestReply", () => {
  it("answers the intent of the last message, greeting by first name", () => {
    expect(
      suggestReply({ kind: "dm", name: "Mara Lind", lastText: "My order arrived broken" }),
    ).toMatchObject({ intent: "complaint", text: expect.stringMatching(/^Hi Mara, I'm sorry/) });
    expect(
      suggestReply({ kind: "comments", name: "@joe", lastText: "How much is it?" }),
    ).toMatchObject({ intent: "purchase", text: expect.stringMatching(/^Hi joe/) });
    expect(suggestReply({ kind: "dm", name: null, lastText: "Love this!" })?.intent).toBe("praise");
    expect(suggestReply({ kind: "dm", name: null, lastText: "Are you open Sunday?" })?.intent).toBe(
      "question",
    );
    expect(suggestReply({ kind: "dm", name: null, lastText: null })).toBeNull();
  });
});

describe("normalizeAttachment", () => {
  it("reads the Graph node and the webhook shapes", () => {
    expect(normalizeAttachment({ image_data: { url: "https://x/i.jpg" } })).toEqual({
      type: "image",
      url: "https://x/i.jpg",
    });
    expect(normalizeAttachment({ video_data: { url: "https://x/v.mp4" } }).type).toBe("video");
    expect(normalizeAttachment({ file_url: "https://x/a", mime_type: "audio/mpeg" }).type).toBe(
      "audio",
    );
    expect(normalizeAttachment({ file_url: "https://x/f.pdf" }).type).toBe("file");
    expect(normalizeAttachment({ type: "ig_reel", payload: { url: "https://x/r" } })).toEqual({
      type: "video",
      url: "https://x/r",
    });
    expect(normalizeAttachment({ type: "story_mention", payload: {} })).toEqual({
      type: "story",
      url: null,
    });
    expect(normalizeAttachment({ type: "ig_post", payload: { url: "https://x/p" } }).type).toBe(
      "share",
    );
    // A button template the account sent: read back as a template, echoed with its buttons.
    expect(
      normalizeAttachment({ generic_template: { title: "Shop", url: "https://x/shop" } }),
    ).toEqual({ type: "link", url: "https://x/shop" });
    expect(
      normalizeAttachment({
        type: "template",
        payload: { buttons: [{ url: "https://x/shop" }] },
      }),
    ).toEqual({ type: "link", url: "https://x/shop" });
  });
});
