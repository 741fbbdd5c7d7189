import {
  type AiFact,
  addDays,
  analyticsPostType,
  analyticsPostTypeLabels,
  captionHashtags,
  MAX_CAPTION_HASHTAGS,
  MAX_CAPTION_LENGTH,
  zonedParts,
} from "@sightline/contracts";
import {
  listLatestTrendSamples,
  listPostsWithLatestMetrics,
  listTrendHashtags,
  type PostMetricsRow,
} from "@sightline/db";
import { dayStart, historyWindow } from "../analytics/index.ts";
import { optimalTimes, rankHashtags, readAudienceSignals } from "../content-tools/index.ts";
import { trendOf } from "../radars/index.ts";
import { count, plural } from "./format.ts";
import type { RoleFacts, RoleFactsInput } from "./role-facts.ts";
import { median } from "./stats.ts";
import { upcomingDates } from "./upcoming-dates.ts";

/*
 * The Creator (issue 31 point 3): content ideas built from the account's best posts (formats,
 * topics, hashtags), Trend Radar's rising hashtags and upcoming dates; each idea carries a
 * caption draft in the account's own words, hashtags and a suggested slot, and "Use this" opens
 * the composer pre-filled ('Pre-filled from: Creator: <title>').
 */

export const CREATOR_DAYS = 90;
export const MIN_POSTS = 5;
const MAX_IDEAS = 5;
const DATE_HORIZON_DAYS = 21;
const MIN_FORMAT_POSTS = 3;

type Post = PostMetricsRow & { reach: number };

const stopwords = new Set(
  "this that with from your have what when where which there their about just like into more been will were they them then than some very here also only over most much such make made every each after before while these those would could should being other again really still even back down well good great love today thank thanks first last next time days week year what's it's i'm you're don't can't".split(
    " ",
  ),
);

