import { describe, expect, it } from "vitest";
import { detectLanguage, quickSentimentScore, sentimentOf } from "./sentiment.ts";

describe("mention sentiment", () => {
  it("labels English text", () => {
    expect(
      sentimentOf("Visitors praised the beautiful glazes, a wonderful studio", "en").label,
    ).toBe("positive");
    expect(sentimentOf("Customers complain about terrible, frustrating delays", "en").label).toBe(
      "negative",
    );
    expect(sentimentOf("The studio opens on Tuesday at nine", "en").label).toBe("neutral");
  });

  it("labels Spanish text", () => {
    expect(sentimentOf("Una colección fantástica, excelente noticia", "es").label).toBe("positive");
    expect(
      sentimentOf("Quejas por un servicio decepcionante y un problema grave", "es").label,
    ).toBe("negative");
    expect(sentimentOf("La feria abre en diciembre", "es").label).toBe("neutral");
  });

  it("takes the feed's language, else guesses from common words", () => {
    expect(detectLanguage("anything", "es-ES")).toBe("es");
    expect(detectLanguage("anything", "en-us")).toBe("en");
    expect(detectLanguage("Las tazas de la tienda son para el mercado", null)).toBe("es");
    expect(detectLanguage("The mugs of the shop are for the market", "de")).toBe("en");
  });
});

describe("the quick sentiment score", () => {
  it("agrees with the library's score, negators and plurals included", () => {
    const texts: Array<[string, "en" | "es" | "de"]> = [
      ["Visitors praised the beautiful glazes, a wonderful studio", "en"],
      ["Customers complain about terrible, frustrating delays", "en"],
      ["This is not good at all, I am not happy", "en"],
      ["She loved the bowls", "en"],
      ["What glaze did you use on this one", "en"],
      ["Where is my order? It has been three weeks, this is ridiculous", "en"],
      ["love it! 😍", "en"],
      ["Una colección fantástica, excelente noticia", "es"],
      ["Quejas por un servicio decepcionante y un problema grave", "es"],
      ["Das ist schrecklich, ich bin enttäuscht", "de"],
    ];
    for (const [text, language] of texts) {
      expect(quickSentimentScore(text, language), text).toBe(sentimentOf(text, language).score);
    }
  });
});
