import {
  ArrowRight,
  BadgeCheck,
  BarChart3,
  Building2,
  CalendarClock,
  ChartColumn,
  Check,
  ChevronDown,
  Compass,
  FileText,
  Inbox,
  KeyRound,
  LineChart,
  Lock,
  MessagesSquare,
  Minus,
  Newspaper,
  PenLine,
  Play,
  Radar,
  Rocket,
  ScrollText,
  ShieldCheck,
  Sparkles,
  Store,
  Trash2,
  UserRound,
  Users,
  Workflow,
} from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { paths } from "../../../config/paths.ts";
import { authCtaMarker, useAuthCta } from "../../../lib/auth-cta.tsx";
import { cn } from "../../../utils/cn.ts";
import { channelNames, comingSoonChannels } from "../config/site.ts";
import { commonCopy } from "../copy/common.ts";
import { useCopy } from "../copy/define-copy.ts";
import { landingCopy } from "../copy/landing.ts";
import { BrandIcon } from "./brand-icons.tsx";
import { ComingSoonChannel } from "./coming-soon-channel.tsx";
import { CtaButton } from "./cta-button.tsx";
import { FaqSection } from "./faq-section.tsx";
import { AiTeamMockup, DashboardMockup } from "./mockups.tsx";
import { Container, Section, SectionHeading } from "./section.tsx";

const DemoVideoDialog = lazy(() => import("./demo-video-dialog.tsx"));

