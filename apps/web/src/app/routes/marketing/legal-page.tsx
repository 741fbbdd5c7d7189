import { Mail } from "lucide-react";
import { DataDeletionStatusPanel } from "../../../features/marketing/components/data-deletion-status.tsx";
import { PageHero } from "../../../features/marketing/components/page-hero.tsx";
import { PageMeta } from "../../../features/marketing/components/page-meta.tsx";
import { Prose } from "../../../features/marketing/components/prose.tsx";
import { Container } from "../../../features/marketing/components/section.tsx";
import { TableOfContents } from "../../../features/marketing/components/table-of-contents.tsx";
import { company } from "../../../features/marketing/config/site.ts";
import {
  type LegalAttributes,
  type LocalizedDocument,
  pickDocument,
} from "../../../features/marketing/content/documents.ts";
import type { LegalSlug } from "../../../features/marketing/content/legal.ts";
import { commonCopy } from "../../../features/marketing/copy/common.ts";
import { fill, useCopy, useLanguage } from "../../../features/marketing/copy/define-copy.ts";
import { documentsCopy } from "../../../features/marketing/copy/documents.ts";
import { formatDate } from "../../../features/marketing/utils/format-date.ts";

const contactFor: Record<LegalSlug, string> = {
  "privacy-policy": company.privacyEmail,
  "terms-of-service": company.supportEmail,
  "data-deletion": company.privacyEmail,
  investors: company.investorsEmail,
};

/** /privacy-policy, /terms-of-service, /data-deletion and /investors, from Markdown. */
export function LegalPage({
  slug,
  document: localized,
}: {
  slug: LegalSlug;
  document: LocalizedDocument<LegalAttributes>;
}) {
  const language = useLanguage();
  const copy = useCopy(documentsCopy);
  const common = useCopy(commonCopy);
  const { document, isFallback } = pickDocument(localized, language);
  const { title, description, updated } = document.attributes;
  const email = contactFor[slug];
  return (
    <>
      <PageMeta title={title} description={description} />
      <PageHero
        eyebrow={slug === "investors" ? common.nav.investors : common.footer.legal}
        title={title}
        lead={description}
      >
        <p className="mt-6 text-sm text-slate-600">
          {fill(copy.updated, { date: formatDate(updated, language) })}
        </p>
      </PageHero>
      <Container className="grid gap-12 py-12 sm:py-16 lg:grid-cols-[15rem_minmax(0,1fr)] xl:grid-cols-[16rem_minmax(0,48rem)]">
        <aside className="hidden lg:block">
          <div className="sticky top-24 space-y-8">
            <TableOfContents title={common.labels.onThisPage} headings={document.headings} />
            <div className="rounded-xl bg-slate-50 p-4 text-sm">
              <p className="font-semibold text-slate-900">{copy.contactTitle}</p>
              <p className="mt-1 text-slate-600">{copy.contactText}</p>
              <a
                href={`mailto:${email}`}
                className="mt-3 inline-flex items-center gap-1.5 font-medium break-all text-brand-700 hover:underline"
              >
                <Mail aria-hidden="true" className="size-4 shrink-0" />
                {email}
              </a>
            </div>
          </div>
        </aside>
        <div className="min-w-0">
          {slug === "data-deletion" ? (
            <div className="mb-10">
              <DataDeletionStatusPanel />
            </div>
          ) : null}
          {isFallback ? (
            <p className="mb-8 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200">
              {copy.englishOnlyDocument}
            </p>
          ) : null}
          <Prose html={document.html} lang={isFallback ? "en" : undefined} />
        </div>
      </Container>
    </>
  );
}
