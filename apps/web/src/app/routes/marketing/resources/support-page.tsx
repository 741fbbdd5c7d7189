import { ArrowRight, Mail } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "../../../../features/marketing/components/page-hero.tsx";
import { PageMeta } from "../../../../features/marketing/components/page-meta.tsx";
import { Container } from "../../../../features/marketing/components/section.tsx";
import { SupportForm } from "../../../../features/marketing/components/support-form.tsx";
import { useCopy } from "../../../../features/marketing/copy/define-copy.ts";
import { supportCopy } from "../../../../features/marketing/copy/pages/support.ts";

/** /resources/support: FAQ and the contact form (POST /api/support/requests). */
export default function SupportPage() {
  const copy = useCopy(supportCopy);
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <PageHero eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
      <Container className="grid gap-12 py-14 sm:py-20 lg:grid-cols-[1fr_1fr] lg:gap-16">
        <section aria-labelledby="support-faq-title">
          <h2
            id="support-faq-title"
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            {copy.faqTitle}
          </h2>
          <p className="mt-2 text-slate-600">{copy.faqLead}</p>
          {/* Answers stay open here: people come to this page to read them. */}
          <dl className="mt-8 space-y-6">
            {copy.faq.map((entry) => (
              <div key={entry.question} className="border-t border-slate-200 pt-6">
                <dt className="font-semibold text-slate-900">{entry.question}</dt>
                <dd className="mt-2 text-slate-600">{entry.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section
          id="contact"
          aria-labelledby="contact-form-title"
          className="scroll-mt-20 self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-lg shadow-slate-900/5 sm:p-8 lg:sticky lg:top-24"
        >
          <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {copy.form.title}
          </h2>
          <p className="mt-2 mb-6 text-slate-600">{copy.form.lead}</p>
          <SupportForm />
        </section>
      </Container>
      <section
        aria-labelledby="contacts-title"
        className="border-t border-slate-200 bg-slate-50 py-14"
      >
        <Container className="grid gap-12 lg:grid-cols-2">
          <div>
            <h2 id="contacts-title" className="text-xl font-bold text-slate-900">
              {copy.contactTitle}
            </h2>
            <ul className="mt-6 grid gap-4 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
              {copy.contacts.map((contact) => (
                <li key={contact.email} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
                  <p className="font-semibold text-slate-900">{contact.title}</p>
                  <p className="mt-1 text-sm text-slate-600">{contact.text}</p>
                  <a
                    href={`mailto:${contact.email}`}
                    className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium break-all text-brand-700 hover:underline"
                  >
                    <Mail aria-hidden="true" className="size-4 shrink-0" />
                    {contact.email}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-xl font-bold text-slate-900">{copy.helpfulTitle}</h2>
            <ul className="mt-6 space-y-3">
              {copy.helpful.map((page) => (
                <li key={page.href}>
                  <Link
                    to={page.href}
                    className="group flex items-center justify-between gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand-300"
                  >
                    <span>
                      <span className="block font-semibold text-slate-900">{page.title}</span>
                      <span className="block text-sm text-slate-600">{page.text}</span>
                    </span>
                    <ArrowRight
                      aria-hidden="true"
                      className="size-5 shrink-0 text-brand-700 transition-transform group-hover:translate-x-0.5"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </Container>
      </section>
    </>
  );
}
