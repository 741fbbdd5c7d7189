import { describe, expect, it } from "vitest";
import { describeQueue, describeTrigger } from "./describe.ts";

describe("automation descriptions", () => {
  it("says what triggers a rule", () => {
    expect(
      describeTrigger({
        kind: "comment",
        posts: { mode: "any" },
        keywords: { mode: "any", words: ["link", "price"], exclude: [] },
      }),
    ).toBe("Comment containing LINK or PRICE on any post");
    expect(describeTrigger({ kind: "dm", keywords: { mode: "any_message" } })).toBe(
      "DM with any message",
    );
    expect(describeTrigger({ kind: "story_mention", keywords: { mode: "any_message" } })).toBe(
      "Story mention",
    );
  });

  it("says how long the queue will take, and nothing when it is empty", () => {
    expect(describeQueue(0, null)).toBeNull();
    expect(describeQueue(412, null)).toBe("412 replies waiting");
  });
});
