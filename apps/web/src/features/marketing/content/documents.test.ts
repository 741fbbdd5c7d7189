import { describe, expect, it } from "vitest";
import { pickDocument } from "./documents.ts";

const doc = (title: string) => ({ attributes: { title }, html: `<p>${title}</p>`, headings: [] });

describe("pickDocument", () => {
  it("shows the Spanish text to Spanish readers when it exists", () => {
    expect(pickDocument({ en: doc("Hello"), es: doc("Hola") }, "es")).toEqual({
      document: doc("Hola"),
      isFallback: false,
    });
  });

  it("falls back to English, flagged, when the translation is missing", () => {
    expect(pickDocument({ en: doc("Hello") }, "es")).toEqual({
      document: doc("Hello"),
      isFallback: true,
    });
    expect(pickDocument({ en: doc("Hello") }, "en").isFallback).toBe(false);
  });
});
