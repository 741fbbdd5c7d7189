import { readFileSync } from "node:fs";
import { Blob, Face } from "harfbuzzjs";
import subsetFont from "subset-font";
import { describe, expect, it } from "vitest";
import { interSourceFile, latinCharacters, makeInterSubset } from "./vite-plugin-inter-subset.ts";

const faceOf = (font: Buffer) => new Face(new Blob(font));

describe("the Inter subset the site preloads", () => {
  const source = readFileSync(interSourceFile());

  it("keeps every latin character and OpenType feature of Fontsource's file, weights 400-800", async () => {
    // Fontsource's own file, read through the same tool without cutting anything.
    const original = faceOf(await subsetFont(source, latinCharacters, { targetFormat: "sfnt" }));
    const subset = faceOf(await makeInterSubset(source, "sfnt"));
    expect(original.getAxisInfos().wght).toMatchObject({ min: 100, max: 900 });
    expect(subset.getAxisInfos().wght).toMatchObject({ min: 400, default: 400, max: 800 });
    expect([...subset.collectUnicodes()].sort()).toEqual([...original.collectUnicodes()].sort());
    expect(original.collectUnicodes()).toContain("é".codePointAt(0));
    expect(subset.getTableFeatureTags("GSUB").sort()).toEqual(
      original.getTableFeatureTags("GSUB").sort(),
    );
    expect(subset.getTableFeatureTags("GSUB")).toContain("tnum");
  }, 30_000);

  it("is smaller than the file it is cut from", async () => {
    const woff2 = await makeInterSubset(source);
    expect(woff2.subarray(0, 4).toString("latin1")).toBe("wOF2");
    expect(woff2.length).toBeLessThan(source.length * 0.8);
  }, 30_000);
});
