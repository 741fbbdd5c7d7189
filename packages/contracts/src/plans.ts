/**
 * The plan table (design/product.md "Plans"): what each plan may do, the one copy of it. The
 * server enforces it (features/plans: `can`, `limit`, `requirePlan`) and the web reads the same
 * table to show a lock before the click; neither keeps its own copy.
 */
export const planIds = ["free", "starter", "pro", "premium"] as const;
export type PlanId = (typeof planIds)[number];

export const planNames: Record<PlanId, string> = {
  free: "Free",
  starter: "Starter",
  pro: "Pro",
  premium: "Premium",
};

const GB = 1024 * 1024 * 1024;
/** Two years of history, in days. */
const TWO_YEARS = 730;

/**
 * Every capability a plan gates. A number is a limit (`null`: no limit); `true`/`false` is a
 * feature the plan has or has not.
 */
export type PlanCapabilities = {
  /** Instagram accounts connected to the workspace. */
  accounts: number;
  /** Days of analytics history the workspace reads (older data stays stored, hidden). */
  historyDays: number;
  /** Demographics, hashtag performance, benchmarks and the CSV export. */
  advancedAnalytics: boolean;
  /** Posts scheduled or published through Sightline per calendar month (UTC). */
  scheduledPostsPerMonth: number | null;
  /** AI captions and AI Suggest times per calendar month (UTC). */
  aiCreditsPerMonth: number | null;
  /** The whole AI team; without it the Analyst only. */
  aiTeam: boolean;
  /** Trend Radar: hashtags tracked at once. */
  trendHashtags: number;
  /** Press Radar: keywords watched at once. */
  pressKeywords: number;
  /** Automations and auto-reply. */
  automations: boolean;
  /** Members besides the owner, and client reports. */
  teamMembers: boolean;
  /** Competitors tracked at once. */
  competitors: number;
  /** The public API, outgoing webhooks and the MCP server. */
  publicApi: boolean;
  /** Uploaded files kept at once (drafts' media, covers, DM images), in bytes. */
  storageBytes: number;
};

export type Capability = keyof PlanCapabilities;

export const planCapabilities: Record<PlanId, PlanCapabilities> = {
  free: {
    accounts: 1,
    historyDays: 30,
    advancedAnalytics: false,
    scheduledPostsPerMonth: 10,
    aiCreditsPerMonth: 5,
    aiTeam: false,
    trendHashtags: 3,
    pressKeywords: 1,
    automations: false,
    teamMembers: false,
    competitors: 0,
    publicApi: false,
    storageBytes: 1 * GB,
  },
  starter: {
    accounts: 1,
    historyDays: 90,
    advancedAnalytics: false,
    scheduledPostsPerMonth: null,
    aiCreditsPerMonth: null,
    aiTeam: true,
    trendHashtags: 10,
    pressKeywords: 3,
    automations: false,
    teamMembers: false,
    competitors: 1,
    publicApi: false,
    storageBytes: 5 * GB,
  },
  pro: {
    accounts: 3,
    historyDays: TWO_YEARS,
    advancedAnalytics: true,
    scheduledPostsPerMonth: null,
    aiCreditsPerMonth: null,
    aiTeam: true,
    trendHashtags: 30,
    pressKeywords: 10,
    automations: true,
    teamMembers: false,
    competitors: 5,
    publicApi: true,
    storageBytes: 20 * GB,
  },
  premium: {
    accounts: 10,
    historyDays: TWO_YEARS,
    advancedAnalytics: true,
    scheduledPostsPerMonth: null,
    aiCreditsPerMonth: null,
    aiTeam: true,
    trendHashtags: 30,
    pressKeywords: 30,
    automations: true,
    teamMembers: true,
    competitors: 20,
    publicApi: true,
    storageBytes: 50 * GB,
  },
};

/** What a capability is called where the product names it ("… are on the Pro plan"). */
export const capabilityLabels: Record<Capability, string> = {
  accounts: "Instagram accounts",
  historyDays: "Analytics history",
  advancedAnalytics:
    "Advanced analytics (demographics, hashtag performance, benchmarks, CSV export)",
  scheduledPostsPerMonth: "Scheduled posts per month",
  aiCreditsPerMonth: "AI captions and AI Suggest times",
  aiTeam: "The whole AI team",
  trendHashtags: "Trend Radar hashtags",
  pressKeywords: "Press Radar keywords",
  automations: "Automations and auto-reply",
  teamMembers: "Team members and client reports",
  competitors: "Competitors tracked",
  publicApi: "Public API, outgoing webhooks and MCP",
  storageBytes: "Storage for uploads",
};

