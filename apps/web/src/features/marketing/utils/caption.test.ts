import { describe, expect, it } from "vitest";
import { analyzeCaption, countCharacters, MAX_CAPTION_LENGTH } from "./caption.ts";

describe("countCharacters", () => {
  it("counts as Instagram's limit does (code points): a plain emoji is one, a composed one several", () => {
    expect(countCharacters("café")).toBe(4);
    expect(countCharacters("🙂")).toBe(1);
    expect(countCharacters("👍🏽")).toBe(2);
    expect(countCharacters("👨‍👩‍👧")).toBe(5);
  });
});

describe("analyzeCaption", () => {
  it("measures the caption against the 2,200 limit", () => {
    const result = analyzeCaption("Hello world");
    expect(result.length).toBe(11);
    expect(result.remaining).toBe(MAX_CAPTION_LENGTH - 11);
    expect(result.isOverLimit).toBe(false);
    expect(result.words).toBe(2);
    expect(result.lines).toBe(1);
  });

  it("flags a caption over 2,200 characters", () => {
    const result = analyzeCaption("a".repeat(MAX_CAPTION_LENGTH + 1));
    expect(result.isOverLimit).toBe(true);
    expect(result.remaining).toBe(-1);
    expect(analyzeCaption("a".repeat(MAX_CAPTION_LENGTH)).isOverLimit).toBe(false);
  });

  it("counts every hashtag and mention as Instagram's limits do, not e-mail addresses or anchors", () => {
    const result = analyzeCaption(
      "New drop! #Linen #summer #linen\nThanks @studio.nine and @Studio.Nine\nMail hi@shop.com or see page#2",
    );
    expect(result.hashtags).toBe(3);
    expect(result.mentions).toBe(2);
    expect(result.lines).toBe(3);
    expect(result.firstLine).toBe("New drop! #Linen #summer #linen");
  });

  it("flags more than 30 hashtags in a caption", () => {
    const caption = Array.from({ length: 31 }, (_, i) => `#t${i}`).join(" ");
    expect(analyzeCaption(caption).isOverHashtagLimit).toBe(true);
  });

  it("handles an empty caption", () => {
    expect(analyzeCaption("")).toMatchObject({ length: 0, words: 0, lines: 0, hashtags: 0 });
  });
});