function words(caption: string | null): Set<string> {
  const text = (caption ?? "").toLowerCase().replace(/#[\p{L}\p{N}_]+/gu, " ");
  return new Set(
    (text.match(/\p{L}[\p{L}'’]{3,}/gu) ?? [])
      .map((word) => word.replace(/['’]s$/, ""))
      .filter((word) => word.length >= 4 && !stopwords.has(word)),
  );
}

function firstSentence(caption: string | null): string {
  const text = (caption ?? "").replace(/#[\p{L}\p{N}_]+/gu, "").trim();
  return text.split(/(?<=[.!?])\s+|\n+/)[0]?.trim() ?? "";
}

function closingQuestion(posts: Post[]): string | null {
  const counts = new Map<string, number>();
  for (const post of posts) {
    for (const sentence of (post.caption ?? "")
      .replace(/#[\p{L}\p{N}_]+/gu, "")
      .split(/(?<=[.!?])\s+|\n+/)) {
      const trimmed = sentence.trim();
      if (trimmed.endsWith("?") && trimmed.length >= 8) {
        counts.set(trimmed, (counts.get(trimmed) ?? 0) + 1);
      }
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

function caption(parts: Array<string | null | undefined>): string {
  return [...parts.filter((part): part is string => Boolean(part?.trim())).join("\n\n")]
    .slice(0, MAX_CAPTION_LENGTH)
    .join("");
}

function tags(...lists: string[][]): string[] {
  return [...new Set(lists.flat().map((tag) => tag.replace(/^#/, "").toLowerCase()))]
    .filter(Boolean)
    .slice(0, Math.min(10, MAX_CAPTION_HASHTAGS));
}

const singular = (label: string) => label.toLowerCase();

export async function creatorFacts(input: RoleFactsInput): Promise<RoleFacts> {
  const { db, scope, timeZone, now } = input;
  const history = historyWindow(input.workspace.plan, now, timeZone);
  const today = zonedParts(now, timeZone).date;
  const to = addDays(today, -1);
  const from = [addDays(to, -(CREATOR_DAYS - 1)), history.from].sort().at(-1)!;
  const period = { from, to };
  const rows = await listPostsWithLatestMetrics(db, scope, {
    sort: "reach",
    order: "desc",
    postedFrom: dayStart(from, timeZone),
    postedBefore: dayStart(today, timeZone),
    limit: 1000,
  });
  const posts = rows.filter(
    (row): row is Post => row.reach !== null && analyticsPostType(row) !== "STORY",
  );
  if (posts.length < MIN_POSTS) {
    return {
      status: "not-enough-data",
      period,
      facts: [
        {
          id: "creator.sample",
          kind: "sample",
          title: "Posts with insights",
          statement: `${plural(posts.length, "post")} with insights from ${from} to ${to}; the Creator builds ideas from at least ${MIN_POSTS}.`,
          figures: { posts: posts.length, needed: MIN_POSTS, days: CREATOR_DAYS },
          period,
          sample: { size: posts.length, unit: "posts" },
          links: [{ label: "Post Performance", href: "/post-performance" }],
        },
      ],
      headline: `The Creator needs ${MIN_POSTS} posts with insights from the last ${CREATOR_DAYS} days; ${posts.length} ${posts.length === 1 ? "is" : "are"} stored.`,
      paragraphs: [
        "Ideas come from what already works for you: your best formats, words and hashtags. Publish a few more posts and they will appear here.",
      ],
    };
  }
  const facts: AiFact[] = [];
  const postsLink = { label: "Post Performance", href: "/post-performance" };

  // The best format by median reach (formats with at least 3 posts).
  const byFormat = new Map<string, Post[]>();
  for (const post of posts) {
    const label = analyticsPostTypeLabels[analyticsPostType(post)];
    byFormat.set(label, [...(byFormat.get(label) ?? []), post]);
  }
  const formats = [...byFormat]
    .filter(([, list]) => list.length >= MIN_FORMAT_POSTS)
    .map(([label, list]) => ({
      label,
      posts: list,
      median: Math.round(median(list.map((post) => post.reach))!),
    }))
    .sort((a, b) => b.median - a.median || b.posts.length - a.posts.length);
  const bestFormat = formats[0];
  if (bestFormat) {
    facts.push({
      id: "creator.format",
      kind: "format",
      title: `${bestFormat.label}s reach the most`,
      statement: `Your ${singular(bestFormat.label)}s reach a median ${count(bestFormat.median)} accounts (${plural(bestFormat.posts.length, "post")}), the most of your formats${
        formats.length > 1
          ? ` (${formats
              .slice(1)
              .map(
                (format) =>
                  `${singular(format.label)}s ${count(format.median)} over ${plural(format.posts.length, "post")}`,
              )
              .join("; ")})`
          : ""
      }.`,
      figures: Object.fromEntries([
        ["best", bestFormat.label],
        ...formats.flatMap((format) => [
          [`${singular(format.label)}Median`, format.median],
          [`${singular(format.label)}Posts`, format.posts.length],
        ]),
      ]),
      period,
      sample: {
        size: formats.reduce((sum, format) => sum + format.posts.length, 0),
        unit: "posts",
      },
      links: [postsLink],
    });
  }

  // Hashtags by the median reach of the posts that used them (each used twice at least).
  const performance = posts.map((post) => ({
    caption: post.caption,
    reach: post.reach,
    interactions: post.interactions ?? 0,
  }));
  const topTags = rankHashtags(performance, 5);
  if (topTags.length > 0) {
    facts.push({
      id: "creator.hashtags",
      kind: "hashtags",
      title: "Your hashtags that reach furthest",
      statement: `By the median reach of the posts that used them: ${topTags
        .map((tag) => `#${tag.tag} ${count(tag.medianReach)} (${plural(tag.posts, "post")})`)
        .join(", ")}.`,
      figures: Object.fromEntries(
        topTags.flatMap((tag, index) => [
          [`tag${index + 1}`, `#${tag.tag}`],
          [`tag${index + 1}MedianReach`, tag.medianReach],
          [`tag${index + 1}Posts`, tag.posts],
        ]),
      ),
      period,
      sample: { size: posts.length, unit: "posts" },
      links: [postsLink],
    });
  }

  // Topics: words the best-reaching quarter of posts use more than the others.
  const quarter = Math.max(3, Math.ceil(posts.length / 4));
  const top = posts.slice(0, quarter);
  const rest = posts.slice(quarter);
  const topWords = new Map<string, number>();
  for (const post of top)
    for (const word of words(post.caption)) topWords.set(word, (topWords.get(word) ?? 0) + 1);
  const restWords = new Map<string, number>();
  for (const post of rest)
    for (const word of words(post.caption)) restWords.set(word, (restWords.get(word) ?? 0) + 1);
  const topics = [...topWords]
    .filter(([, inTop]) => inTop >= 2)
    .map(([word, inTop]) => ({
      word,
      inTop,
      inRest: restWords.get(word) ?? 0,
      lift: inTop / top.length - (restWords.get(word) ?? 0) / Math.max(1, rest.length),
    }))
    .filter((topic) => topic.lift > 0)
    .sort((a, b) => b.lift - a.lift || b.inTop - a.inTop || a.word.localeCompare(b.word))
    .slice(0, 3);
  if (topics.length > 0) {
    facts.push({
      id: "creator.topics",
      kind: "topics",
      title: "What your best posts are about",
      statement: `Words your best-reaching ${plural(top.length, "post")} use more than the other ${count(rest.length)}: ${topics
        .map(
          (topic) =>
            `“${topic.word}” (${topic.inTop} of ${top.length}, against ${topic.inRest} of ${rest.length})`,
        )
        .join(", ")}.`,
      figures: Object.fromEntries([
        ["topPosts", top.length],
        ["otherPosts", rest.length],
        ...topics.flatMap((topic, index) => [
          [`topic${index + 1}`, topic.word],
          [`topic${index + 1}InTop`, topic.inTop],
          [`topic${index + 1}InOthers`, topic.inRest],
        ]),
      ]),
      period,
      sample: { size: posts.length, unit: "posts" },
      links: [postsLink],
    });
  }

  // Trend Radar: tracked hashtags whose newest sample says Rising.
  const [tracked, samples] = await Promise.all([
    listTrendHashtags(db, scope.workspaceId),
    listLatestTrendSamples(db, scope.workspaceId),
  ]);
  const rising = tracked.flatMap((hashtag) => {
    const sample = samples.find((candidate) => candidate.hashtagId === hashtag.id);
    if (!sample) return [];
    const verdict = trendOf(sample.currentVolume, sample.previousVolume);
    return verdict.label === "Rising"
      ? [
          {
            name: hashtag.name,
            reason: verdict.reason,
            current: sample.currentVolume,
            previous: sample.previousVolume,
            companions: sample.coHashtags.slice(0, 4).map(([tag]) => tag),
          },
        ]
      : [];
  });
  for (const hashtag of rising.slice(0, 2)) {
    facts.push({
      id: `creator.rising.${hashtag.name}`,
      kind: "rising-hashtag",
      title: `#${hashtag.name} is rising`,
      statement: `#${hashtag.name} is rising on Instagram: ${hashtag.reason}`,
      figures: {
        hashtag: `#${hashtag.name}`,
        currentPosts: hashtag.current,
        previousPosts: hashtag.previous,
      },
      period: null,
      sample: { size: hashtag.current + hashtag.previous, unit: "posts" },
      links: [{ label: "Trend Radar", href: "/trend-radar" }],
    });
  }

  // Upcoming dates within three weeks.
  // From tomorrow: a date that is today is too late to plan a post for.
  const dates = upcomingDates(addDays(today, 1), DATE_HORIZON_DAYS).slice(0, 2);
  for (const date of dates) {
    facts.push({
      id: `creator.date.${date.day}`,
      kind: "date",
      title: `${date.name} on ${date.day}`,
      statement: `${date.name} is on ${date.day}, in the next ${DATE_HORIZON_DAYS} days.`,
      figures: {
        day: date.day,
        name: date.name,
        hashtags: date.hashtags.map((tag) => `#${tag}`).join(" "),
      },
      period: { from: addDays(today, 1), to: addDays(today, DATE_HORIZON_DAYS) },
      sample: null,
      links: [{ label: "Content Scheduler", href: "/content-scheduler" }],
    });
  }

  // The ideas, each from the facts above, with a caption in the account's own words.
  const ownTags = topTags.map((tag) => tag.tag);
  const question = closingQuestion(top);
  type Idea = {
    title: string;
    why: string;
    caption: string;
    hashtags: string[];
    figures: AiFact["figures"];
    basedOn: string[];
    /** A dated idea goes out on or before this day (YYYY-MM-DD). */
    by?: string;
  };
  const ideas: Idea[] = [];
  const topic = topics[0];
  if (bestFormat) {
    const example = topic
      ? (top.find((post) => words(post.caption).has(topic.word)) ?? top[0]!)
      : bestFormat.posts[0]!;
    ideas.push({
      title: topic
        ? `A ${singular(bestFormat.label)} about “${topic.word}”`
        : `Another ${singular(bestFormat.label)}`,
      why: `${singular(bestFormat.label)}s are your best format (median reach ${count(bestFormat.median)} over ${plural(bestFormat.posts.length, "post")})${topic ? `, and “${topic.word}” is in ${topic.inTop} of your ${top.length} best posts` : ""}.`,
      caption: caption([firstSentence(example.caption), question]),
      hashtags: tags(captionHashtags(example.caption ?? ""), ownTags),
      figures: {
        format: bestFormat.label,
        medianReach: bestFormat.median,
        posts: bestFormat.posts.length,
        topic: topic?.word ?? null,
      },
      basedOn: ["creator.format", ...(topic ? ["creator.topics"] : [])],
    });
  }
  for (const hashtag of rising.slice(0, 1)) {
    ideas.push({
      title: `Join #${hashtag.name} while it rises`,
      why: `#${hashtag.name} is rising on Instagram (${hashtag.current} posts in the last 12 h against ${hashtag.previous} before).`,
      caption: caption([firstSentence(top[0]!.caption), question]),
      hashtags: tags([hashtag.name], hashtag.companions, ownTags.slice(0, 3)),
      figures: {
        hashtag: `#${hashtag.name}`,
        currentPosts: hashtag.current,
        previousPosts: hashtag.previous,
        windowHours: 12,
      },
      basedOn: [`creator.rising.${hashtag.name}`],
    });
  }
  for (const date of dates.slice(0, 1)) {
    ideas.push({
      title: `${date.name} (${date.day})`,
      why: `${date.name} is on ${date.day}: a post a day or two before it meets people planning for it.`,
      caption: caption([`${date.name} is coming.`, firstSentence(top[0]!.caption), question]),
      hashtags: tags(date.hashtags, ownTags.slice(0, 4)),
      figures: { day: date.day, name: date.name },
      basedOn: [`creator.date.${date.day}`],
      by: date.day,
    });
  }
  const best = posts[0]!;
  const bestDay = best.postedAt ? zonedParts(best.postedAt, timeZone).date : null;
  ideas.push({
    title: `Revisit your best post${bestDay ? ` of ${bestDay}` : ""}`,
    why: `Your best-reaching post of the last ${CREATOR_DAYS} days reached ${count(best.reach)} accounts: its angle, told again or taken further, is a safe bet.`,
    caption: caption([firstSentence(best.caption), question]),
    hashtags: tags(captionHashtags(best.caption ?? ""), ownTags.slice(0, 3)),
    figures: { reach: best.reach, postedDay: bestDay, days: CREATOR_DAYS },
    basedOn: [],
  });
  const secondTopic = topics[1];
  const secondFormat = formats[1];
  if (secondTopic && (secondFormat ?? bestFormat)) {
    const format = secondFormat ?? bestFormat!;
    const example = top.find((post) => words(post.caption).has(secondTopic.word)) ?? top[0]!;
    ideas.push({
      title: `A ${singular(format.label)} about “${secondTopic.word}”`,
      why: `“${secondTopic.word}” is in ${secondTopic.inTop} of your ${top.length} best posts and ${secondTopic.inRest} of the other ${rest.length}; ${singular(format.label)}s reach a median ${count(format.median)}.`,
      caption: caption([firstSentence(example.caption), question]),
      hashtags: tags(captionHashtags(example.caption ?? ""), ownTags.slice(0, 3)),
      figures: { format: format.label, medianReach: format.median, topic: secondTopic.word },
      basedOn: ["creator.topics"],
    });
  }

  // A slot each: the best upcoming hours (one per day), from online followers and engagement.
  const chosen = ideas.slice(0, MAX_IDEAS);
  const { signals } = await readAudienceSignals(db, scope, now);
  const slots = optimalTimes(
    {
      startDate: today,
      count: 7,
      daysPerWeek: 7,
      allowedWeekdays: [0, 1, 2, 3, 4, 5, 6],
      hourWindow: { from: 7, to: 22 },
      timezone: timeZone,
    },
    signals,
    now,
  );
  // A dated idea takes the latest slot on or before its day; the others the best left, in order.
  const free = slots.map((slot) => ({
    iso: slot.iso,
    day: zonedParts(new Date(slot.iso), timeZone).date,
  }));
  const assigned = new Map<Idea, string | null>();
  for (const idea of chosen.filter((entry) => entry.by)) {
    const fitting = free.filter((slot) => slot.day <= idea.by!);
    const slot = fitting.at(-1);
    assigned.set(idea, slot?.iso ?? null);
    if (slot) free.splice(free.indexOf(slot), 1);
  }
  for (const idea of chosen.filter((entry) => !entry.by)) {
    assigned.set(idea, free.shift()?.iso ?? null);
  }
  for (const [index, idea] of chosen.entries()) {
    const slot = assigned.get(idea) ?? null;
    facts.push({
      id: `creator.idea.${index + 1}`,
      kind: "idea",
      title: idea.title,
      statement: idea.why,
      figures: {
        ...idea.figures,
        slot: slot ? `${zonedParts(new Date(slot), timeZone).date}` : null,
      },
      period,
      sample: { size: posts.length, unit: "posts" },
      links: [postsLink],
      action: {
        kind: "compose",
        campaign: `Creator: ${idea.title}`,
        caption: idea.caption,
        hashtags: idea.hashtags,
        scheduledAt: slot,
      },
    });
  }

  facts.push({
    id: "creator.summary",
    kind: "ideas-summary",
    title: "Ideas",
    statement: `${plural(chosen.length, "idea")} from your ${plural(posts.length, "post")} of the last ${CREATOR_DAYS} days.`,
    figures: { ideas: chosen.length, posts: posts.length, days: CREATOR_DAYS },
    period,
    sample: { size: posts.length, unit: "posts" },
    links: [postsLink],
  });
  const lead = chosen[0]!;
  return {
    status: "ready",
    period,
    facts,
    headline: `${plural(chosen.length, "idea")} for your next posts, led by: ${lead.title}.`,
    paragraphs: [
      chosen.map((idea) => `${idea.title}: ${idea.why}`).join(" "),
      facts
        .filter((fact) => ["format", "topics", "hashtags"].includes(fact.kind))
        .map((fact) => fact.statement)
        .join(" "),
    ].filter((text) => text.length > 0),
  };
}