/** The same, inside a sentence ("The Pro plan includes …"). */
export const capabilityPhrases: Record<Capability, string> = {
  accounts: "more Instagram accounts",
  historyDays: "a longer analytics history",
  advancedAnalytics:
    "advanced analytics: demographics, hashtag performance, benchmarks and the CSV export",
  scheduledPostsPerMonth: "more scheduled posts a month",
  aiCreditsPerMonth: "more AI captions and AI Suggest times",
  aiTeam: "the whole AI team",
  trendHashtags: "more Trend Radar hashtags",
  pressKeywords: "more Press Radar keywords",
  automations: "automations and auto-reply",
  teamMembers: "team members and client reports",
  competitors: "competitor tracking",
  publicApi: "the public API, outgoing webhooks and MCP",
  storageBytes: "more storage for uploads",
};

export const capabilities = Object.keys(capabilityLabels) as Capability[];

/** Whether `plan` has the capability at all (a limit of 0 is not having it). */
export function planCan(plan: PlanId, capability: Capability): boolean {
  const value = planCapabilities[plan][capability];
  return value === null || value === true || (typeof value === "number" && value > 0);
}

/** How much of a capability a plan gives, to compare plans: no limit is the most. */
function amount(plan: PlanId, capability: Capability): number {
  const value = planCapabilities[plan][capability];
  if (value === null) return Number.POSITIVE_INFINITY;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/** The cheapest plan above `plan` that gives more of `capability`, if any. */
export function planAllowingMore(plan: PlanId, capability: Capability): PlanId | undefined {
  const current = amount(plan, capability);
  return planIds
    .slice(planIds.indexOf(plan) + 1)
    .find((next) => amount(next, capability) > current);
}

/** The capabilities that are a count (a limit), not a feature a plan has or has not. */
export type CountedCapability =
  | "accounts"
  | "trendHashtags"
  | "pressKeywords"
  | "scheduledPostsPerMonth"
  | "aiCreditsPerMonth"
  | "competitors";

const limitNouns: Record<CountedCapability, [one: string, many: string, verb: string]> = {
  accounts: ["Instagram account", "Instagram accounts", "connect"],
  trendHashtags: ["hashtag", "hashtags", "track"],
  pressKeywords: ["keyword", "keywords", "watch"],
  scheduledPostsPerMonth: ["post a month", "posts a month", "schedule"],
  aiCreditsPerMonth: [
    "AI caption or suggestion a month",
    "AI captions or suggestions a month",
    "use",
  ],
  competitors: ["competitor", "competitors", "track"],
};

/**
 * "The Free plan can track up to 3 hashtags. Upgrade to Starter to track up to 10." The server's
 * refusal and the web's notice at the limit are this one sentence.
 */
export function planLimitMessage(plan: PlanId, capability: CountedCapability): string {
  const [one, many, verb] = limitNouns[capability];
  const max = planCapabilities[plan][capability] ?? Number.POSITIVE_INFINITY;
  const current = `The ${planNames[plan]} plan can ${verb} up to ${max} ${max === 1 ? one : many}.`;
  const next = planAllowingMore(plan, capability);
  if (!next) return `${current} Remove one to add another.`;
  const more = planCapabilities[next][capability];
  return more === null
    ? `${current} Upgrade to ${planNames[next]} for no limit.`
    : `${current} Upgrade to ${planNames[next]} to ${verb} up to ${more}.`;
}

/** What `upgrade` adds over `plan`, in the table's order (the Upgrade modal lists it). */
export function planGains(plan: PlanId, upgrade: PlanId): Capability[] {
  return capabilities.filter(
    (capability) => amount(upgrade, capability) > amount(plan, capability),
  );
}

/**
 * One cell of the table as words: "3", "Unlimited", "30 days", "2 years", "1 GB", "Yes", "–".
 */
export function formatCapability(plan: PlanId, capability: Capability): string {
  const value = planCapabilities[plan][capability];
  if (value === null) return "Unlimited";
  if (typeof value === "boolean") return value ? "Yes" : "–";
  if (capability === "storageBytes") return `${Math.round((value / GB) * 10) / 10} GB`;
  if (capability === "historyDays") {
    return value % 365 === 0 ? `${value / 365} years` : `${value} days`;
  }
  if (value === 0) return "–";
  return String(value);
}

/** The plan in force: a plan whose end date has passed is Free (the data stays, hidden). */
export function effectivePlan(plan: PlanId, until: Date | null, now: Date): PlanId {
  return until !== null && until.getTime() <= now.getTime() ? "free" : plan;
}

/** The 403 answer's detail when a plan refuses: what was asked for and the plan that gives it. */
export type PlanRequired = { capability: Capability; plan: PlanId; requiredPlan: PlanId | null };

/** The detail of the refusal `plan` gets for `capability` (the server's 403, the web's lock). */
export function planRequiredFor(plan: PlanId, capability: Capability): PlanRequired {
  return { capability, plan, requiredPlan: planAllowingMore(plan, capability) ?? null };
}

/** The refusal `plan` gets for `capability`, or null when the plan has it (the web's locks). */
export function planRefusal(plan: PlanId, capability: Capability): PlanRequired | null {
  return planCan(plan, capability) ? null : planRequiredFor(plan, capability);
}

/** Shown where the web explains a 403 `plan_required`; the modal's title is the spec's. */
export const UPGRADE_MODAL_TITLE = "Upgrade your plan";

/**
 * The first day of analytics `plan` shows (issue 30 point 7): `historyDays` back from `today`
 * (YYYY-MM-DD on the user's calendar), so a 30-day window ending yesterday fits. Older data stays
 * stored and returns on upgrade.
 */
export function historyStart(plan: PlanId, today: string): string {
  const start =
    Date.parse(`${today}T00:00:00.000Z`) - planCapabilities[plan].historyDays * 86_400_000;
  return new Date(start).toISOString().slice(0, 10);
}

/**
 * "Your plan shows 30 days; 60 more are stored." — said where a window hides stored history
 * (`hidden` of `noun`: stored days, or posts). Null when nothing is hidden.
 */
export function historyNote(plan: PlanId, hidden: number, noun: "days" | "posts" = "days") {
  if (hidden <= 0) return null;
  const window = formatCapability(plan, "historyDays");
  const sameUnit = noun === "days" && window.endsWith("days");
  const what = sameUnit ? "" : ` ${hidden === 1 ? noun.slice(0, -1) : noun}`;
  return `Your plan shows ${window}; ${hidden.toLocaleString("en-US")} more${what} ${hidden === 1 ? "is" : "are"} stored.`;
}

/** The refusal of a period that starts before the plan's window, with the plan that shows it. */
export function historyRefusal(plan: PlanId, from: string): string {
  const next = planAllowingMore(plan, "historyDays");
  return `The ${planNames[plan]} plan shows the last ${formatCapability(plan, "historyDays")} of analytics, from ${from}.${next ? ` Upgrade to ${planNames[next]} to see ${formatCapability(next, "historyDays")}.` : ""}`;
}

/** What a plan keeps running when the workspace has more than it allows (issue 30 point 6). */
export type KeptItem = { id: string; keptAt: Date | null; createdAt: Date };

/**
 * Which of `items` stay active under `limit` (null: all): the ones a member chose to keep, most
 * recently chosen first, then the oldest. The others are paused, never deleted; an upgrade or a
 * removal makes them active again.
 */
export function activeUnderLimit(items: readonly KeptItem[], limit: number | null): Set<string> {
  if (limit === null || items.length <= limit) return new Set(items.map((item) => item.id));
  const ordered = [...items].sort(
    (a, b) =>
      (b.keptAt?.getTime() ?? Number.NEGATIVE_INFINITY) -
        (a.keptAt?.getTime() ?? Number.NEGATIVE_INFINITY) ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return new Set(ordered.slice(0, Math.max(0, limit)).map((item) => item.id));
}

const pausedWhat: Record<"accounts" | "trendHashtags" | "pressKeywords", string> = {
  accounts: "It is not synced or published to; its history stays.",
  trendHashtags: "It is not sampled; its history stays.",
  pressKeywords: "New articles are not matched against it; its mentions stay.",
};

/**
 * "Paused: the Free plan can track up to 3 hashtags. It is not sampled; its history stays." —
 * why an item over the plan's limit is paused, said beside it.
 */
export function pausedByPlanReason(
  plan: PlanId,
  capability: "accounts" | "trendHashtags" | "pressKeywords",
): string {
  return `Paused: ${pausedRule(plan, capability)} ${pausedWhat[capability]}`;
}

/** "the Free plan can connect up to 1 Instagram account." */
export function pausedRule(
  plan: PlanId,
  capability: "accounts" | "trendHashtags" | "pressKeywords",
): string {
  const [one, many, verb] = limitNouns[capability];
  const max = planCapabilities[plan][capability];
  return `the ${planNames[plan]} plan can ${verb} up to ${max} ${max === 1 ? one : many}.`;
}
