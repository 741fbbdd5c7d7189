import type { Notification } from "@sightline/contracts";
import { describe, expect, it } from "vitest";
import { unreadCount, unseenNotifications } from "./unseen-notifications.ts";

const messages: Notification = {
  id: "messages",
  type: "message",
  count: 3,
  latestTimestamp: "2026-06-01T12:00:00.000Z",
};
const comments: Notification = {
  id: "comments",
  type: "comment",
  count: 2,
  latestTimestamp: "2026-06-01T11:00:00.000Z",
};

describe("the bell's unread count", () => {
  it("counts every item of the groups with something newer than their seen time", () => {
    expect(unreadCount([messages, comments], {})).toBe(5);
    expect(
      unreadCount([messages, comments], {
        messages: "2026-06-01T12:00:00.000Z",
        comments: "2026-06-01T10:00:00.000Z",
      }),
    ).toBe(2);
    expect(
      unseenNotifications([messages, comments], { messages: "2026-06-01T12:00:00.000Z" }),
    ).toEqual([comments]);
  });

  it("is 0 once both groups were seen at their latest item", () => {
    expect(
      unreadCount([messages, comments], {
        messages: messages.latestTimestamp,
        comments: comments.latestTimestamp,
      }),
    ).toBe(0);
  });
});
