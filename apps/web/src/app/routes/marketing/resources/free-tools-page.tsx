import { Calculator, Hash, ShieldCheck, Type } from "lucide-react";
import type { ReactNode } from "react";
import { ClosingCta } from "../../../../features/marketing/components/closing-cta.tsx";
import { PageHero } from "../../../../features/marketing/components/page-hero.tsx";
import { PageMeta } from "../../../../features/marketing/components/page-meta.tsx";
import { Container } from "../../../../features/marketing/components/section.tsx";
import { CaptionChecker } from "../../../../features/marketing/components/tools/caption-checker.tsx";
import { EngagementCalculator } from "../../../../features/marketing/components/tools/engagement-calculator.tsx";
import { HashtagFormatter } from "../../../../features/marketing/components/tools/hashtag-formatter.tsx";
import { useCopy } from "../../../../features/marketing/copy/define-copy.ts";
import { freeToolsCopy } from "../../../../features/marketing/copy/pages/free-tools.ts";

function ToolSection({
  id,
  icon: Icon,
  title,
  lead,
  explainTitle,
  explain,
  children,
  muted = false,
}: {
  id: string;
  icon: typeof Calculator;
  title: string;
  lead: string;
  explainTitle: string;
  explain: string[];
  children: ReactNode;
  muted?: boolean;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-20 py-14 sm:py-20 ${muted ? "bg-slate-50" : ""}`}
    >
      <Container>
        <div className="flex items-start gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <div className="max-w-3xl">
            <h2
              id={`${id}-title`}
              className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
            >
              {title}
            </h2>
            <p className="mt-2 text-lg text-slate-600">{lead}</p>
          </div>
        </div>
        <div className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          {children}
        </div>
        <div className="mt-8 max-w-3xl">
          <h3 className="font-semibold text-slate-900">{explainTitle}</h3>
          {explain.map((paragraph) => (
            <p key={paragraph} className="mt-2 text-slate-600">
              {paragraph}
            </p>
          ))}
        </div>
      </Container>
    </section>
  );
}

/** /resources/free-tools: engagement rate, hashtags (30 max), caption length (2,200 max). */
export default function FreeToolsPage() {
  const copy = useCopy(freeToolsCopy);
  const tools = [
    { id: "engagement-rate", title: copy.engagement.title },
    { id: "hashtags", title: copy.hashtags.title },
    { id: "caption-length", title: copy.caption.title },
  ];
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <PageHero eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead}>
        <nav aria-label={copy.jumpTo} className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {tools.map((tool) => (
              <li key={tool.id}>
                <a
                  href={`#${tool.id}`}
                  className="inline-flex rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 hover:ring-brand-300"
                >
                  {tool.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-6 flex items-center gap-2 text-sm text-slate-600">
          <ShieldCheck aria-hidden="true" className="size-4 text-emerald-600" />
          {copy.privacyNote}
        </p>
      </PageHero>
      <ToolSection
        id="engagement-rate"
        icon={Calculator}
        title={copy.engagement.title}
        lead={copy.engagement.lead}
        explainTitle={copy.engagement.explainTitle}
        explain={copy.engagement.explain}
      >
        <EngagementCalculator />
      </ToolSection>
      <ToolSection
        id="hashtags"
        icon={Hash}
        title={copy.hashtags.title}
        lead={copy.hashtags.lead}
        explainTitle={copy.hashtags.explainTitle}
        explain={copy.hashtags.explain}
        muted
      >
        <HashtagFormatter />
      </ToolSection>
      <ToolSection
        id="caption-length"
        icon={Type}
        title={copy.caption.title}
        lead={copy.caption.lead}
        explainTitle={copy.caption.explainTitle}
        explain={copy.caption.explain}
      >
        <CaptionChecker />
      </ToolSection>
      <ClosingCta />
    </>
  );
}