export function Hero() {
  const copy = useCopy(landingCopy);
  const common = useCopy(commonCopy);
  const [demo, setDemo] = useState<{ open: boolean; mounted: boolean }>({
    open: false,
    mounted: false,
  });
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,var(--color-brand-100),transparent_60%)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[36rem] bg-[linear-gradient(to_right,rgb(226_232_240/0.6)_1px,transparent_1px),linear-gradient(to_bottom,rgb(226_232_240/0.6)_1px,transparent_1px)] bg-[size:3rem_3rem] [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]"
      />
      <Container className="relative pt-14 pb-10 text-center sm:pt-20 lg:pt-24">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-200">
          <BrandIcon channel="instagram" className="size-4 text-brand-700" />
          {copy.hero.eyebrow}
        </p>
        <h1
          id="hero-title"
          className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl lg:text-7xl"
        >
          {copy.hero.titleStart}{" "}
          <span className="bg-gradient-to-r from-brand-600 to-accent-pink bg-clip-text text-transparent">
            {copy.hero.titleHighlight}
          </span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 sm:text-xl">
          {copy.hero.lead}
        </p>
        <div className="mt-9 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <CtaButton
            intent="signup"
            variant="gradient"
            size="lg"
            withArrow
            className="w-full sm:w-auto"
          >
            {common.cta.getStartedFree}
          </CtaButton>
          <Button
            type="button"
            variant="outline"
            size="lg"
            className="w-full sm:w-auto"
            aria-haspopup="dialog"
            onClick={() => setDemo({ open: true, mounted: true })}
          >
            <Play aria-hidden="true" className="fill-current" />
            {common.cta.watchDemo}
          </Button>
        </div>
        <p className="mt-4 text-sm text-slate-600">{copy.hero.note}</p>
        <div className="relative mx-auto mt-14 max-w-6xl">
          <div
            aria-hidden="true"
            className="absolute -inset-x-8 -top-8 bottom-0 rounded-[2rem] bg-gradient-to-b from-brand-200/50 via-pink-100/40 to-transparent blur-2xl"
          />
          <DashboardMockup className="relative" />
        </div>
        <ul className="mx-auto mt-10 flex max-w-4xl flex-col items-center justify-center gap-3 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-8">
          {copy.hero.trust.map((item) => (
            <li key={item} className="flex items-center gap-2">
              <BadgeCheck aria-hidden="true" className="size-4 text-brand-600" />
              {item}
            </li>
          ))}
        </ul>
        <a
          href="#features"
          aria-label={copy.hero.scrollToFeatures}
          className="mx-auto mt-10 flex size-11 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-sm transition-colors hover:border-brand-300 hover:text-brand-700 motion-safe:animate-bounce"
        >
          <ChevronDown aria-hidden="true" className="size-5" />
        </a>
      </Container>
      {demo.mounted ? (
        <Suspense fallback={null}>
          <DemoVideoDialog
            open={demo.open}
            onOpenChange={(open) => setDemo((d) => ({ ...d, open }))}
            title={copy.demo.title}
            description={copy.demo.description}
            closeLabel={copy.demo.close}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

const featureIcons = {
  analytics: BarChart3,
  audience: Users,
  posts: ChartColumn,
  inbox: MessagesSquare,
  scheduler: CalendarClock,
  trendRadar: Radar,
  pressRadar: Newspaper,
  automations: Workflow,
} as const;

export function FeaturesSection() {
  const copy = useCopy(landingCopy).features;
  const common = useCopy(commonCopy);
  return (
    <Section id="features" aria-labelledby="features-title">
      <SectionHeading id="features-title" title={copy.title} lead={copy.lead} />
      <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {(Object.keys(copy.items) as (keyof typeof copy.items)[]).map((key) => {
          const item = copy.items[key];
          const Icon = featureIcons[key];
          return (
            <li
              key={key}
              className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 transition-shadow hover:shadow-lg"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-inset ring-brand-100">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-5 font-semibold text-slate-900">
                <Link to={item.link} className="after:absolute after:inset-0">
                  {item.title}
                </Link>
              </h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{item.text}</p>
              <span
                aria-hidden="true"
                className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700"
              >
                {common.labels.explore}
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export function ChannelsSection() {
  const copy = useCopy(landingCopy).channels;
  const common = useCopy(commonCopy);
  const cta = useAuthCta();
  return (
    <Section id="channels" tone="muted" aria-labelledby="channels-title">
      <SectionHeading id="channels-title" title={copy.title} lead={copy.lead} />
      <div className="mx-auto mt-12 grid max-w-5xl gap-5 lg:grid-cols-[1.1fr_1.4fr]">
        <button
          type="button"
          {...authCtaMarker("signup")}
          onClick={() => cta("signup")}
          className="group relative flex flex-col items-start rounded-2xl bg-white p-6 text-left shadow-sm ring-2 ring-brand-600 transition-shadow hover:shadow-lg"
        >
          <span className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-accent-pink text-white">
            <BrandIcon channel="instagram" className="size-6" />
          </span>
          <span className="mt-5 flex items-center gap-2">
            <span className="text-lg font-semibold text-slate-900">Instagram</span>
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              {common.channels.available}
            </span>
          </span>
          <span className="mt-2 text-sm text-slate-600">{copy.instagramText}</span>
          <span className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
            {common.channels.connectInstagram}
            <ArrowRight
              aria-hidden="true"
              className="size-4 transition-transform group-hover:translate-x-0.5"
            />
          </span>
        </button>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3">
          {comingSoonChannels.map((channel) => (
            <li key={channel}>
              <ComingSoonChannel
                channel={channel}
                label={`${channelNames[channel]}, ${common.channels.comingSoon}`}
                className="flex h-full items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white/60 p-4"
              >
                <BrandIcon channel={channel} className="size-6 shrink-0 text-slate-500" />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-semibold text-slate-700">
                    {channelNames[channel]}
                  </span>
                  <span className="block text-xs text-slate-600">{common.channels.comingSoon}</span>
                </span>
              </ComingSoonChannel>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

const stepIcons = [UserRound, BrandInstagram, LineChart, MessagesSquare];

function BrandInstagram(props: { className?: string; "aria-hidden"?: boolean | "true" }) {
  return <BrandIcon channel="instagram" {...props} />;
}

export function HowItWorksSection() {
  const copy = useCopy(landingCopy).howItWorks;
  return (
    <Section id="how-it-works" aria-labelledby="how-title">
      <SectionHeading id="how-title" title={copy.title} lead={copy.lead} />
      <ol className="relative mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {copy.steps.map((step, index) => {
          const Icon = stepIcons[index] ?? Compass;
          return (
            <li
              key={step.title}
              className="relative rounded-2xl border border-slate-200 bg-white p-6"
            >
              <div className="flex items-center justify-between">
                <span className="flex size-11 items-center justify-center rounded-xl bg-slate-900 text-white">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {/* Decorative step number, drawn by CSS so it is not read or contrast-checked as text. */}
                <span
                  aria-hidden="true"
                  data-step={String(index + 1).padStart(2, "0")}
                  className="text-4xl font-extrabold text-slate-200 before:content-[attr(data-step)]"
                />
              </div>
              <h3 className="mt-5 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.text}</p>
            </li>
          );
        })}
      </ol>
    </Section>
  );
}

const roleIcons = {
  manager: CalendarClock,
  secretary: Inbox,
  mentor: Compass,
  creator: PenLine,
  analyst: LineChart,
} as const;

export function AiTeamSection() {
  const copy = useCopy(landingCopy).aiTeam;
  return (
    <Section id="ai-team" tone="muted" aria-labelledby="ai-team-title">
      <div className="grid items-center gap-12 lg:grid-cols-[1fr_1.05fr]">
        <div>
          <SectionHeading
            id="ai-team-title"
            eyebrow={copy.eyebrow}
            title={copy.title}
            lead={copy.lead}
            align="left"
          />
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {(Object.keys(copy.roles) as (keyof typeof copy.roles)[]).map((key) => {
              const role = copy.roles[key];
              const Icon = roleIcons[key];
              return (
                <li
                  key={key}
                  className="rounded-xl bg-white p-4 ring-1 ring-slate-200 last:sm:col-span-2"
                >
                  <p className="flex items-center gap-2">
                    <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white">
                      <Icon aria-hidden="true" className="size-4" />
                    </span>
                    <span className="text-sm font-bold text-slate-900">{role.label}</span>
                  </p>
                  <h3 className="mt-3 text-sm font-semibold text-slate-900">{role.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600">{role.text}</p>
                </li>
              );
            })}
          </ul>
          <p className="mt-6 flex gap-2 text-sm text-slate-600">
            <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            {copy.honesty}
          </p>
        </div>
        <AiTeamMockup />
      </div>
    </Section>
  );
}

const workflowIcons = {
  creators: UserRound,
  agencies: Building2,
  smbEcommerce: Store,
  startups: Rocket,
} as const;

export function WorkflowsSection() {
  const copy = useCopy(landingCopy).workflows;
  return (
    <Section id="workflows" aria-labelledby="workflows-title">
      <SectionHeading id="workflows-title" title={copy.title} lead={copy.lead} />
      <ul className="mt-14 grid gap-5 md:grid-cols-2 lg:grid-cols-4">
        {(Object.keys(copy.items) as (keyof typeof copy.items)[]).map((key) => {
          const item = copy.items[key];
          const Icon = workflowIcons[key];
          return (
            <li
              key={key}
              className="group relative flex flex-col rounded-2xl border border-slate-200 bg-gradient-to-b from-white to-slate-50 p-6 transition-shadow hover:shadow-lg"
            >
              <Icon aria-hidden="true" className="size-6 text-brand-700" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                <Link to={item.link} className="after:absolute after:inset-0">
                  {item.title}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-slate-600">{item.text}</p>
              <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
                {item.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                    {point}
                  </li>
                ))}
              </ul>
              <ArrowRight
                aria-hidden="true"
                className="mt-5 size-5 text-brand-700 transition-transform group-hover:translate-x-1"
              />
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function PlanValue({ value, yes, no }: { value: string; yes: string; no: string }) {
  if (value === "yes") {
    return (
      <>
        <Check aria-hidden="true" className="mx-auto size-5 text-brand-600" />
        <span className="sr-only">{yes}</span>
      </>
    );
  }
  if (value === "–") {
    return (
      <>
        <Minus aria-hidden="true" className="mx-auto size-5 text-slate-400" />
        <span className="sr-only">{no}</span>
      </>
    );
  }
  return <span>{value}</span>;
}

/** Plans by what each unlocks (design/product.md's table); prices are never shown (spec §1). */
export function PlansSection() {
  const copy = useCopy(landingCopy).plans;
  const common = useCopy(commonCopy);
  return (
    <Section id="plans" tone="muted" aria-labelledby="plans-title">
      <SectionHeading id="plans-title" eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
      {/* Wide screens: one comparison table. */}
      <div className="mt-14 hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:block">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">{copy.title}</caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="w-[34%] p-5 text-left align-bottom font-semibold text-slate-900"
              >
                {copy.capability}
              </th>
              {copy.names.map((name, index) => (
                <th
                  key={name}
                  scope="col"
                  className={cn("p-5 text-center align-bottom", index === 3 && "bg-brand-50/70")}
                >
                  {index === 3 ? (
                    <span className="mb-2 inline-block rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">
                      {copy.recommended}
                    </span>
                  ) : null}
                  <span className="block text-lg font-bold text-slate-900">{name}</span>
                  <span className="mt-1 block text-xs font-normal text-slate-600">
                    {copy.taglines[index]}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {copy.rows.map((row) => (
              <tr key={row.label} className="border-t border-slate-200">
                <th scope="row" className="p-4 pl-5 text-left font-medium text-slate-700">
                  {row.label}
                </th>
                {row.values.map((value, index) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: one cell per plan, fixed order
                    key={index}
                    className={cn(
                      "p-4 text-center text-slate-900",
                      index === 3 && "bg-brand-50/70",
                    )}
                  >
                    <PlanValue value={value} yes={copy.yes} no={copy.no} />
                  </td>
                ))}
              </tr>
            ))}
            <tr className="border-t border-slate-200">
              <td className="p-5" />
              {copy.names.map((name, index) => (
                <td key={name} className={cn("p-4 text-center", index === 3 && "bg-brand-50/70")}>
                  <CtaButton
                    intent="signup"
                    variant={index === 3 ? "gradient" : "outline"}
                    size="sm"
                    className="w-full"
                    aria-label={`${common.cta.getStartedFreeTitle}: ${name}`}
                  >
                    {common.cta.getStartedFreeTitle}
                  </CtaButton>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      {/* Narrow screens: one card per plan. */}
      <ul className="mt-12 grid gap-5 md:grid-cols-2 lg:hidden">
        {copy.names.map((name, planIndex) => (
          <li
            key={name}
            className={cn(
              "rounded-2xl border bg-white p-6 shadow-sm",
              planIndex === 3 ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-200",
            )}
          >
            <h3 className="text-xl font-bold text-slate-900">{name}</h3>
            <p className="mt-1 text-sm text-slate-600">{copy.taglines[planIndex]}</p>
            <dl className="mt-5 space-y-3 text-sm">
              {copy.rows.map((row) => (
                <div
                  key={row.label}
                  className="flex items-start justify-between gap-4 border-t border-slate-100 pt-3"
                >
                  <dt className="text-slate-600">{row.label}</dt>
                  <dd className="shrink-0 text-right font-medium text-slate-900">
                    <PlanValue value={row.values[planIndex] ?? "–"} yes={copy.yes} no={copy.no} />
                  </dd>
                </div>
              ))}
            </dl>
            <CtaButton
              intent="signup"
              variant={planIndex === 3 ? "gradient" : "outline"}
              className="mt-6 w-full"
              aria-label={`${common.cta.getStartedFreeTitle}: ${name}`}
            >
              {common.cta.getStartedFreeTitle}
            </CtaButton>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-slate-600">{copy.note}</p>
    </Section>
  );
}

const securityIcons = [Lock, BadgeCheck, KeyRound, ShieldCheck, Trash2, ScrollText];

export function SecuritySection() {
  const copy = useCopy(landingCopy).security;
  return (
    <section
      id="security"
      aria-labelledby="security-title"
      className="scroll-mt-16 bg-slate-950 py-16 text-white sm:py-24"
    >
      <Container>
        <div className="grid gap-12 lg:grid-cols-[1fr_1.6fr]">
          <div>
            <span className="flex size-12 items-center justify-center rounded-xl bg-white/10 text-white ring-1 ring-white/20">
              <ShieldCheck aria-hidden="true" className="size-6" />
            </span>
            <h2 id="security-title" className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">
              {copy.title}
            </h2>
            <p className="mt-4 text-lg text-slate-300">{copy.lead}</p>
            <p className="mt-8 text-sm font-semibold text-white">{copy.linksTitle}</p>
            <ul className="mt-3 space-y-2">
              {[
                { href: paths.privacyPolicy, label: copy.privacy },
                { href: paths.termsOfService, label: copy.terms },
                { href: paths.dataDeletion, label: copy.dataDeletion },
              ].map((link) => (
                <li key={link.href}>
                  <Link
                    to={link.href}
                    className="inline-flex items-center gap-2 text-brand-200 underline-offset-4 hover:text-white hover:underline"
                  >
                    <FileText aria-hidden="true" className="size-4" />
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {copy.items.map((item, index) => {
              const Icon = securityIcons[index] ?? ShieldCheck;
              return (
                <li key={item.title} className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/10">
                  <Icon aria-hidden="true" className="size-5 text-brand-300" />
                  <h3 className="mt-3 font-semibold text-white">{item.title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-slate-300">{item.text}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </Container>
    </section>
  );
}

export function LandingFaq() {
  const copy = useCopy(landingCopy).faq;
  return (
    <FaqSection
      id="faq"
      eyebrow={copy.eyebrow}
      title={copy.title}
      lead={copy.lead}
      entries={copy.entries}
    />
  );
}
