import type { Language } from "../../../lib/i18n.ts";
import { type BlogSlug, blogSlugs } from "./blog-slugs.ts";
import type { ArticleAttributes, LocalizedDocument, MarkdownDocument } from "./documents.ts";

export { type BlogSlug, blogSlugs };

// Listings need only the front matter; each article body is its own chunk.
const meta = import.meta.glob<{ attributes: ArticleAttributes }>("./blog/*.md", {
  query: "?meta",
  import: "default",
  eager: true,
});
const bodies = import.meta.glob<MarkdownDocument<ArticleAttributes>>("./blog/*.md", {
  import: "default",
});

export interface ArticleSummary extends ArticleAttributes {
  slug: BlogSlug;
  /** True when the Spanish translation is missing and the English text is shown. */
  isFallback: boolean;
}

export function listArticles(language: Language): ArticleSummary[] {
  return blogSlugs
    .map((slug) => {
      const english = meta[`./blog/${slug}.en.md`]?.attributes;
      if (!english) throw new Error(`Missing article ${slug}.en.md`);
      const spanish = language === "es" ? meta[`./blog/${slug}.es.md`]?.attributes : undefined;
      return {
        ...english,
        ...(spanish ?? {}),
        date: english.date,
        slug,
        isFallback: language === "es" && !spanish,
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date));
}

export async function loadArticle(slug: BlogSlug): Promise<LocalizedDocument<ArticleAttributes>> {
  const en = bodies[`./blog/${slug}.en.md`];
  if (!en) throw new Error(`Missing article ${slug}.en.md`);
  const es = bodies[`./blog/${slug}.es.md`];
  const [english, spanish] = await Promise.all([en(), es?.()]);
  return { en: english, ...(spanish ? { es: spanish } : {}) };
}
