import { Mail } from "lucide-react";
import { Link } from "react-router";
import { Logo } from "../../../components/ui/logo.tsx";
import { env } from "../../../config/env.ts";
import { paths } from "../../../config/paths.ts";
import {
  company,
  featureLinks,
  resourceLinks,
  socialLinks,
  solutionLinks,
} from "../config/site.ts";
import { commonCopy } from "../copy/common.ts";
import { fill, useCopy } from "../copy/define-copy.ts";
import { BrandIcon } from "./brand-icons.tsx";

function FooterColumn({
  title,
  links,
}: {
  title: string;
  links: { href: string; label: string }[];
}) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="text-sm text-slate-600 hover:text-slate-900">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Spec §1: the footer has social links and legal links; the company is a US LLC with support. */
export function SiteFooter() {
  const copy = useCopy(commonCopy);
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
          <div className="max-w-sm">
            <Link to={paths.home} aria-label={copy.homeLabel} className="inline-block rounded-lg">
              <Logo />
            </Link>
            <p className="mt-4 text-sm leading-relaxed text-slate-600">{copy.footer.tagline}</p>
            <h2 className="sr-only">{copy.footer.socialTitle}</h2>
            <ul className="mt-6 flex gap-2">
              {socialLinks.map((link) => (
                <li key={link.id}>
                  <a
                    href={link.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    aria-label={copy.footer.social[link.id]}
                    className="flex size-10 items-center justify-center rounded-lg border border-slate-200 bg-white text-slate-600 transition-colors hover:border-slate-300 hover:text-slate-900"
                  >
                    <BrandIcon channel={link.id} className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-4 lg:col-span-4">
            <FooterColumn
              title={copy.footer.product}
              links={featureLinks.map((l) => ({
                href: l.href,
                label: copy.nav.featureItems[l.key].title,
              }))}
            />
            <FooterColumn
              title={copy.footer.solutions}
              links={solutionLinks.map((l) => ({
                href: l.href,
                label: copy.nav.solutionItems[l.key].title,
              }))}
            />
            <FooterColumn
              title={copy.footer.resources}
              links={[
                ...resourceLinks.map((l) => ({
                  href: l.href,
                  label: copy.nav.resourceItems[l.key].title,
                })),
                { href: paths.developers, label: copy.footer.developers },
              ]}
            />
            <FooterColumn
              title={copy.footer.company}
              links={[
                { href: paths.investors, label: copy.footer.investors },
                { href: paths.resources.support, label: copy.footer.support },
                { href: paths.privacyPolicy, label: copy.footer.privacy },
                { href: paths.termsOfService, label: copy.footer.terms },
                { href: paths.dataDeletion, label: copy.footer.dataDeletion },
              ]}
            />
          </div>
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-slate-200 pt-8 text-sm text-slate-600 md:flex-row md:items-start md:justify-between">
          <div className="space-y-1">
            <p>{copy.footer.companyLine}</p>
            <p className="flex flex-wrap items-center gap-1.5">
              <Mail aria-hidden="true" className="size-4" />
              {copy.footer.supportLine}
              <a
                href={`mailto:${company.supportEmail}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {company.supportEmail}
              </a>
            </p>
            <p>{fill(copy.footer.copyright, { year: env.buildYear })}</p>
          </div>
          <nav aria-label={copy.footer.legal}>
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              <li>
                <Link to={paths.privacyPolicy} className="hover:text-slate-900">
                  {copy.footer.privacy}
                </Link>
              </li>
              <li>
                <Link to={paths.termsOfService} className="hover:text-slate-900">
                  {copy.footer.terms}
                </Link>
              </li>
              <li>
                <Link to={paths.dataDeletion} className="hover:text-slate-900">
                  {copy.footer.dataDeletion}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
