import { ArrowLeft, Clock3 } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge.tsx";
import { paths } from "../../../config/paths.ts";
import { ArticleCard } from "../../../features/marketing/components/article-card.tsx";
import { ClosingCta } from "../../../features/marketing/components/closing-cta.tsx";
import { PageMeta } from "../../../features/marketing/components/page-meta.tsx";
import { Prose } from "../../../features/marketing/components/prose.tsx";
import { Container } from "../../../features/marketing/components/section.tsx";
import { TableOfContents } from "../../../features/marketing/components/table-of-contents.tsx";
import { type BlogSlug, listArticles } from "../../../features/marketing/content/blog.ts";
import {
  type ArticleAttributes,
  type LocalizedDocument,
  pickDocument,
} from "../../../features/marketing/content/documents.ts";
import { commonCopy } from "../../../features/marketing/copy/common.ts";
import { fill, useCopy, useLanguage } from "../../../features/marketing/copy/define-copy.ts";
import { documentsCopy } from "../../../features/marketing/copy/documents.ts";
import { formatDate } from "../../../features/marketing/utils/format-date.ts";

/** /resources/blog/<slug>: one article; the English text with a note when no translation exists. */
export function BlogArticlePage({
  slug,
  document: localized,
}: {
  slug: BlogSlug;
  document: LocalizedDocument<ArticleAttributes>;
}) {
  const language = useLanguage();
  const copy = useCopy(documentsCopy);
  const common = useCopy(commonCopy);
  const { document, isFallback } = pickDocument(localized, language);
  const { title, description, date, author, category, readingMinutes } = document.attributes;
  const more = listArticles(language)
    .filter((article) => article.slug !== slug)
    .slice(0, 3);
  return (
    <>
      <PageMeta title={title} description={description} type="article" />
      <article>
        <header className="border-b border-slate-200 bg-gradient-to-b from-brand-50/70 to-white">
          <Container className="max-w-4xl py-12 sm:py-16">
            <Link
              to={paths.resources.blog}
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {copy.blog.backToBlog}
            </Link>
            <div className="mt-6">
              <Badge>{category}</Badge>
            </div>
            <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
              {title}
            </h1>
            <p className="mt-5 text-lg text-pretty text-slate-600 sm:text-xl">{description}</p>
            <p className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
              <span className="font-medium text-slate-900">{fill(copy.by, { author })}</span>
              <span aria-hidden="true">·</span>
              <time dateTime={date}>{formatDate(date, language)}</time>
              <span aria-hidden="true">·</span>
              <span className="inline-flex items-center gap-1">
                <Clock3 aria-hidden="true" className="size-3.5" />
                {fill(common.labels.minRead, { n: readingMinutes })}
              </span>
            </p>
          </Container>
        </header>
        <Container className="grid gap-12 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_15rem] xl:grid-cols-[minmax(0,46rem)_16rem] xl:justify-center">
          <div className="min-w-0">
            {isFallback ? (
              <p
                lang="es"
                className="mb-8 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200"
              >
                {copy.englishOnlyArticle}
              </p>
            ) : null}
            <Prose html={document.html} lang={isFallback ? "en" : undefined} />
          </div>
          <aside className="hidden lg:block">
            <div className="sticky top-24">
              <TableOfContents title={common.labels.onThisPage} headings={document.headings} />
            </div>
          </aside>
        </Container>
      </article>
      <section
        aria-labelledby="more-articles"
        className="border-t border-slate-200 bg-slate-50 py-16"
      >
        <Container>
          <h2 id="more-articles" className="text-2xl font-bold tracking-tight text-slate-900">
            {copy.blog.moreArticles}
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {more.map((article, index) => (
              <ArticleCard key={article.slug} article={article} index={index + 1} />
            ))}
          </div>
        </Container>
      </section>
      <ClosingCta />
    </>
  );
}
