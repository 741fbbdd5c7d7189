import { describe, expect, it } from "vitest";
import { renderMarkdown, slugify, splitFrontMatter } from "./markdown.ts";

describe("splitFrontMatter", () => {
  it("reads YAML front matter and returns the body", () => {
    const { attributes, body } = splitFrontMatter(
      '---\ntitle: "Hola"\nreadingMinutes: 6\n---\nText',
    );
    expect(attributes).toEqual({ title: "Hola", readingMinutes: 6 });
    expect(body).toBe("Text");
  });

  it("leaves a document without front matter alone", () => {
    expect(splitFrontMatter("# Title")).toEqual({ attributes: {}, body: "# Title" });
  });
});

describe("renderMarkdown", () => {
  it("gives headings unique ids, lists h2/h3 for the table of contents and demotes # to h2", () => {
    const { html, headings } = renderMarkdown(
      "# Intro\n\n## Cómo funciona\n\n### Paso 1\n\n## Cómo funciona\n",
    );
    expect(html).toContain('<h2 id="intro">Intro</h2>');
    expect(html).toContain('<h2 id="como-funciona">Cómo funciona</h2>');
    expect(html).toContain('<h2 id="como-funciona-1">');
    expect(headings).toEqual([
      { id: "como-funciona", text: "Cómo funciona", depth: 2 },
      { id: "paso-1", text: "Paso 1", depth: 3 },
      { id: "como-funciona-1", text: "Cómo funciona", depth: 2 },
    ]);
  });

  it("wraps tables so they scroll on their own and opens external links safely", () => {
    const { html } = renderMarkdown(
      "| a | b |\n| - | - |\n| 1 | 2 |\n\n[Meta](https://developers.facebook.com) [Privacy](/privacy-policy)",
    );
    expect(html).toMatch(/<div class="table-scroll" tabindex="0"><table>/);
    expect(html).toContain(
      '<a href="https://developers.facebook.com" rel="noopener noreferrer" target="_blank">Meta</a>',
    );
    expect(html).toContain('<a href="/privacy-policy">Privacy</a>');
  });
});

describe("slugify", () => {
  it("folds accents and punctuation", () => {
    expect(slugify("¿Qué es la tasa de interacción?")).toBe("que-es-la-tasa-de-interaccion");
  });
});
