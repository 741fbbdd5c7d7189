import { Marked, Renderer } from "marked";
import { parse as parseYaml } from "yaml";

export interface MarkdownHeading {
  id: string;
  text: string;
  depth: number;
}

export interface RenderedMarkdown {
  attributes: Record<string, unknown>;
  html: string;
  headings: MarkdownHeading[];
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

export function splitFrontMatter(source: string): {
  attributes: Record<string, unknown>;
  body: string;
} {
  const match = FRONT_MATTER.exec(source);
  if (!match) return { attributes: {}, body: source };
  const attributes = (parseYaml(match[1] ?? "") ?? {}) as Record<string, unknown>;
  return { attributes, body: source.slice(match[0].length) };
}

/** Lower-case ASCII slug; accents are folded so Spanish headings get readable ids. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/&[a-z]+;|&#\d+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/g, "");
}

function stripTags(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/**
 * Markdown to HTML at build time: headings get ids (for the table of contents), tables get a
 * scrolling wrapper (no sideways page scroll on phones), external links open safely.
 */
export function renderMarkdown(source: string): RenderedMarkdown {
  const { attributes, body } = splitFrontMatter(source);
  const headings: MarkdownHeading[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      heading(token) {
        const inner = this.parser.parseInline(token.tokens);
        const text = stripTags(inner);
        const base = slugify(text) || "section";
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen}`;
        if (token.depth >= 2 && token.depth <= 3) headings.push({ id, text, depth: token.depth });
        // Articles have their own <h1> in the page header; a Markdown "# " becomes an <h2>.
        const depth = Math.max(2, token.depth);
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
      table(token) {
        const html = Renderer.prototype.table.call(this, token) as string;
        return `<div class="table-scroll" tabindex="0">${html}</div>\n`;
      },
      link(token) {
        const inner = this.parser.parseInline(token.tokens);
        const href = token.href.replace(/"/g, "&quot;");
        const title = token.title ? ` title="${token.title.replace(/"/g, "&quot;")}"` : "";
        const external = /^https?:\/\//.test(token.href);
        const rel = external ? ' rel="noopener noreferrer" target="_blank"' : "";
        return `<a href="${href}"${title}${rel}>${inner}</a>`;
      },
    },
  });
  const html = marked.parse(body) as string;
  return { attributes, html, headings };
}
