import { describe, expect, it } from "vitest";
import type { ComposerEdit } from "../hooks/composer-store.ts";
import { isApprovedContentUnchanged } from "./approved-content.ts";
import type { DraftContent, DraftMediaItem } from "./draft.ts";

/*
 * Decision 037: with approvals on, an approved post keeps Schedule only while its content is
 * what was approved (the fields the server's gate compares).
 */

const edit: ComposerEdit = {
  postId: "post-1",
  items: [
    {
      mediaType: "image",
      bucket: "instagram-media",
      key: "ws/photo.jpg",
      url: "blob:photo",
      tags: [{ username: "maya", x: 10, y: 20 }],
    },
  ],
  caption: "Winter roast",
  hashtags: ["coffee"],
  collaborators: ["northfield"],
  scheduledTime: "2026-12-01T10:00:00.000Z",
  approvalState: "approved",
};

const item: DraftMediaItem = {
  id: "a",
  url: "blob:a",
  file: new File([], "photo.jpg"),
  mediaType: "image",
  tags: [{ id: "t", username: "maya", x: 10, y: 20 }],
  uploaded: { bucket: "instagram-media", key: "ws/photo.jpg", url: "blob:photo" },
};

const draft = (change: Partial<DraftContent> = {}): DraftContent => ({
  items: [item],
  caption: "Winter roast",
  hashtags: ["coffee"],
  collaborators: [{ username: "northfield", name: null, avatar: null, verified: false }],
  ...change,
});

describe("an approved post left unchanged keeps Schedule", () => {
  it("is unchanged as loaded, and while its files are still loading", () => {
    expect(isApprovedContentUnchanged(edit, draft(), false)).toBe(true);
    expect(isApprovedContentUnchanged(edit, draft({ items: [] }), true)).toBe(true);
  });

  it("any change to what was approved needs approval again", () => {
    expect(isApprovedContentUnchanged(edit, draft({ caption: "Winter roast!" }), false)).toBe(
      false,
    );
    expect(isApprovedContentUnchanged(edit, draft({ hashtags: ["tea"] }), false)).toBe(false);
    expect(isApprovedContentUnchanged(edit, draft({ collaborators: [] }), false)).toBe(false);
    expect(isApprovedContentUnchanged(edit, draft({ items: [{ ...item, tags: [] }] }), false)).toBe(
      false,
    );
    const { uploaded: _uploaded, ...notUploaded } = item;
    expect(isApprovedContentUnchanged(edit, draft({ items: [notUploaded] }), false)).toBe(false);
    expect(isApprovedContentUnchanged(edit, draft({ items: [] }), false)).toBe(false);
  });

  it("a post not approved (or whose state is unknown) is always sent for approval", () => {
    for (const approvalState of ["draft", "in_review", "changes_requested", undefined] as const) {
      expect(isApprovedContentUnchanged({ ...edit, approvalState }, draft(), false)).toBe(false);
    }
  });
});
