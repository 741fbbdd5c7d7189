import {
  ArrowRight,
  CalendarDays,
  ChartColumn,
  Clock3,
  HeartHandshake,
  type LucideIcon,
  Radar,
  Sparkles,
  Workflow,
} from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../../config/paths.ts";
import { cn } from "../../../utils/cn.ts";
import type { ArticleSummary } from "../content/blog.ts";
import { commonCopy } from "../copy/common.ts";
import { fill, useCopy, useLanguage } from "../copy/define-copy.ts";
import { formatDate } from "../utils/format-date.ts";

const icons: Record<ArticleSummary["slug"], LucideIcon> = {
  "ai-transforming-analytics": Sparkles,
  "engagement-quality-matters": HeartHandshake,
  "building-trend-radar": Radar,
  "10-automation-workflows": Workflow,
  "ultimate-instagram-analytics": ChartColumn,
  "top-creators-content-strategy": CalendarDays,
};

/** A blog card; the whole card is one link named by the article's title. */
export function ArticleCard({
  article,
  featured = false,
  headingLevel = 3,
}: {
  article: ArticleSummary;
  index?: number;
  featured?: boolean;
  headingLevel?: 2 | 3;
}) {
  const copy = useCopy(commonCopy);
  const language = useLanguage();
  const Heading = `h${headingLevel}` as const;
  const Icon = icons[article.slug];
  return (
    <article
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg",
        featured && "lg:flex-row",
      )}
    >
      <div
        aria-hidden="true"
        className={cn(
          "relative flex items-end justify-between overflow-hidden bg-gradient-to-br from-brand-50 via-white to-pink-50 p-5",
          "before:absolute before:inset-0 before:bg-[radial-gradient(rgb(124_58_237/0.14)_1px,transparent_1px)] before:bg-[size:14px_14px]",
          featured ? "h-44 lg:h-auto lg:w-2/5" : "h-32",
        )}
      >
        <span className="relative rounded-full bg-white px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
          {article.category}
        </span>
        <Icon
          className={cn(
            "relative text-brand-600/80 transition-transform group-hover:scale-105",
            featured ? "size-20" : "size-12",
          )}
          strokeWidth={1.5}
        />
      </div>
      <div className={cn("flex flex-1 flex-col p-6", featured && "lg:p-8")}>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <time dateTime={article.date}>{formatDate(article.date, language)}</time>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <Clock3 aria-hidden="true" className="size-3.5" />
            {fill(copy.labels.minRead, { n: article.readingMinutes })}
          </span>
        </p>
        <Heading
          className={cn(
            "mt-3 font-semibold tracking-tight text-balance text-slate-900",
            featured ? "text-2xl sm:text-3xl" : "text-lg",
          )}
        >
          <Link to={paths.blogArticle(article.slug)} className="after:absolute after:inset-0">
            {article.title}
          </Link>
        </Heading>
        <p className="mt-3 flex-1 text-slate-600">{article.description}</p>
        <span
          aria-hidden="true"
          className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand-700"
        >
          {copy.labels.readArticle}
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </div>
    </article>
  );
}
