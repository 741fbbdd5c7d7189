import { describe, expect, it } from "vitest";
import { upcomingTypeLabel } from "./upcoming-posts.tsx";

describe("the type a scheduled post shows on the dashboard", () => {
  it("a carousel is a Carousel, whatever its first item is", () => {
    expect(upcomingTypeLabel({ post_type: "CAROUSEL", media_type: "image" })).toBe("Carousel");
    expect(upcomingTypeLabel({ post_type: "REEL", media_type: "video" })).toBe("Reel");
    expect(upcomingTypeLabel({ post_type: "VIDEO", media_type: "video" })).toBe("Video");
    expect(upcomingTypeLabel({ post_type: "IMAGE", media_type: "image" })).toBe("Image");
  });
});
