import {
  ArrowDownRight,
  ArrowUpRight,
  Bell,
  CalendarClock,
  ChartColumn,
  LayoutDashboard,
  MessageCircle,
  MessagesSquare,
  Newspaper,
  Plus,
  Radar,
  Send,
  Settings,
  Sparkles,
  Users,
  Workflow,
} from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../../utils/cn.ts";
import { useCopy } from "../copy/define-copy.ts";
import { mockupsCopy } from "../copy/mockups.ts";

/** An SVG path through evenly spaced points, scaled into a width × height box. */
export function linePath(values: number[], width: number, height: number, padding = 2): string {
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min || 1;
  const step = (width - padding * 2) / Math.max(values.length - 1, 1);
  return values
    .map((value, index) => {
      const x = padding + index * step;
      const y = padding + (height - padding * 2) * (1 - (value - min) / span);
      return `${index === 0 ? "M" : "L"}${x.toFixed(1)} ${y.toFixed(1)}`;
    })
    .join(" ");
}

/**
 * The frame of a product mock-up (HTML and CSS, not an image). The figure is one image to
 * assistive technology, described by its label; the sample figures inside are illustrative.
 */
export function MockupFrame({
  label,
  url,
  children,
  className,
}: {
  label: string;
  url: string;
  children: ReactNode;
  className?: string;
}) {
  const copy = useCopy(mockupsCopy);
  return (
    <div
      role="img"
      aria-label={label}
      className={cn(
        "@container relative overflow-hidden rounded-2xl border border-slate-200 bg-white text-left shadow-2xl shadow-brand-900/10 ring-1 ring-slate-900/5 select-none",
        className,
      )}
    >
      <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
        <span className="flex gap-1.5" aria-hidden="true">
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
        </span>
        <span className="ml-2 min-w-0 flex-1 truncate rounded-md bg-white px-3 py-1 text-[11px] text-slate-600 ring-1 ring-slate-200">
          {url}
        </span>
        <span className="hidden rounded-full bg-amber-100 px-2 py-0.5 text-[10px] font-semibold text-amber-900 @sm:inline">
          {copy.sample}
        </span>
      </div>
      {children}
    </div>
  );
}

const navIcons = [
  LayoutDashboard,
  Users,
  ChartColumn,
  CalendarClock,
  MessagesSquare,
  Radar,
  Newspaper,
  Settings,
];

