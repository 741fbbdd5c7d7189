import { ArticleCard } from "../../../features/marketing/components/article-card.tsx";
import { ClosingCta } from "../../../features/marketing/components/closing-cta.tsx";
import { PageHero } from "../../../features/marketing/components/page-hero.tsx";
import { PageMeta } from "../../../features/marketing/components/page-meta.tsx";
import { Container } from "../../../features/marketing/components/section.tsx";
import { listArticles } from "../../../features/marketing/content/blog.ts";
import { useCopy, useLanguage } from "../../../features/marketing/copy/define-copy.ts";
import { documentsCopy } from "../../../features/marketing/copy/documents.ts";

/** /resources/blog: the six articles, newest first. */
export default function BlogPage() {
  const copy = useCopy(documentsCopy).blog;
  const language = useLanguage();
  const [latest, ...rest] = listArticles(language);
  return (
    <>
      <PageMeta title={copy.metaTitle} description={copy.metaDescription} />
      <PageHero eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
      <Container className="py-12 sm:py-16">
        {latest ? (
          <section aria-labelledby="latest-article">
            <h2
              id="latest-article"
              className="text-sm font-semibold uppercase tracking-wider text-slate-600"
            >
              {copy.featured}
            </h2>
            <div className="mt-4">
              <ArticleCard article={latest} index={0} featured />
            </div>
          </section>
        ) : null}
        <section aria-labelledby="all-articles" className="mt-14">
          <h2
            id="all-articles"
            className="text-sm font-semibold uppercase tracking-wider text-slate-600"
          >
            {copy.allArticles}
          </h2>
          <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {rest.map((article, index) => (
              <ArticleCard key={article.slug} article={article} index={index + 1} />
            ))}
          </div>
        </section>
      </Container>
      <ClosingCta />
    </>
  );
}
