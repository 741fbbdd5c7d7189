import { ArrowRight, ChevronDown, Menu, X } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { Logo } from "../../../components/ui/logo.tsx";
import { PopoverPanel, popoverTriggerProps } from "../../../components/ui/popover.tsx";
import { paths } from "../../../config/paths.ts";
import { authCtaMarker, useAuthCta } from "../../../lib/auth-cta.tsx";
import { cn } from "../../../utils/cn.ts";
import {
  channelNames,
  comingSoonChannels,
  featureLinks,
  type NavLink,
  resourceLinks,
  solutionLinks,
} from "../config/site.ts";
import { type CommonCopy, commonCopy } from "../copy/common.ts";
import { useCopy } from "../copy/define-copy.ts";
import { BrandIcon } from "./brand-icons.tsx";
import { ComingSoonChannel } from "./coming-soon-channel.tsx";
import { CtaButton } from "./cta-button.tsx";
import { LanguageMenu } from "./language-menu.tsx";

const triggerClass =
  "inline-flex h-10 items-center gap-1 rounded-lg px-2 text-sm font-semibold xl:px-3 text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 [&:has(+:popover-open)]:bg-slate-100 [&:has(+:popover-open)]:text-slate-900";

function usePanelId(name: string) {
  return `${name}-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
}

function NavMenu({
  label,
  name,
  children,
  className,
}: {
  label: string;
  name: string;
  children: ReactNode;
  className?: string;
}) {
  const panelId = usePanelId(name);
  return (
    <li>
      <button type="button" className={triggerClass} {...popoverTriggerProps(panelId)}>
        {label}
        <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
      </button>
      <PopoverPanel
        id={panelId}
        aria-label={label}
        className={cn(
          "inset-auto left-1/2 top-[4.25rem] w-[min(46rem,calc(100vw-2rem))] -translate-x-1/2 p-3",
          className,
        )}
      >
        {children}
      </PopoverPanel>
    </li>
  );
}

function MenuLinkGrid<K extends string>({
  links,
  items,
}: {
  links: NavLink<K>[];
  items: Record<K, { title: string; description: string }>;
}) {
  return (
    <ul className="grid gap-1 sm:grid-cols-2">
      {links.map(({ key, href, icon: Icon }) => (
        <li key={key}>
          <Link
            to={href}
            className="group flex gap-3 rounded-xl p-3 transition-colors hover:bg-slate-50"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-inset ring-brand-100 group-hover:bg-brand-100">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span>
              <span className="block text-sm font-semibold text-slate-900">{items[key].title}</span>
              <span className="mt-0.5 block text-sm leading-snug text-slate-600">
                {items[key].description}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function IntegrationsPanel({ copy }: { copy: CommonCopy }) {
  const cta = useAuthCta();
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_1.2fr]">
      <button
        type="button"
        {...authCtaMarker("signup")}
        onClick={(event) => {
          event.currentTarget.closest<HTMLElement>("[popover]")?.hidePopover();
          cta("signup");
        }}
        className="flex flex-col items-start gap-3 rounded-xl bg-gradient-to-br from-brand-50 to-pink-50 p-4 text-left ring-1 ring-inset ring-brand-100 transition-shadow hover:shadow-md"
      >
        <span className="flex size-10 items-center justify-center rounded-lg bg-white text-brand-700 shadow-sm">
          <BrandIcon channel="instagram" className="size-5" />
        </span>
        <span>
          <span className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            {copy.nav.integrationsMenu.instagramTitle}
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              {copy.channels.available}
            </span>
          </span>
          <span className="mt-1 block text-sm text-slate-600">
            {copy.nav.integrationsMenu.instagramDescription}
          </span>
        </span>
        <span className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
          {copy.channels.connectInstagram}
          <ArrowRight aria-hidden="true" className="size-4" />
        </span>
      </button>
      <div className="p-2">
        <p className="text-sm font-semibold text-slate-900">
          {copy.nav.integrationsMenu.comingSoonTitle}
        </p>
        <p className="text-sm text-slate-600">{copy.nav.integrationsMenu.comingSoonDescription}</p>
        <ul className="mt-3 grid grid-cols-2 gap-2">
          {comingSoonChannels.map((channel) => (
            <li key={channel}>
              <ComingSoonChannel
                channel={channel}
                label={`${channelNames[channel]}, ${copy.channels.comingSoon}`}
                className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-600"
              >
                <BrandIcon channel={channel} className="size-4 text-slate-500" />
                {channelNames[channel]}
              </ComingSoonChannel>
            </li>
          ))}
        </ul>
        <Link
          to={`${paths.home}#channels`}
          className="mt-3 inline-flex items-center gap-1 px-2 text-sm font-semibold text-brand-700 hover:underline"
        >
          {copy.nav.allChannels}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </div>
  );
}

