import { ArticleCard } from "../../../../features/marketing/components/article-card.tsx";
import { ClosingCta } from "../../../../features/marketing/components/closing-cta.tsx";
import { PageHero } from "../../../../features/marketing/components/page-hero.tsx";
import { PageMeta } from "../../../../features/marketing/components/page-meta.tsx";
import {
  Container,
  Section,
  SectionHeading,
} from "../../../../features/marketing/components/section.tsx";
import { listArticles } from "../../../../features/marketing/content/blog.ts";
import { useCopy, useLanguage } from "../../../../features/marketing/copy/define-copy.ts";
import { socialMediaInsightsCopy } from "../../../../features/marketing/copy/pages/social-media-insights.ts";

const relatedSlugs = [
  "ultimate-instagram-analytics",
  "engagement-quality-matters",
  "ai-transforming-analytics",
];

/** /resources/social-media-insights: what Instagram's metrics mean and the limits to know. */
export default function SocialMediaInsightsPage() {
  const copy = useCopy(socialMediaInsightsCopy);
  const language = useLanguage();
  const articles = listArticles(language).filter((article) => relatedSlugs.includes(article.slug));
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <PageHero eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />

      <Section aria-labelledby="metrics-title">
        <SectionHeading
          id="metrics-title"
          title={copy.metricsTitle}
          lead={copy.metricsLead}
          align="left"
        />
        <dl className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {copy.metrics.map((metric) => (
            <div key={metric.name} className="rounded-2xl border border-slate-200 p-6">
              <dt className="text-lg font-semibold text-slate-900">{metric.name}</dt>
              <dd className="mt-2 text-slate-700">{metric.definition}</dd>
              <dd className="mt-3 border-t border-slate-100 pt-3 text-sm text-slate-600">
                {metric.tip}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-10 rounded-2xl bg-gradient-to-br from-brand-50 to-pink-50 p-6 ring-1 ring-brand-100 sm:p-8">
          <h3 className="text-xl font-semibold text-slate-900">{copy.formulaTitle}</h3>
          <p className="mt-4 rounded-xl bg-white px-4 py-3 font-mono text-sm break-words text-slate-900 ring-1 ring-brand-100">
            {copy.formula}
          </p>
          <p className="mt-4 max-w-3xl text-slate-700">{copy.formulaText}</p>
        </div>
      </Section>

      <Section tone="muted" aria-labelledby="limits-title">
        <SectionHeading
          id="limits-title"
          title={copy.limitsTitle}
          lead={copy.limitsLead}
          align="left"
        />
        <div className="mt-10 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">{copy.limitsTitle}</caption>
            <thead className="bg-slate-50">
              <tr>
                {copy.limitsColumns.map((column) => (
                  <th key={column} scope="col" className="px-5 py-3 font-semibold text-slate-900">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {copy.limits.map((limit) => (
                <tr key={limit.item} className="border-t border-slate-200 align-top">
                  <th scope="row" className="px-5 py-3 font-medium text-slate-900">
                    {limit.item}
                  </th>
                  <td className="px-5 py-3 font-semibold whitespace-nowrap text-brand-800">
                    {limit.value}
                  </td>
                  <td className="px-5 py-3 text-slate-600">{limit.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section aria-labelledby="reading-title">
        <SectionHeading id="reading-title" title={copy.readingTitle} lead={copy.readingLead} />
        <ol className="mt-12 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {copy.reading.map((habit, index) => (
            <li key={habit.title} className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
              <span className="text-sm font-bold text-brand-700">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-2 font-semibold text-slate-900">{habit.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{habit.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <section
        aria-labelledby="insights-articles"
        className="border-t border-slate-200 bg-slate-50 py-16"
      >
        <Container>
          <h2 id="insights-articles" className="text-2xl font-bold tracking-tight text-slate-900">
            {copy.articlesTitle}
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {articles.map((article, index) => (
              <ArticleCard key={article.slug} article={article} index={index + 2} />
            ))}
          </div>
        </Container>
      </section>
      <ClosingCta />
    </>
  );
}
