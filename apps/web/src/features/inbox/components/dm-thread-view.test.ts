import { describe, expect, it } from "vitest";
import type { DmMessage } from "../api/get-dm-thread.ts";
import { dmImageProblem, MAX_DM_IMAGE_BYTES, mergeThread } from "./dm-thread-view.tsx";

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

  it("shows an image reply at once with its image, then its server halves (image, then text), each with the reply's client id", () => {
    const image = { previewUrl: "blob:local-1", name: "label.jpg" };
    const local = [
      {
        clientId: "c5",
        text: "Here",
        image,
        status: "sending" as const,
        at: "2026-11-23T10:02:00.000Z",
      },
    ];
    const [, optimistic] = mergeThread([inbound], local);
    expect(optimistic).toMatchObject({
      status: "sending",
      text: "Here",
      part: "image",
      attachments: [{ type: "image", url: "blob:local-1" }],
    });
    const failedImage: DmMessage = {
      ...inbound,
      id: "pending:c5:image",
      direction: "outbound",
      text: null,
      sendStatus: "failed",
      sendError: "Service temporarily unavailable",
      attachments: [{ type: "image", url: "/storage/instagram-media/u/a.jpg?expires=1" }],
    };
    const failedText: DmMessage = {
      ...failedImage,
      id: "pending:c5",
      text: "Here",
      attachments: [],
    };
    const failed = [{ ...local[0]!, status: "failed" as const, error: "x" }];
    const rows = mergeThread([inbound, failedImage, failedText], failed);
    expect(rows.map((row) => [row.key, row.clientId, row.part, row.status])).toEqual([
      ["m1", null, "text", null],
      ["pending:c5:image", "c5", "image", "failed"],
      ["pending:c5", "c5", "text", "failed"],
    ]);
    // A retry shows both halves as sending again.
    const retrying = [{ ...local[0]!, status: "sending" as const }];
    expect(
      mergeThread([inbound, failedImage, failedText], retrying).map((row) => row.status),
    ).toEqual([null, "sending", "sending"]);
    // Once sent, Instagram's ids replace the local row.
    const sent = [{ ...local[0]!, status: "sent" as const, messageIds: ["ig-7", "ig-8"] }];
    const server = [inbound, { ...failedImage, id: "ig-7", sendStatus: "sent" as const }];
    expect(mergeThread(server, sent).map((row) => row.key)).toEqual(["m1", "ig-7"]);
  });

  it("takes JPEG, PNG and GIF up to Instagram's 8 MB, and says why anything else is refused", () => {
    expect(dmImageProblem({ type: "image/jpeg", size: MAX_DM_IMAGE_BYTES })).toBeNull();
    expect(dmImageProblem({ type: "image/gif", size: 10 })).toBeNull();
    expect(dmImageProblem({ type: "image/png", size: MAX_DM_IMAGE_BYTES + 1 })).toContain(
      "up to 8 MB",
    );
    expect(dmImageProblem({ type: "image/webp", size: 10 })).toContain("JPEG, PNG or GIF");
    expect(dmImageProblem({ type: "application/pdf", size: 10 })).toContain("JPEG, PNG or GIF");
  });
});
