import { describe, expect, it } from "vitest";
import { findTerm, matchKeywords, snippetAround } from "./keyword-matcher.ts";

const keyword = (term: string, exclusions: string[] = []) => ({ id: term, term, exclusions });

describe("keyword matching", () => {
  it("matches whole words only", () => {
    expect(matchKeywords("Lena Makes opens a studio", [keyword("Lena")])).toHaveLength(1);
    expect(matchKeywords("Magdalena makes mugs", [keyword("Lena")])).toHaveLength(0);
    expect(matchKeywords("Lenas mugs", [keyword("Lena")])).toHaveLength(0);
    expect(matchKeywords("(Lena), again", [keyword("Lena")])).toHaveLength(1);
  });

  it("ignores letter case and accents, both ways", () => {
    expect(matchKeywords("Revista CERÁMICA y café", [keyword("ceramica")])).toHaveLength(1);
    expect(matchKeywords("ceramica artesanal", [keyword("Cerámica")])).toHaveLength(1);
    expect(matchKeywords("Müllerstraße news", [keyword("mullerstraße")])).toHaveLength(1);
  });

  it("matches multi-word terms across any spacing, and handles with punctuation", () => {
    expect(
      matchKeywords("Northfield  Coffee\nRoasters", [keyword("northfield coffee")]),
    ).toHaveLength(1);
    expect(matchKeywords("follow @lena.makes today", [keyword("@lena.makes")])).toHaveLength(1);
    expect(matchKeywords("see lena.makes.shop", [keyword("lena.makes")])).toHaveLength(1);
    expect(matchKeywords("lena.makesxyz", [keyword("lena.makes")])).toHaveLength(0);
  });

  it("honours exclusions anywhere in the item", () => {
    const northfield = keyword("Northfield", ["city council"]);
    expect(matchKeywords("Northfield Coffee wins an award", [northfield])).toHaveLength(1);
    expect(matchKeywords("Northfield City Council debates the budget", [northfield])).toHaveLength(
      0,
    );
    // An exclusion is a whole-word match too.
    expect(
      matchKeywords("Northfield councillors", [keyword("Northfield", ["council"])]),
    ).toHaveLength(1);
  });

  it("maps ranges back to the original text, accents included", () => {
    const text = "Las tazas de Cerámica Lena";
    const [range] = findTerm(text, "ceramica");
    expect(text.slice(range![0], range![1])).toBe("Cerámica");
    const decomposed = "Cera\u0301mica!";
    const [other] = findTerm(decomposed, "ceramica");
    expect(decomposed.slice(other![0], other![1])).toBe("Cera\u0301mica");
  });

  it("cuts a snippet around the first match and highlights inside it", () => {
    const body = `${"Filler words here. ".repeat(30)}Then Lena Makes appears. ${"More text. ".repeat(30)}`;
    const { snippet, highlights } = snippetAround(body, ["Lena Makes"], 200);
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(202);
    expect(highlights).toHaveLength(1);
    expect(snippet.slice(highlights[0]![0], highlights[0]![1])).toBe("Lena Makes");
  });
});
