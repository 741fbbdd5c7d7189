import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { commonCopy } from "../copy/common.ts";
import { useCopy } from "../copy/define-copy.ts";
import type { DetailPageCopy } from "../copy/pages/types.ts";
import { ClosingCta } from "./closing-cta.tsx";
import { CtaButton } from "./cta-button.tsx";
import { FaqSection } from "./faq-section.tsx";
import { PageHero } from "./page-hero.tsx";
import { PageMeta } from "./page-meta.tsx";
import { CheckList, Container, Section, SectionHeading } from "./section.tsx";

export interface RelatedLink {
  href: string;
  title: string;
  description: string;
}

/**
 * The layout shared by the feature and solution pages: a hero with a product mock-up, the
 * capabilities, facts, optional steps, related pages, FAQ and the closing call to action.
 */
export function DetailPage({
  copy,
  visual,
  related,
  relatedTitle,
}: {
  copy: DetailPageCopy;
  visual: ReactNode;
  related: RelatedLink[];
  relatedTitle: string;
}) {
  const common = useCopy(commonCopy);
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <PageHero
        eyebrow={copy.eyebrow}
        title={copy.title}
        lead={copy.lead}
        visual={visual}
        actions={
          <CtaButton intent="signup" variant="gradient" size="lg" withArrow>
            {common.cta.getStartedFree}
          </CtaButton>
        }
      >
        <CheckList items={copy.highlights} className="mt-8 text-slate-700" />
      </PageHero>

      <Section aria-labelledby="capabilities-title">
        <SectionHeading
          id="capabilities-title"
          title={copy.sectionsTitle}
          lead={copy.sectionsLead}
          align="left"
        />
        <div className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {copy.sections.map((section, index) => (
            <article
              key={section.title}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-xs"
            >
              <span className="text-sm font-bold text-brand-700" aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-2 text-lg font-semibold text-slate-900">{section.title}</h3>
              <p className="mt-2 text-slate-600">{section.text}</p>
              {section.points ? (
                <CheckList items={section.points} className="mt-4 text-sm text-slate-700" />
              ) : null}
            </article>
          ))}
        </div>
      </Section>

      <section
        aria-labelledby="facts-title"
        className="border-y border-slate-200 bg-slate-50 py-14"
      >
        <Container>
          <h2
            id="facts-title"
            className="text-center text-sm font-semibold uppercase tracking-wider text-slate-600"
          >
            {copy.factsTitle}
          </h2>
          <dl className="mt-8 grid gap-6 text-center sm:grid-cols-2 lg:grid-cols-4">
            {copy.facts.map((fact) => (
              <div key={fact.label} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
                <dt className="sr-only">{fact.label}</dt>
                <dd>
                  <span className="block bg-gradient-to-r from-brand-700 to-accent-pink bg-clip-text text-4xl font-extrabold tracking-tight text-transparent">
                    {fact.value}
                  </span>
                  <span className="mt-2 block text-sm text-slate-600">{fact.label}</span>
                </dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>

      {copy.steps ? (
        <Section aria-labelledby="steps-title">
          <SectionHeading id="steps-title" title={copy.steps.title} />
          <ol className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-3">
            {copy.steps.items.map((step, index) => (
              <li
                key={step.title}
                className="relative rounded-2xl bg-gradient-to-b from-brand-50 to-white p-6 ring-1 ring-brand-100"
              >
                <span className="flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </Section>
      ) : null}

      <FaqSection id="page-faq" title={copy.faqTitle} entries={copy.faq} />

      <section
        aria-labelledby="related-title"
        className="border-t border-slate-200 bg-slate-50 py-16"
      >
        <Container>
          <h2 id="related-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {relatedTitle}
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((link) => (
              <li key={link.href}>
                <Link
                  to={link.href}
                  className="group flex h-full flex-col rounded-2xl bg-white p-5 ring-1 ring-slate-200 transition-shadow hover:shadow-md"
                >
                  <span className="flex items-center justify-between font-semibold text-slate-900">
                    {link.title}
                    <ArrowRight
                      aria-hidden="true"
                      className="size-4 text-brand-700 transition-transform group-hover:translate-x-0.5"
                    />
                  </span>
                  <span className="mt-1 text-sm text-slate-600">{link.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <ClosingCta title={copy.closing.title} text={copy.closing.text} />
    </>
  );
}
