import { describe, expect, it } from "vitest";
import { analyticsPostType } from "./analytics.ts";

describe("a synced post's type (analytics)", () => {
  it("takes stories and reels from the product type, the rest from the media type", () => {
    expect(analyticsPostType({ mediaType: "VIDEO", mediaProductType: "REELS" })).toBe("REELS");
    expect(analyticsPostType({ mediaType: "IMAGE", mediaProductType: "STORY" })).toBe("STORY");
    expect(analyticsPostType({ mediaType: "VIDEO", mediaProductType: "STORY" })).toBe("STORY");
    expect(analyticsPostType({ mediaType: "CAROUSEL_ALBUM", mediaProductType: "FEED" })).toBe(
      "CAROUSEL_ALBUM",
    );
    expect(analyticsPostType({ mediaType: "VIDEO", mediaProductType: "FEED" })).toBe("VIDEO");
    expect(analyticsPostType({ mediaType: "VIDEO", mediaProductType: null })).toBe("VIDEO");
    expect(analyticsPostType({ mediaType: "IMAGE", mediaProductType: null })).toBe("IMAGE");
    // A type Instagram adds later is shown as an image until the product knows it.
    expect(analyticsPostType({ mediaType: "SOMETHING_NEW", mediaProductType: "AD" })).toBe("IMAGE");
  });
});
