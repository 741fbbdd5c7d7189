import {
  type AiFact,
  analyticsPostType,
  analyticsPostTypeLabels,
  captionHashtags,
  zonedParts,
} from "@sightline/contracts";
import {
  listAccountDailyMetrics,
  listPostsWithLatestMetrics,
  type PostMetricsRow,
} from "@sightline/db";
import { addDays, dayStart, historyWindow } from "../analytics/index.ts";
import { count, decimal, plural } from "./format.ts";
import type { RoleFacts, RoleFactsInput } from "./role-facts.ts";
import { bootstrapMedianRatio, mannWhitney, median, round, seedOf, spearman } from "./stats.ts";

/*
 * The Mentor (issue 31 point 2): growth coaching from comparisons of the account's own posts,
 * each with its evidence: medians, sample sizes, a bootstrap interval for the ratio of medians
 * and a rank test, so a difference is called clear only when it is more than noise.
 */

export const MENTOR_DAYS = 90;
/** A group needs this many posts to be compared. */
export const MIN_GROUP_POSTS = 3;
export const MAX_ADVICE = 5;
const FREQUENCY_WEEKS = 12;

type Post = PostMetricsRow & { reach: number };

type Group = { label: string; noun: string; posts: Post[] };

type Comparison = {
  id: string;
  topic: string;
  metric: "reach" | "engagement";
  best: Group;
  other: Group;
  bestMedian: number;
  otherMedian: number;
  ratio: number;
  low: number;
  high: number;
  p: number | null;
  clear: boolean;
};

function valuesOf(group: Group, metric: Comparison["metric"]): number[] {
  return group.posts.flatMap((post) =>
    metric === "reach" ? [post.reach] : post.engagement === null ? [] : [post.engagement * 100],
  );
}

/** The best group (by median) against the next best, or against the rest. */
function compare(
  id: string,
  topic: string,
  groups: Group[],
  metric: Comparison["metric"],
  seed: number,
  against: "each" | "rest",
): Comparison[] {
  const usable = groups.filter((group) => valuesOf(group, metric).length >= MIN_GROUP_POSTS);
  if (usable.length < 2) return [];
  const ranked = usable
    .map((group) => ({ group, median: median(valuesOf(group, metric))! }))
    .sort((a, b) => b.median - a.median);
  const best = ranked[0]!;
  const others =
    against === "each"
      ? ranked.slice(1)
      : [
          {
            group: {
              label: "other posts",
              noun: "your other posts",
              posts: ranked.slice(1).flatMap((entry) => entry.group.posts),
            },
            median: 0,
          },
        ];
  return others.flatMap(({ group }) => {
    const a = valuesOf(best.group, metric);
    const b = valuesOf(group, metric);
    const interval = bootstrapMedianRatio(a, b, { seed: seed + group.label.length });
    if (!interval) return [];
    return [
      {
        id: `${id}.${best.group.label}-vs-${group.label}`
          .toLowerCase()
          .replace(/[^a-z0-9.-]+/g, "-"),
        topic,
        metric,
        best: best.group,
        other: group,
        bestMedian: median(a)!,
        otherMedian: median(b)!,
        ratio: interval.ratio,
        low: interval.low,
        high: interval.high,
        p: mannWhitney(a, b)?.p ?? null,
        clear: interval.low > 1,
      },
    ];
  });
}

function hourBucket(hour: number): string {
  if (hour >= 6 && hour < 11) return "mornings (6–11)";
  if (hour >= 11 && hour < 15) return "middays (11–15)";
  if (hour >= 15 && hour < 19) return "afternoons (15–19)";
  if (hour >= 19 && hour < 23) return "evenings (19–23)";
  return "nights (23–6)";
}

function captionBucket(caption: string | null): string {
  const length = [...(caption ?? "")].length;
  if (length < 125) return "short captions (under 125 characters)";
  if (length <= 500) return "medium captions (125–500 characters)";
  return "long captions (over 500 characters)";
}

function hashtagBucket(caption: string | null): string {
  const tags = new Set(captionHashtags(caption ?? "")).size;
  if (tags === 0) return "no hashtags";
  if (tags <= 5) return "1–5 hashtags";
  return "6 or more hashtags";
}