function MobileGroup<K extends string>({
  title,
  links,
  items,
}: {
  title: string;
  links: NavLink<K>[];
  items: Record<K, { title: string }>;
}) {
  return (
    <details name="mobile-nav" className="group border-b border-slate-200">
      <summary className="flex cursor-pointer list-none items-center justify-between py-4 text-base font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDown
          aria-hidden="true"
          className="size-5 text-slate-500 transition-transform group-open:rotate-180"
        />
      </summary>
      <ul className="grid gap-1 pb-4">
        {links.map(({ key, href, icon: Icon }) => (
          <li key={key}>
            <Link
              to={href}
              className="flex items-center gap-3 rounded-lg px-2 py-2.5 text-slate-700 hover:bg-slate-50"
            >
              <Icon aria-hidden="true" className="size-5 text-brand-700" />
              {items[key].title}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

function MobileMenu({ copy }: { copy: CommonCopy }) {
  const panelId = usePanelId("mobile-menu");
  const closePanel = (element: HTMLElement) =>
    element.closest<HTMLElement>("[popover]")?.hidePopover();
  return (
    <>
      <button
        type="button"
        {...popoverTriggerProps(panelId)}
        aria-label={copy.nav.openMenu}
        className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      <PopoverPanel
        id={panelId}
        aria-label={copy.nav.menuTitle}
        className="inset-0 h-dvh max-h-none w-full max-w-none overflow-y-auto rounded-none border-0 px-4 pb-8 sm:px-6 lg:hidden"
      >
        <div className="flex h-16 items-center justify-between">
          <Logo />
          <button
            type="button"
            popoverTarget={panelId}
            popoverTargetAction="hide"
            aria-label={copy.nav.menuTitle}
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        <nav aria-label={copy.nav.label} className="mt-2">
          <MobileGroup
            title={copy.nav.features}
            links={featureLinks}
            items={copy.nav.featureItems}
          />
          <details name="mobile-nav" className="group border-b border-slate-200">
            <summary className="flex cursor-pointer list-none items-center justify-between py-4 text-base font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              {copy.nav.integrations}
              <ChevronDown
                aria-hidden="true"
                className="size-5 text-slate-500 transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="pb-4">
              <IntegrationsPanel copy={copy} />
            </div>
          </details>
          <MobileGroup
            title={copy.nav.solutions}
            links={solutionLinks}
            items={copy.nav.solutionItems}
          />
          <Link
            to={paths.investors}
            className="block border-b border-slate-200 py-4 text-base font-semibold text-slate-900"
          >
            {copy.nav.investors}
          </Link>
          <MobileGroup
            title={copy.nav.resources}
            links={resourceLinks}
            items={copy.nav.resourceItems}
          />
        </nav>
        <div className="mt-6 grid gap-3">
          <CtaButton
            intent="signup"
            variant="gradient"
            size="lg"
            onClick={(event) => closePanel(event.currentTarget)}
          >
            {copy.nav.getStarted}
          </CtaButton>
          <CtaButton
            intent="login"
            variant="outline"
            size="lg"
            onClick={(event) => closePanel(event.currentTarget)}
          >
            {copy.nav.logIn}
          </CtaButton>
        </div>
      </PopoverPanel>
    </>
  );
}

/** Spec §2: sticky header with Features, Integrations and Solutions menus, Investors, Resources,
 * a language icon, 'Log in' and 'Get started free'. */
export function SiteHeader() {
  const copy = useCopy(commonCopy);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:shadow-lg"
      >
        {copy.skipToContent}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 xl:px-8">
        <Link to={paths.home} aria-label={copy.homeLabel} className="mr-2 shrink-0 rounded-lg">
          <Logo />
        </Link>
        <nav aria-label={copy.nav.label} className="hidden lg:block">
          <ul className="flex items-center">
            <NavMenu label={copy.nav.features} name="features">
              <MenuLinkGrid links={featureLinks} items={copy.nav.featureItems} />
              <div className="mt-2 flex items-center justify-between rounded-xl bg-slate-50 px-4 py-3">
                <p className="text-sm text-slate-600">{copy.cta.noCard}</p>
                <Link
                  to={paths.features.overview}
                  className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                >
                  {copy.nav.allFeatures}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </div>
            </NavMenu>
            <NavMenu label={copy.nav.integrations} name="integrations">
              <IntegrationsPanel copy={copy} />
            </NavMenu>
            <NavMenu label={copy.nav.solutions} name="solutions">
              <MenuLinkGrid links={solutionLinks} items={copy.nav.solutionItems} />
            </NavMenu>
            <li>
              <Link to={paths.investors} className={triggerClass}>
                {copy.nav.investors}
              </Link>
            </li>
            <NavMenu label={copy.nav.resources} name="resources">
              <MenuLinkGrid links={resourceLinks} items={copy.nav.resourceItems} />
            </NavMenu>
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LanguageMenu />
          <CtaButton intent="login" variant="ghost" className="hidden px-3 sm:inline-flex">
            {copy.nav.logIn}
          </CtaButton>
          <CtaButton intent="signup" variant="gradient" className="hidden sm:inline-flex">
            {copy.nav.getStarted}
          </CtaButton>
          <MobileMenu copy={copy} />
        </div>
      </div>
    </header>
  );
}
