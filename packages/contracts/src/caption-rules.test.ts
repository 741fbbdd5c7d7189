import { describe, expect, it } from "vitest";
import {
  captionHashtags,
  captionLength,
  captionMentions,
  checkCaption,
  MAX_CAPTION_LENGTH,
  postHashtags,
} from "./caption-rules.ts";

describe("caption rules shared by the sandbox, the server and the web app", () => {
  it("counts length in code points: an emoji is one, a family emoji is several", () => {
    expect(captionLength("café")).toBe(4);
    expect(captionLength("🙂")).toBe(1);
    expect(captionLength("👨‍👩‍👧")).toBe(5);
    expect(checkCaption("🙂".repeat(MAX_CAPTION_LENGTH))).toBeUndefined();
    expect(checkCaption(`${"🙂".repeat(MAX_CAPTION_LENGTH)}!`)).toBe("too_long");
  });

  it("finds hashtags after spaces and punctuation, in any script, repeats included", () => {
    expect(captionHashtags("Morning #latte, (#café) #朝ごはん #latte")).toEqual([
      "latte",
      "café",
      "朝ごはん",
      "latte",
    ]);
    expect(captionHashtags("no#tag here, &#39; neither")).toEqual([]);
    expect(checkCaption(Array.from({ length: 30 }, (_, i) => `#t${i}`).join(" "))).toBeUndefined();
    expect(checkCaption(Array.from({ length: 31 }, (_, i) => `#t${i}`).join(" "))).toBe(
      "too_many_hashtags",
    );
  });

  it("groups a post under each distinct tag once, whatever its case", () => {
    expect(postHashtags("#Latte at dawn #latte #CAFÉ, #café again #Über")).toEqual([
      "latte",
      "café",
      "über",
    ]);
    expect(postHashtags("no tags")).toEqual([]);
    expect(postHashtags(null)).toEqual([]);
  });

  it("finds @-mentions but not e-mail addresses, and stops at 20", () => {
    expect(captionMentions("Thanks @oona.bakes and @north_field. Mail me at a@b.com")).toEqual([
      "oona.bakes",
      "north_field",
    ]);
    const mentions = (n: number) => Array.from({ length: n }, (_, i) => `@user${i}`).join(" ");
    expect(checkCaption(mentions(20))).toBeUndefined();
    expect(checkCaption(mentions(21))).toBe("too_many_mentions");
  });
});
