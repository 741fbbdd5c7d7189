import { describe, expect, it } from "vitest";
import { detectLanguage, sentimentOf } from "./sentiment.ts";

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
