import { describe, expect, it } from "vitest";
import type { DmMessage } from "../api/get-dm-thread.ts";
import { mergeThread } from "./dm-thread-view.tsx";

const inbound: DmMessage = {
  id: "m1",
  fromId: "p",
  direction: "inbound",
  text: "Hi",
  createdTime: "2026-11-23T10:00:00.000Z",
  sendStatus: null,
  sendError: null,
  attachments: [],
};

describe("mergeThread", () => {
  it("shows a send at once, until the server's copy of it arrives", () => {
    const local = [
      { clientId: "c1", text: "Hello", status: "sending" as const, at: "2026-11-23T10:01:00.000Z" },
    ];
    expect(mergeThread([inbound], local).map((row) => [row.text, row.status])).toEqual([
      ["Hi", null],
      ["Hello", "sending"],
    ]);
    const sent = [{ ...local[0]!, status: "sent" as const, messageId: "ig-2" }];
    const server = [
      inbound,
      {
        ...inbound,
        id: "ig-2",
        direction: "outbound" as const,
        text: "Hello",
        sendStatus: "sent" as const,
      },
    ];
    expect(mergeThread(server, sent).map((row) => row.key)).toEqual(["m1", "ig-2"]);
  });

  it("keeps a failed send with its reason and its client id for Retry, and shows a retry as sending", () => {
    const failed: DmMessage = {
      ...inbound,
      id: "pending:c9",
      direction: "outbound",
      text: "Hello",
      sendStatus: "failed",
      sendError: "Service temporarily unavailable",
    };
    const [, row] = mergeThread([inbound, failed], []);
    expect(row).toMatchObject({
      status: "failed",
      error: "Service temporarily unavailable",
      clientId: "c9",
      text: "Hello",
    });
    const retrying = [{ clientId: "c9", text: "Hello", status: "sending" as const, at: "x" }];
    expect(mergeThread([inbound, failed], retrying)).toHaveLength(2);
    expect(mergeThread([inbound, failed], retrying)[1]).toMatchObject({
      status: "sending",
      error: null,
    });
  });
});