/** The group a post falls in for a comparison's topic (the Manager measures experiments so). */
export function postGroupLabel(
  topic: string,
  post: Pick<PostMetricsRow, "mediaType" | "mediaProductType" | "caption" | "postedAt">,
  timeZone: string,
): string | null {
  switch (topic) {
    case "format":
      return `${analyticsPostTypeLabels[analyticsPostType(post)]}s`;
    case "posting time":
      return post.postedAt ? hourBucket(zonedParts(post.postedAt, timeZone).hour) : null;
    case "caption length":
      return captionBucket(post.caption);
    case "hashtags":
      return hashtagBucket(post.caption);
    default:
      return null;
  }
}

function groupBy(posts: Post[], key: (post: Post) => string): Group[] {
  const groups = new Map<string, Post[]>();
  for (const post of posts) {
    const label = key(post);
    groups.set(label, [...(groups.get(label) ?? []), post]);
  }
  return [...groups.entries()].map(([label, list]) => ({ label, noun: label, posts: list }));
}

function comparisonFact(comparison: Comparison, period: { from: string; to: string }): AiFact {
  const unit = comparison.metric === "reach" ? "reach" : "engagement rate";
  const show = (value: number) =>
    comparison.metric === "reach" ? count(value) : `${decimal(value, 1)}%`;
  const ratio = round(comparison.ratio, 2);
  const low = round(comparison.low, 2);
  const high = round(comparison.high, 2);
  const verdict = comparison.clear
    ? "more than noise"
    : "which could still be noise: keep testing before you change course";
  const advice = comparison.clear ? adviceFor(comparison) : `Not proven yet: ${comparison.topic}.`;
  return {
    id: `advice.${comparison.id}`,
    kind: "advice",
    title: advice,
    statement: `${capital(comparison.best.noun)} have a median ${unit} of ${show(comparison.bestMedian)} (${plural(comparison.best.posts.length, "post")}) against ${show(comparison.otherMedian)} for ${comparison.other.noun} (${plural(comparison.other.posts.length, "post")}): ${decimal(ratio, 2)}× (95% interval ${decimal(low, 2)}–${decimal(high, 2)}), ${verdict}.`,
    figures: {
      best: comparison.best.label,
      other: comparison.other.label,
      otherNoun: comparison.other.noun,
      bestNoun: comparison.best.noun,
      topic: comparison.topic,
      metric: comparison.metric,
      bestMedian:
        comparison.metric === "reach"
          ? Math.round(comparison.bestMedian)
          : round(comparison.bestMedian, 1),
      otherMedian:
        comparison.metric === "reach"
          ? Math.round(comparison.otherMedian)
          : round(comparison.otherMedian, 1),
      bestPosts: comparison.best.posts.length,
      otherPosts: comparison.other.posts.length,
      ratio,
      intervalLow: low,
      intervalHigh: high,
      rankTestP: comparison.p === null ? null : round(comparison.p, 3),
      verdict: comparison.clear ? "clear" : "not clear",
    },
    period,
    sample: {
      size: comparison.best.posts.length + comparison.other.posts.length,
      unit: "posts",
    },
    links: [{ label: "Post Performance benchmarks", href: "/post-performance" }],
  };
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function adviceFor(comparison: Comparison): string {
  switch (comparison.topic) {
    case "format":
      return `Post more ${comparison.best.label.toLowerCase()}`;
    case "posting time":
      return `Post in the ${comparison.best.label.replace(/ \(.*\)$/, "")}`;
    case "caption length":
      return `Write ${comparison.best.label.replace(/ \(.*\)$/, "")}`;
    default:
      return `Use ${comparison.best.label}`;
  }
}

export async function mentorFacts(input: RoleFactsInput): Promise<RoleFacts> {
  const { db, scope, timeZone, now } = input;
  const history = historyWindow(input.workspace.plan, now, timeZone);
  const to = addDays(zonedParts(now, timeZone).date, -1);
  const from = [addDays(to, -(MENTOR_DAYS - 1)), history.from].sort().at(-1)!;
  const period = { from, to };
  const rows = await listPostsWithLatestMetrics(db, scope, {
    sort: "posted_at",
    order: "desc",
    postedFrom: dayStart(from, timeZone),
    postedBefore: dayStart(addDays(to, 1), timeZone),
    limit: 1000,
  });
  const posts = rows.filter(
    (row): row is Post => row.reach !== null && analyticsPostType(row) !== "STORY",
  );
  if (posts.length < MIN_GROUP_POSTS * 2) {
    return {
      status: "not-enough-data",
      period,
      facts: [
        {
          id: "posts.sample",
          kind: "sample",
          title: "Posts with insights",
          statement: `${plural(posts.length, "post")} with insights ${posts.length === 1 ? "was" : "were"} published from ${from} to ${to}; the Mentor compares groups of at least ${MIN_GROUP_POSTS} posts, so it needs ${MIN_GROUP_POSTS * 2}.`,
          figures: {
            posts: posts.length,
            needed: MIN_GROUP_POSTS * 2,
            perGroup: MIN_GROUP_POSTS,
            days: MENTOR_DAYS,
          },
          period,
          sample: { size: posts.length, unit: "posts" },
          links: [{ label: "Post Performance", href: "/post-performance" }],
        },
      ],
      headline: `The Mentor needs ${MIN_GROUP_POSTS * 2} posts with insights from the last ${MENTOR_DAYS} days; ${posts.length} ${posts.length === 1 ? "is" : "are"} stored.`,
      paragraphs: [
        `Advice is drawn from comparing your own posts, at least ${MIN_GROUP_POSTS} in each group. Publish a few more and it will compare formats, times, captions and hashtags.`,
      ],
    };
  }
  const seed = seedOf(`${scope.accountId}:${from}:${to}`);
  const formatGroups = groupBy(
    posts,
    (post) => analyticsPostTypeLabels[analyticsPostType(post)],
  ).map((group) => ({
    ...group,
    label: `${group.label}s`,
    noun: `your ${group.label.toLowerCase()}s`,
  }));
  const comparisons = [
    ...compare("format", "format", formatGroups, "reach", seed, "each"),
    ...compare(
      "time",
      "posting time",
      groupBy(posts, (post) => hourBucket(zonedParts(post.postedAt!, timeZone).hour)).map(
        (group) => ({ ...group, noun: `posts in the ${group.label}` }),
      ),
      "reach",
      seed + 1,
      "rest",
    ),
    ...compare(
      "caption",
      "caption length",
      groupBy(posts, (post) => captionBucket(post.caption)).map((group) => ({
        ...group,
        noun: `posts with ${group.label}`,
      })),
      "engagement",
      seed + 2,
      "rest",
    ),
    ...compare(
      "hashtags",
      "hashtags",
      groupBy(posts, (post) => hashtagBucket(post.caption)).map((group) => ({
        ...group,
        noun: `posts with ${group.label}`,
      })),
      "reach",
      seed + 3,
      "rest",
    ),
  ];
  const facts: AiFact[] = [];
  const mediansFact: AiFact = {
    id: "formats.medians",
    kind: "format-medians",
    title: "Median reach per format",
    statement: `Median reach per format from ${from} to ${to}: ${formatGroups
      .sort((a, b) => b.posts.length - a.posts.length)
      .map(
        (group) =>
          `${group.label.toLowerCase()} ${count(median(group.posts.map((post) => post.reach))!)} (${plural(group.posts.length, "post")})`,
      )
      .join(", ")}.`,
    figures: Object.fromEntries(
      formatGroups.flatMap((group) => [
        [
          `${group.label.toLowerCase()}Median`,
          Math.round(median(group.posts.map((post) => post.reach))!),
        ],
        [`${group.label.toLowerCase()}Posts`, group.posts.length],
      ]),
    ),
    period,
    sample: { size: posts.length, unit: "posts" },
    links: [{ label: "Post Performance benchmarks", href: "/post-performance" }],
  };
  facts.push(mediansFact);

  // Frequency against growth: posts per week and new followers per week.
  const frequency = await frequencyFact(input, to, history.from);
  if (frequency) facts.push(frequency);

  // At most five pieces of advice: clear differences first, the largest first.
  const advice = [...comparisons]
    .sort((a, b) => Number(b.clear) - Number(a.clear) || b.ratio - a.ratio)
    .slice(0, MAX_ADVICE)
    .map((comparison) => comparisonFact(comparison, period));
  facts.push(...advice);

  const clear = advice.filter((fact) => fact.figures.verdict === "clear");
  const headline =
    clear.length > 0
      ? `${clear[0]!.title}: ${decimal(clear[0]!.figures.ratio as number, 2)}× the median ${clear[0]!.figures.metric === "reach" ? "reach" : "engagement rate"} of ${clear[0]!.figures.otherNoun}.`
      : `No difference in your last ${plural(posts.length, "post")} is clear enough to act on yet.`;
  const paragraphs = [
    mediansFact.statement,
    ...advice.map((fact) => `${fact.title}. ${fact.statement}`),
    ...(frequency ? [frequency.statement] : []),
  ];
  return { status: "ready", period, facts, headline, paragraphs };
}

/** Weekly posting against weekly new followers (Spearman), over up to 12 full weeks. */
async function frequencyFact(
  input: RoleFactsInput,
  to: string,
  historyFrom: string,
): Promise<AiFact | null> {
  const weeks: Array<{ from: string; to: string }> = [];
  for (let week = 0; week < FREQUENCY_WEEKS; week++) {
    const end = addDays(to, -7 * week);
    const start = addDays(end, -6);
    if (start < historyFrom) break;
    weeks.unshift({ from: start, to: end });
  }
  if (weeks.length < 6) return null;
  const from = weeks[0]!.from;
  const [daily, posts] = await Promise.all([
    listAccountDailyMetrics(input.db, input.scope, { from, to, metrics: ["new_followers"] }),
    listPostsWithLatestMetrics(input.db, input.scope, {
      sort: "posted_at",
      order: "desc",
      postedFrom: dayStart(from, input.timeZone),
      postedBefore: dayStart(addDays(to, 1), input.timeZone),
      limit: 2000,
    }),
  ]);
  const followersByDay = new Map(daily.map((row) => [row.day, row.value]));
  const rows = weeks.flatMap((week) => {
    let follows = 0;
    for (let day = week.from; day <= week.to; day = addDays(day, 1)) {
      const value = followersByDay.get(day);
      if (value === undefined) return [];
      follows += value;
    }
    const published = posts.filter((post) => {
      const day = post.postedAt ? zonedParts(post.postedAt, input.timeZone).date : "";
      return day >= week.from && day <= week.to;
    }).length;
    return [{ posts: published, follows }];
  });
  if (rows.length < 6) return null;
  const rho = spearman(
    rows.map((row) => row.posts),
    rows.map((row) => row.follows),
  );
  if (rho === null) return null;
  // |ρ| above 1.96 / √(n − 1) is unlikely (5 %) when posting and growth are unrelated.
  const critical = 1.96 / Math.sqrt(rows.length - 1);
  const clear = Math.abs(rho) > critical;
  const perWeek = rows.reduce((sum, row) => sum + row.posts, 0) / rows.length;
  return {
    id: "frequency.growth",
    kind: "frequency",
    title: clear && rho > 0 ? "Post more often" : "Posting frequency and growth",
    statement: `Over ${plural(rows.length, "week")} you posted ${decimal(perWeek, 1)} times a week on average; weeks with more posts ${clear ? (rho > 0 ? "brought more" : "brought fewer") : "did not clearly bring more or fewer"} new followers (rank correlation ${decimal(rho, 2)}, ${clear ? "more than noise" : `within noise for ${plural(rows.length, "week")}`}).`,
    figures: {
      weeks: rows.length,
      postsPerWeek: round(perWeek, 1),
      correlation: round(rho, 2),
      threshold: round(critical, 2),
      verdict: clear ? "clear" : "not clear",
    },
    period: { from, to },
    sample: { size: rows.length, unit: "weeks" },
    links: [{ label: "Follower growth", href: "/audience-insights" }],
  };
}
