import { describe, expect, it } from "vitest";
import { draftCaption, rankHashtags } from "./caption-draft.ts";

const posts = [
  {
    caption: "Fresh glaze test. What colour next? #ceramics #glaze",
    reach: 900,
    interactions: 180,
  },
  { caption: "Kiln day again. What colour next? #ceramics #studio", reach: 700, interactions: 70 },
  { caption: "New mugs are up. #ceramics #glaze #shop", reach: 300, interactions: 15 },
  { caption: "Studio tour #studio", reach: 500, interactions: 20 },
  { caption: "A one-off #lucky", reach: 99_000, interactions: 10 },
  { caption: null, reach: 400, interactions: 40 },
];

describe("the built-in caption engine", () => {
  it("ranks hashtags by the median reach of the posts using them, each used at least twice", () => {
    expect(rankHashtags(posts, 10)).toEqual([
      { tag: "ceramics", medianReach: 700, posts: 3 },
      { tag: "glaze", medianReach: 600, posts: 2 },
      { tag: "studio", medianReach: 600, posts: 2 },
    ]);
  });

  it("drafts from the best caption's opening and the question the top posts close with", () => {
    const draft = draftCaption(posts);
    expect(draft.caption).toBe("Fresh glaze test.\n\nWhat colour next?");
    expect(draft.hashtags).toEqual(["ceramics", "glaze", "studio"]);
    expect(draft.basedOn).toBe(5);
  });

  it("has nothing to draft from an account without captions", () => {
    expect(draftCaption([{ caption: null, reach: 10, interactions: 1 }])).toEqual({
      caption: "",
      hashtags: [],
      basedOn: 0,
    });
  });
});
