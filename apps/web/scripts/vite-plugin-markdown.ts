import type { Plugin } from "vite";
import { renderMarkdown, splitFrontMatter } from "./markdown.ts";

/**
 * `import doc from "./page.en.md"` gives `{ attributes, html, headings }`, rendered at build time
 * so no Markdown parser ships to the browser; `?meta` gives only `{ attributes }` (for listings).
 */
export function markdown(): Plugin {
  return {
    name: "sightline:markdown",
    enforce: "pre",
    transform(source, id) {
      const [file, query = ""] = id.split("?");
      if (!file?.endsWith(".md")) return undefined;
      const params = new URLSearchParams(query);
      const value = params.has("meta")
        ? { attributes: splitFrontMatter(source).attributes }
        : renderMarkdown(source);
      return { code: `export default ${JSON.stringify(value)};`, map: null };
    },
  };
}
