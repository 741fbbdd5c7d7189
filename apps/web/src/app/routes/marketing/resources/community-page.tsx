import { ArrowRight, HeartHandshake, Lightbulb, MessageSquareText, Radio } from "lucide-react";
import { Link } from "react-router";
import { BrandIcon } from "../../../../features/marketing/components/brand-icons.tsx";
import { ClosingCta } from "../../../../features/marketing/components/closing-cta.tsx";
import { PageHero } from "../../../../features/marketing/components/page-hero.tsx";
import { PageMeta } from "../../../../features/marketing/components/page-meta.tsx";
import {
  CheckList,
  Section,
  SectionHeading,
} from "../../../../features/marketing/components/section.tsx";
import { channelNames, comingSoonChannels } from "../../../../features/marketing/config/site.ts";
import { commonCopy } from "../../../../features/marketing/copy/common.ts";
import { useCopy } from "../../../../features/marketing/copy/define-copy.ts";
import { communityCopy } from "../../../../features/marketing/copy/pages/community.ts";

const wayIcons = [MessageSquareText, Lightbulb, Radio, HeartHandshake];

/** /resources/community: how to take part, what is coming, guidelines and learning resources. */
export default function CommunityPage() {
  const copy = useCopy(communityCopy);
  const common = useCopy(commonCopy);
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <PageHero eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />

      <Section aria-labelledby="ways-title">
        <SectionHeading id="ways-title" title={copy.waysTitle} align="left" />
        <ul className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-4">
          {copy.ways.map((way, index) => {
            const Icon = wayIcons[index] ?? Lightbulb;
            return (
              <li key={way.title} className="flex flex-col rounded-2xl border border-slate-200 p-6">
                <Icon aria-hidden="true" className="size-6 text-brand-700" />
                <h3 className="mt-4 font-semibold text-slate-900">{way.title}</h3>
                <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{way.text}</p>
                <Link
                  to={way.href}
                  className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                >
                  {way.action}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section tone="muted" aria-labelledby="roadmap-title">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.3fr] lg:items-center">
          <div>
            <SectionHeading
              id="roadmap-title"
              title={copy.roadmapTitle}
              lead={copy.roadmapLead}
              align="left"
            />
            <p className="mt-4 text-sm text-slate-600">{copy.roadmapNote}</p>
          </div>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <li className="flex flex-col items-center gap-2 rounded-xl bg-white p-4 text-center ring-2 ring-brand-600">
              <BrandIcon channel="instagram" className="size-7 text-brand-700" />
              <span className="text-sm font-semibold text-slate-900">Instagram</span>
              <span className="text-xs font-semibold text-emerald-800">
                {common.channels.available}
              </span>
            </li>
            {comingSoonChannels.map((channel) => (
              <li
                key={channel}
                className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white/60 p-4 text-center"
              >
                <BrandIcon channel={channel} className="size-7 text-slate-500" />
                <span className="text-sm font-semibold text-slate-700">
                  {channelNames[channel]}
                </span>
                <span className="text-xs text-slate-600">{common.channels.comingSoon}</span>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section aria-labelledby="guidelines-title">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.6fr]">
          <SectionHeading
            id="guidelines-title"
            title={copy.guidelinesTitle}
            lead={copy.guidelinesLead}
            align="left"
          />
          <ol className="space-y-4">
            {copy.guidelines.map((rule, index) => (
              <li key={rule.title} className="flex gap-4 rounded-2xl border border-slate-200 p-5">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{rule.title}</h3>
                  <p className="mt-1 text-slate-600">{rule.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </Section>

      <Section tone="muted" aria-labelledby="learn-title">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="learn-title"
              title={copy.learnTitle}
              lead={copy.learnLead}
              align="left"
            />
            <ul className="mt-8 grid gap-3 sm:grid-cols-2">
              {copy.learn.map((resource) => (
                <li key={resource.href}>
                  <Link
                    to={resource.href}
                    className="block h-full rounded-xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand-300"
                  >
                    <span className="block font-semibold text-slate-900">{resource.title}</span>
                    <span className="mt-1 block text-sm text-slate-600">{resource.text}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:p-8">
            <h2 className="text-xl font-bold text-slate-900">{copy.principlesTitle}</h2>
            <CheckList items={copy.principles} className="mt-6 text-slate-700" />
          </div>
        </div>
      </Section>
      <ClosingCta />
    </>
  );
}