function AppSidebar({ active }: { active: number }) {
  const copy = useCopy(mockupsCopy);
  return (
    <div className="hidden w-44 shrink-0 border-r border-slate-200 bg-slate-50/60 p-3 @2xl:block">
      <div className="mb-3 flex items-center gap-2 px-2">
        <span className="size-5 rounded-md bg-gradient-to-br from-brand-600 to-accent-pink" />
        <span className="text-xs font-bold text-slate-900">Sightline</span>
      </div>
      <ul className="space-y-0.5">
        {copy.nav.map((item, index) => {
          const Icon = navIcons[index] ?? LayoutDashboard;
          return (
            <li
              key={item}
              className={cn(
                "flex items-center gap-2 rounded-md px-2 py-1.5 text-[11px] font-medium",
                index === active
                  ? "bg-white text-brand-700 shadow-sm ring-1 ring-slate-200"
                  : "text-slate-600",
              )}
            >
              <Icon className="size-3.5" />
              <span className="truncate">{item}</span>
              {index === 6 ? <span className="ml-auto size-1.5 rounded-full bg-brand-600" /> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const reach = [42, 48, 45, 51, 58, 55, 62, 60, 66, 64, 71, 75, 70, 78, 83, 80, 86];
const previous = [40, 43, 41, 44, 47, 45, 49, 46, 50, 52, 51, 53, 55, 54, 56, 58, 57];
const sparks = [
  [10, 11, 11, 12, 12, 13, 14],
  [8, 9, 8, 11, 12, 11, 14],
  [4, 4.2, 4.1, 4.5, 4.4, 4.7, 4.8],
  [6, 5.8, 6.1, 5.7, 5.6, 5.5, 5.4],
];

export function DashboardMockup({ className }: { className?: string }) {
  const copy = useCopy(mockupsCopy);
  const d = copy.dashboard;
  const chart = linePath(reach, 400, 120, 4);
  const chartPrevious = linePath(previous, 400, 120, 4);
  return (
    <MockupFrame label={copy.dashboardLabel} url="sightline.app/dashboard" className={className}>
      <div className="flex">
        <AppSidebar active={0} />
        <div className="min-w-0 flex-1 p-4 @lg:p-5">
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm font-semibold text-slate-900">{d.title}</p>
            <div className="flex items-center gap-2">
              <span className="rounded-md bg-white px-2 py-1 text-[11px] text-slate-700 ring-1 ring-slate-200">
                {d.period}
              </span>
              <span className="hidden items-center gap-1 rounded-md bg-brand-600 px-2 py-1 text-[11px] font-semibold text-white @md:flex">
                <Plus className="size-3" />
                {d.newPost}
              </span>
              <span className="relative hidden text-slate-500 @md:block">
                <Bell className="size-4" />
                <span className="absolute -right-0.5 -top-0.5 size-1.5 rounded-full bg-brand-600" />
              </span>
            </div>
          </div>
          <div className="mt-4 grid grid-cols-2 gap-2.5 @xl:grid-cols-4">
            {d.kpis.map((kpi, index) => (
              <div key={kpi.label} className="rounded-xl border border-slate-200 p-3">
                <p className="truncate text-[11px] font-medium text-slate-600">{kpi.label}</p>
                <p className="mt-1 text-lg font-bold tracking-tight text-slate-900">{kpi.value}</p>
                <div className="mt-1 flex items-end justify-between gap-2">
                  <span
                    className={cn(
                      "inline-flex items-center gap-0.5 text-[11px] font-semibold",
                      kpi.up ? "text-emerald-700" : "text-rose-700",
                    )}
                  >
                    {kpi.up ? (
                      <ArrowUpRight className="size-3" />
                    ) : (
                      <ArrowDownRight className="size-3" />
                    )}
                    {kpi.delta}
                  </span>
                  <svg viewBox="0 0 60 20" className="h-5 w-14" aria-hidden="true">
                    <path
                      d={linePath(sparks[index] ?? [], 60, 20)}
                      fill="none"
                      strokeWidth="1.6"
                      strokeLinecap="round"
                      className={kpi.up ? "stroke-brand-600" : "stroke-rose-500"}
                    />
                  </svg>
                </div>
              </div>
            ))}
          </div>
          <div className="mt-3 grid gap-3 @2xl:grid-cols-[1.6fr_1fr]">
            <div className="rounded-xl border border-slate-200 p-3">
              <div className="flex items-center justify-between">
                <p className="text-xs font-semibold text-slate-900">{d.chartTitle}</p>
                <div className="flex gap-3 text-[10px] text-slate-600">
                  <span className="flex items-center gap-1">
                    <span className="h-0.5 w-3 rounded bg-brand-600" />
                    {d.chartLegend[0]}
                  </span>
                  <span className="hidden items-center gap-1 @md:flex">
                    <span className="h-0.5 w-3 rounded bg-slate-300" />
                    {d.chartLegend[1]}
                  </span>
                </div>
              </div>
              <svg
                viewBox="0 0 400 120"
                className="mt-2 h-28 w-full"
                preserveAspectRatio="none"
                aria-hidden="true"
              >
                <defs>
                  <linearGradient id="mockup-reach-fill" x1="0" y1="0" x2="0" y2="1">
                    <stop offset="0" stopColor="#7c3aed" stopOpacity="0.25" />
                    <stop offset="1" stopColor="#7c3aed" stopOpacity="0" />
                  </linearGradient>
                </defs>
                {[30, 60, 90].map((y) => (
                  <line
                    key={y}
                    x1="0"
                    x2="400"
                    y1={y}
                    y2={y}
                    stroke="#e2e8f0"
                    strokeDasharray="3 4"
                  />
                ))}
                <path d={`${chart} L396 120 L4 120 Z`} fill="url(#mockup-reach-fill)" />
                <path
                  d={chartPrevious}
                  fill="none"
                  stroke="#cbd5e1"
                  strokeWidth="2"
                  vectorEffect="non-scaling-stroke"
                />
                <path
                  d={chart}
                  fill="none"
                  stroke="#7c3aed"
                  strokeWidth="2.5"
                  vectorEffect="non-scaling-stroke"
                />
              </svg>
            </div>
            <div className="rounded-xl bg-gradient-to-br from-brand-50 to-pink-50 p-3 ring-1 ring-brand-100">
              <p className="flex items-center gap-1.5 text-xs font-semibold text-brand-800">
                <Sparkles className="size-3.5" />
                {d.analystTitle}
              </p>
              <p className="mt-2 text-[12px] leading-snug text-slate-800">{d.analystText}</p>
              <ul className="mt-2 space-y-1">
                {d.analystFacts.map((fact) => (
                  <li
                    key={fact}
                    className="rounded-md bg-white/80 px-2 py-1 text-[11px] text-slate-700"
                  >
                    {fact}
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <div className="mt-3 hidden rounded-xl border border-slate-200 p-3 @lg:block">
            <p className="text-xs font-semibold text-slate-900">{d.upcomingTitle}</p>
            <ul className="mt-2 divide-y divide-slate-100">
              {d.upcoming.map((post) => (
                <li key={post.caption} className="flex items-center gap-3 py-1.5 text-[11px]">
                  <span className="size-7 shrink-0 rounded-md bg-gradient-to-br from-brand-300 to-pink-300" />
                  <span className="min-w-0 flex-1 truncate text-slate-800">{post.caption}</span>
                  <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
                    {post.type}
                  </span>
                  <span className="w-16 text-right text-slate-600">{post.time}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </MockupFrame>
  );
}

function Avatar({ name, className }: { name: string; className?: string }) {
  const hues = [
    "from-amber-300 to-rose-400",
    "from-sky-300 to-indigo-400",
    "from-emerald-300 to-teal-500",
    "from-fuchsia-300 to-brand-500",
  ];
  const hue = hues[name.length % hues.length];
  return (
    <span
      className={cn(
        "flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br text-[11px] font-bold text-white uppercase",
        hue,
        className,
      )}
    >
      {name.slice(0, 1)}
    </span>
  );
}

export function InboxMockup({ className }: { className?: string }) {
  const copy = useCopy(mockupsCopy);
  const inbox = copy.inbox;
  return (
    <MockupFrame label={copy.inboxLabel} url="sightline.app/messages" className={className}>
      <div className="flex @xl:min-h-80">
        <div className="w-full border-r border-slate-200 @xl:w-64 @xl:shrink-0">
          <div className="flex gap-1 overflow-hidden border-b border-slate-200 p-2">
            {inbox.filters.map((filter, index) => (
              <span
                key={filter}
                className={cn(
                  "shrink-0 rounded-md px-2 py-1 text-[11px] font-medium whitespace-nowrap",
                  index === 0 ? "bg-brand-600 text-white" : "text-slate-600",
                )}
              >
                {filter}
              </span>
            ))}
          </div>
          <ul>
            {inbox.conversations.map((conversation, index) => (
              <li
                key={conversation.name}
                className={cn(
                  "flex items-center gap-2.5 border-b border-slate-100 px-3 py-2.5",
                  index === 0 && "bg-brand-50/70",
                )}
              >
                <Avatar name={conversation.name} />
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-1.5 text-[12px] font-semibold text-slate-900">
                    <span className="truncate">{conversation.name}</span>
                    {conversation.kind === "comment" ? (
                      <MessageCircle className="size-3 shrink-0 text-slate-500" />
                    ) : null}
                  </p>
                  <p className="truncate text-[11px] text-slate-600">{conversation.preview}</p>
                </div>
                <div className="flex flex-col items-end gap-1">
                  <span className="text-[10px] text-slate-600">{conversation.time}</span>
                  {conversation.unread ? (
                    <span className="size-2 rounded-full bg-brand-600" />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div className="hidden min-w-0 flex-1 flex-col @xl:flex">
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-2.5">
            <Avatar name={inbox.threadName} className="size-7" />
            <p className="text-[12px] font-semibold text-slate-900">{inbox.threadName}</p>
            <span className="ml-auto rounded-full bg-emerald-50 px-2 py-0.5 text-[10px] font-semibold text-emerald-800 ring-1 ring-emerald-200">
              {inbox.window}
            </span>
          </div>
          <div className="flex-1 space-y-2 p-4">
            {inbox.messages.map((message) => (
              <div
                key={message.text}
                className="max-w-[80%] rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-[12px] text-slate-800"
              >
                {message.text}
                <span className="ml-2 text-[10px] text-slate-600">{message.time}</span>
              </div>
            ))}
          </div>
          <div className="border-t border-slate-200 p-3">
            <div className="rounded-xl bg-brand-50 p-2.5 ring-1 ring-brand-100">
              <p className="flex items-center gap-1 text-[10px] font-semibold text-brand-800">
                <Sparkles className="size-3" />
                {inbox.suggestionLabel}
              </p>
              <p className="mt-1 text-[12px] text-slate-800">{inbox.suggestion}</p>
            </div>
            <div className="mt-2 flex items-center gap-2">
              <span className="flex-1 rounded-lg border border-slate-200 px-3 py-1.5 text-[11px] text-slate-500">
                {inbox.replyPlaceholder}
              </span>
              <span className="flex items-center gap-1 rounded-lg bg-brand-600 px-2.5 py-1.5 text-[11px] font-semibold text-white">
                <Send className="size-3" />
                {inbox.send}
              </span>
            </div>
          </div>
        </div>
      </div>
    </MockupFrame>
  );
}

const statusStyles = {
  scheduled: "bg-brand-50 text-brand-800 ring-brand-200",
  published: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  draft: "bg-slate-100 text-slate-700 ring-slate-200",
} as const;

export function CalendarMockup({ className }: { className?: string }) {
  const copy = useCopy(mockupsCopy);
  const calendar = copy.calendar;
  return (
    <MockupFrame
      label={copy.calendarLabel}
      url="sightline.app/content-scheduler"
      className={className}
    >
      <div className="p-4">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold text-slate-900">{calendar.title}</p>
          <span className="flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-[10px] font-semibold text-amber-900 ring-1 ring-amber-200">
            <Sparkles className="size-3" />
            {calendar.bestTime} 19:00
          </span>
        </div>
        <div className="mt-3 grid grid-cols-7 gap-1.5">
          {calendar.days.map((day, index) => {
            const posts = calendar.posts.filter((post) => post.day === index);
            return (
              <div key={day} className="min-w-0">
                <p className="text-center text-[10px] font-semibold text-slate-600">{day}</p>
                <div
                  className={cn(
                    "mt-1 flex h-28 flex-col gap-1 rounded-lg border border-dashed p-1",
                    index === 1 ? "border-amber-300 bg-amber-50/40" : "border-slate-200",
                  )}
                >
                  {posts.map((post) => (
                    <div
                      key={`${post.day}-${post.time}`}
                      className={cn(
                        "rounded-md px-1 py-1 ring-1 ring-inset",
                        statusStyles[post.status],
                      )}
                    >
                      <span className="mb-1 block h-6 rounded bg-gradient-to-br from-brand-300 to-pink-300" />
                      <p className="truncate text-[9px] font-semibold">{post.time}</p>
                      <p className="truncate text-[9px]">{post.type}</p>
                    </div>
                  ))}
                </div>
              </div>
            );
          })}
        </div>
        <div className="mt-3 flex flex-wrap gap-3 text-[10px] text-slate-600">
          {(Object.keys(calendar.statuses) as (keyof typeof statusStyles)[]).map((status) => (
            <span key={status} className="flex items-center gap-1">
              <span className={cn("size-2 rounded-full ring-1 ring-inset", statusStyles[status])} />
              {calendar.statuses[status]}
            </span>
          ))}
        </div>
      </div>
    </MockupFrame>
  );
}

/** Online followers per weekday (rows) and hour (columns), 0–1: a plausible evening peak. */
const heat = [
  [0.1, 0.3, 0.45, 0.4, 0.7, 0.85, 0.5],
  [0.15, 0.35, 0.5, 0.45, 0.8, 1, 0.55],
  [0.1, 0.3, 0.45, 0.4, 0.75, 0.9, 0.5],
  [0.15, 0.35, 0.5, 0.5, 0.8, 0.95, 0.6],
  [0.1, 0.3, 0.4, 0.45, 0.65, 0.7, 0.75],
  [0.2, 0.45, 0.6, 0.55, 0.6, 0.7, 0.8],
  [0.25, 0.5, 0.65, 0.6, 0.65, 0.75, 0.6],
];

export function AudienceMockup({ className }: { className?: string }) {
  const copy = useCopy(mockupsCopy);
  const audience = copy.audience;
  return (
    <MockupFrame
      label={copy.audienceLabel}
      url="sightline.app/audience-insights"
      className={className}
    >
      <div className="grid gap-3 p-4 @xl:grid-cols-[1.3fr_1fr]">
        <div className="rounded-xl border border-slate-200 p-3">
          <p className="text-xs font-semibold text-slate-900">{audience.heatmapTitle}</p>
          <div className="mt-3 grid grid-cols-[auto_repeat(7,1fr)] gap-1">
            {heat.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed 7 × 7 grid, never reordered
              <div key={rowIndex} className="contents">
                <span className="pr-1 text-[10px] leading-5 text-slate-600">
                  {audience.days[rowIndex]}
                </span>
                {row.map((value, column) => (
                  <span
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed grid
                    key={column}
                    className="h-5 rounded-sm bg-brand-600"
                    style={{ opacity: 0.12 + value * 0.88 }}
                  />
                ))}
              </div>
            ))}
          </div>
          <div className="mt-1 grid grid-cols-[auto_repeat(7,1fr)] gap-1 text-[9px] text-slate-600">
            <span className="pr-1 opacity-0">M</span>
            {["6", "9", "12", "15", "18", "21", "24"].map((hour) => (
              <span key={hour} className="text-center">
                {hour}
              </span>
            ))}
          </div>
        </div>
        <div className="space-y-3">
          <div className="rounded-xl border border-slate-200 p-3">
            <div className="flex items-center justify-between">
              <p className="text-xs font-semibold text-slate-900">{audience.ageTitle}</p>
              <div className="flex gap-2 text-[10px] text-slate-600">
                <span className="flex items-center gap-1">
                  <span className="size-2 rounded-sm bg-brand-600" />
                  {audience.women}
                </span>
                <span className="flex items-center gap-1">
                  <span className="size-2 rounded-sm bg-pink-400" />
                  {audience.men}
                </span>
              </div>
            </div>
            <ul className="mt-2 space-y-1.5">
              {audience.ages.map((age) => (
                <li key={age.range} className="flex items-center gap-2 text-[10px] text-slate-600">
                  <span className="w-9 shrink-0">{age.range}</span>
                  <span className="flex h-2.5 flex-1 overflow-hidden rounded-full bg-slate-100">
                    <span className="bg-brand-600" style={{ width: `${age.women * 2}%` }} />
                    <span className="bg-pink-400" style={{ width: `${age.men * 2}%` }} />
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-xl border border-slate-200 p-3">
            <p className="text-xs font-semibold text-slate-900">{audience.countriesTitle}</p>
            <ul className="mt-2 space-y-1.5">
              {audience.countries.map((country) => (
                <li
                  key={country.name}
                  className="flex items-center justify-between text-[11px] text-slate-700"
                >
                  <span>{country.name}</span>
                  <span className="font-semibold text-slate-900">{country.share}%</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </MockupFrame>
  );
}

export function PostsMockup({ className }: { className?: string }) {
  const copy = useCopy(mockupsCopy);
  const posts = copy.posts;
  return (
    <MockupFrame label={copy.postsLabel} url="sightline.app/post-performance" className={className}>
      <div className="p-4">
        <div className="overflow-hidden rounded-xl border border-slate-200">
          <div className="grid grid-cols-[1fr_auto_auto] gap-3 bg-slate-50 px-3 py-2 text-[10px] font-semibold text-slate-600 uppercase @lg:grid-cols-[1fr_5rem_4rem_4rem_4rem]">
            <span>{posts.columns[0]}</span>
            <span className="hidden @lg:block">{posts.columns[1]}</span>
            <span className="text-right">{posts.columns[2]}</span>
            <span className="hidden text-right @lg:block">{posts.columns[3]}</span>
            <span className="text-right">{posts.columns[4]}</span>
          </div>
          {posts.rows.map((row, index) => (
            <div
              key={row.caption}
              className="grid grid-cols-[1fr_auto_auto] items-center gap-3 border-t border-slate-100 px-3 py-2 text-[11px] @lg:grid-cols-[1fr_5rem_4rem_4rem_4rem]"
            >
              <span className="flex min-w-0 items-center gap-2">
                <span
                  className={cn(
                    "size-8 shrink-0 rounded-md bg-gradient-to-br",
                    [
                      "from-brand-400 to-pink-300",
                      "from-amber-300 to-rose-300",
                      "from-sky-300 to-brand-300",
                      "from-emerald-300 to-sky-300",
                    ][index % 4],
                  )}
                />
                <span className="truncate text-slate-800">{row.caption}</span>
              </span>
              <span className="hidden @lg:block">
                <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[10px] font-medium text-slate-700">
                  {row.type}
                </span>
              </span>
              <span className="text-right font-medium text-slate-900">{row.reach}</span>
              <span className="hidden text-right text-slate-700 @lg:block">{row.saves}</span>
              <span className="text-right font-semibold text-emerald-700">{row.rate}</span>
            </div>
          ))}
        </div>
        <p className="mt-3 flex items-center gap-1.5 rounded-lg bg-brand-50 px-3 py-2 text-[11px] font-medium text-brand-800">
          <ChartColumn className="size-3.5" />
          {posts.benchmark}
        </p>
      </div>
    </MockupFrame>
  );
}

export function AutomationMockup({ className }: { className?: string }) {
  const copy = useCopy(mockupsCopy);
  const rule = copy.automation;
  return (
    <MockupFrame
      label={copy.automationLabel}
      url="sightline.app/messages?tab=automations"
      className={className}
    >
      <div className="space-y-3 p-4">
        <div className="rounded-xl border border-slate-200 p-3">
          <div className="flex items-center justify-between">
            <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
              <Workflow className="size-4 text-brand-700" />
              {rule.title}
            </p>
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-[10px] font-semibold text-emerald-800 ring-1 ring-emerald-200">
              {rule.active}
            </span>
          </div>
          <div className="mt-3 space-y-2 text-[12px]">
            <div className="rounded-lg bg-slate-50 p-2.5">
              <span className="text-[10px] font-semibold text-slate-600 uppercase">
                {rule.when}
              </span>
              <p className="mt-0.5 text-slate-900">{rule.trigger}</p>
            </div>
            <div className="rounded-lg bg-brand-50 p-2.5">
              <span className="text-[10px] font-semibold text-brand-800 uppercase">
                {rule.thenLabel}
              </span>
              <ul className="mt-0.5 space-y-0.5 text-slate-900">
                {rule.actions.map((action) => (
                  <li key={action}>→ {action}</li>
                ))}
              </ul>
            </div>
            <p className="text-[11px] text-slate-600">{rule.guard}</p>
          </div>
        </div>
        <div className="rounded-xl border border-slate-200 p-3">
          <p className="text-xs font-semibold text-slate-900">{rule.logTitle}</p>
          <ul className="mt-2 divide-y divide-slate-100">
            {rule.log.map((entry) => (
              <li key={entry.who} className="flex items-center gap-2 py-1.5 text-[11px]">
                <Avatar name={entry.who} className="size-6 text-[9px]" />
                <span className="font-medium text-slate-900">{entry.who}</span>
                <span className="min-w-0 flex-1 truncate text-slate-600">{entry.result}</span>
                <span className="text-slate-600">{entry.time}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </MockupFrame>
  );
}

export function AiTeamMockup({ className }: { className?: string }) {
  const copy = useCopy(mockupsCopy);
  const ai = copy.ai;
  return (
    <MockupFrame label={copy.aiLabel} url="sightline.app/dashboard#ai-team" className={className}>
      <div className="p-4">
        <div className="flex flex-wrap gap-1.5">
          {ai.roles.map((role, index) => (
            <span
              key={role.name}
              className={cn(
                "rounded-full px-2.5 py-1 text-[11px] font-semibold ring-1 ring-inset",
                index === 4
                  ? "bg-brand-600 text-white ring-brand-600"
                  : "bg-white text-slate-700 ring-slate-200",
              )}
            >
              {role.name}
            </span>
          ))}
        </div>
        <div className="mt-3 rounded-xl border border-slate-200 p-4">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
            <Sparkles className="size-4 text-brand-700" />
            {ai.cardTitle}
          </p>
          <p className="mt-2 text-[12px] leading-relaxed text-slate-700">{ai.cardText}</p>
          <p className="mt-3 text-[10px] font-semibold text-slate-600 uppercase">{ai.factsLabel}</p>
          <ul className="mt-1.5 flex flex-wrap gap-1.5">
            {ai.facts.map((fact) => (
              <li
                key={fact}
                className="rounded-md bg-slate-100 px-2 py-1 text-[11px] text-slate-700"
              >
                {fact}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </MockupFrame>
  );
}
