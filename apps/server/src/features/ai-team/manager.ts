import { type AiFact, addDays, weekdayOf, zonedParts } from "@sightline/contracts";
import { listAiTeamReports, listPostsWithLatestMetrics } from "@sightline/db";
import { dayStart } from "../analytics/index.ts";
import { optimalTimes, readAudienceSignals } from "../content-tools/index.ts";
import { count, decimal, plural } from "./format.ts";
import { postGroupLabel } from "./mentor.ts";
import type { RoleFacts, RoleFactsInput } from "./role-facts.ts";
import { median, round } from "./stats.ts";

/*
 * The Manager (issue 31 point 5): this week's plan from the other roles' facts — how many posts
 * at which slots (optimal times), what to post (the Creator's ideas), the replies waiting (the
 * Secretary's queue) and one experiment with how it will be measured; a week later it reports
 * whether the experiment worked, from the posts published during it.
 */

const CADENCE_WEEKS = 4;
const MIN_POSTS_PER_WEEK = 2;
const MAX_POSTS_PER_WEEK = 7;
const PLAN_DAYS = 7;
/** Posts an experiment asks for in each group. */
const EXPERIMENT_POSTS = 2;

const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** What the Manager builds on: the other roles' facts for the same account and time. */
export type ManagerInputs = {
  mentor: RoleFacts;
  secretary: RoleFacts | null;
  creator: RoleFacts | null;
};

function hhmm(hour: number, minute = 0): string {
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

type Experiment = {
  weekStart: string;
  weekEnd: string;
  topic: string;
  best: string;
  other: string;
  bestNoun: string;
  otherNoun: string;
  metric: string;
  ratio: number;
};

function experimentOf(fact: AiFact | undefined): Experiment | null {
  if (fact?.kind !== "experiment") return null;
  const f = fact.figures;
  if (typeof f.weekStart !== "string" || typeof f.weekEnd !== "string") return null;
  return {
    weekStart: f.weekStart,
    weekEnd: f.weekEnd,
    topic: String(f.topic),
    best: String(f.best),
    other: String(f.other),
    bestNoun: String(f.bestNoun),
    otherNoun: String(f.otherNoun),
    metric: String(f.metric),
    ratio: Number(f.ratio),
  };
}

function experimentFact(experiment: Experiment, period: { from: string; to: string }): AiFact {
  const unit = experiment.metric === "reach" ? "median reach" : "median engagement rate";
  return {
    id: "plan.experiment",
    kind: "experiment",
    title: "This week's experiment",
    statement: `From ${experiment.weekStart} to ${experiment.weekEnd}, publish at least ${EXPERIMENT_POSTS} of ${experiment.bestNoun} and ${EXPERIMENT_POSTS} of ${experiment.otherNoun}. The Mentor cannot yet tell whether ${experiment.bestNoun} really do better (${decimal(experiment.ratio, 2)}× so far); on ${addDays(experiment.weekEnd, 1)} the Manager compares their ${unit}.`,
    figures: {
      weekStart: experiment.weekStart,
      weekEnd: experiment.weekEnd,
      topic: experiment.topic,
      best: experiment.best,
      other: experiment.other,
      bestNoun: experiment.bestNoun,
      otherNoun: experiment.otherNoun,
      metric: experiment.metric,
      ratio: experiment.ratio,
      postsEach: EXPERIMENT_POSTS,
      resultDay: addDays(experiment.weekEnd, 1),
    },
    period,
    sample: null,
    links: [{ label: "Post Performance", href: "/post-performance" }],
  };
}

/** Last week's experiment, measured on the posts published during it. */
async function experimentResult(input: RoleFactsInput, experiment: Experiment): Promise<AiFact> {
  const posts = await listPostsWithLatestMetrics(input.db, input.scope, {
    sort: "posted_at",
    order: "asc",
    postedFrom: dayStart(experiment.weekStart, input.timeZone),
    postedBefore: dayStart(addDays(experiment.weekEnd, 1), input.timeZone),
    limit: 200,
  });
  const value = (post: (typeof posts)[number]) =>
    experiment.metric === "reach"
      ? post.reach
      : post.engagement === null
        ? null
        : post.engagement * 100;
  const groups = { best: [] as number[], other: [] as number[] };
  for (const post of posts) {
    const label = postGroupLabel(experiment.topic, post, input.timeZone);
    const measured = value(post);
    if (label === null || measured === null) continue;
    if (label === experiment.best) groups.best.push(measured);
    else if (experiment.other === "other posts" || label === experiment.other) {
      groups.other.push(measured);
    }
  }
  const period = { from: experiment.weekStart, to: experiment.weekEnd };
  const base = {
    id: "plan.experiment-result",
    kind: "experiment-result",
    title: "Last week's experiment",
    period,
    links: [{ label: "Post Performance", href: "/post-performance" }],
  };
  if (groups.best.length === 0 || groups.other.length === 0) {
    return {
      ...base,
      statement: `The experiment of ${experiment.weekStart} to ${experiment.weekEnd} could not be measured: ${plural(groups.best.length, "post")} of ${experiment.bestNoun} and ${plural(groups.other.length, "post")} of ${experiment.otherNoun} went out, and it needs at least one of each.`,
      figures: {
        bestPosts: groups.best.length,
        otherPosts: groups.other.length,
        verdict: "not measured",
      },
      sample: { size: groups.best.length + groups.other.length, unit: "posts" },
    };
  }
  const best = median(groups.best)!;
  const other = median(groups.other)!;
  const show = (v: number) => (experiment.metric === "reach" ? count(v) : `${decimal(v, 1)}%`);
  const ratio = other === 0 ? null : round(best / other, 2);
  const held = ratio !== null && ratio > 1;
  return {
    ...base,
    statement: `From ${experiment.weekStart} to ${experiment.weekEnd}, ${experiment.bestNoun} had a median ${experiment.metric === "reach" ? "reach" : "engagement rate"} of ${show(best)} (${plural(groups.best.length, "post")}) against ${show(other)} for ${experiment.otherNoun} (${plural(groups.other.length, "post")})${ratio === null ? "" : `: ${decimal(ratio, 2)}×`}. ${held ? "The lead held this week; a few more weeks like it make it a rule." : "The lead did not hold this week."}`,
    figures: {
      bestMedian: experiment.metric === "reach" ? Math.round(best) : round(best, 1),
      otherMedian: experiment.metric === "reach" ? Math.round(other) : round(other, 1),
      bestPosts: groups.best.length,
      otherPosts: groups.other.length,
      ratio,
      verdict: held ? "held" : "did not hold",
    },
    sample: { size: groups.best.length + groups.other.length, unit: "posts" },
  };
}

export async function managerFacts(
  input: RoleFactsInput,
  inputs: ManagerInputs,
): Promise<RoleFacts> {
  const { db, scope, timeZone, now } = input;
  const today = zonedParts(now, timeZone).date;
  const weekEnd = addDays(today, PLAN_DAYS - 1);
  const period = { from: today, to: weekEnd };
  const facts: AiFact[] = [];

  // How many posts: the account's own pace over the last 4 weeks, kept within 2–7.
  const paceFrom = addDays(today, -7 * CADENCE_WEEKS);
  const recent = await listPostsWithLatestMetrics(db, scope, {
    sort: "posted_at",
    order: "desc",
    postedFrom: dayStart(paceFrom, timeZone),
    postedBefore: dayStart(today, timeZone),
    limit: 500,
  });
  const perWeek = round(recent.length / CADENCE_WEEKS, 1);
  const growthClear = inputs.mentor.facts.some(
    (fact) =>
      fact.kind === "frequency" &&
      fact.figures.verdict === "clear" &&
      (fact.figures.correlation as number) > 0,
  );
  const target = Math.min(
    MAX_POSTS_PER_WEEK,
    Math.max(MIN_POSTS_PER_WEEK, Math.round(perWeek) + (growthClear ? 1 : 0)),
  );
  facts.push({
    id: "plan.cadence",
    kind: "cadence",
    title: "Posts this week",
    statement: `Plan ${plural(target, "post")} from ${today} to ${weekEnd}: you published ${plural(recent.length, "post")} in the last ${CADENCE_WEEKS} weeks (${decimal(perWeek, 1)} a week)${growthClear ? ", and weeks with more posts brought more new followers, so one more" : ""}.`,
    figures: {
      target,
      postsPerWeek: perWeek,
      recentPosts: recent.length,
      weeks: CADENCE_WEEKS,
      growthClear: growthClear ? "yes" : "no",
    },
    period: { from: paceFrom, to: addDays(today, -1) },
    sample: { size: recent.length, unit: "posts" },
    links: [{ label: "Content Scheduler", href: "/content-scheduler" }],
  });

  // At which slots: the best hour of the best days ahead, from online followers and engagement.
  const { signals, basis } = await readAudienceSignals(db, scope, now);
  const slots = optimalTimes(
    {
      startDate: today,
      count: target,
      daysPerWeek: target,
      allowedWeekdays: [0, 1, 2, 3, 4, 5, 6],
      hourWindow: { from: 7, to: 22 },
      timezone: timeZone,
    },
    signals,
    now,
  ).filter((slot) => zonedParts(new Date(slot.iso), timeZone).date <= weekEnd);
  const ideas = (inputs.creator?.facts ?? []).filter(
    (fact) => fact.kind === "idea" && fact.action?.kind === "compose",
  );
  // Each slot takes the first idea left that may go out that day (a dated idea: on or before it).
  const unused = [...ideas];
  for (const slot of slots) {
    const parts = zonedParts(new Date(slot.iso), timeZone);
    const time = hhmm(parts.hour, parts.minute);
    const ideaIndex = unused.findIndex(
      (candidate) =>
        typeof candidate.figures.day !== "string" || parts.date <= candidate.figures.day,
    );
    const idea = ideaIndex >= 0 ? unused.splice(ideaIndex, 1)[0] : undefined;
    const compose = idea?.action?.kind === "compose" ? idea.action : undefined;
    facts.push({
      id: `plan.slot.${parts.date}`,
      kind: "slot",
      title: `${weekdayNames[weekdayOf(parts.date)]} ${parts.date} at ${time}`,
      statement: `${weekdayNames[weekdayOf(parts.date)]} ${parts.date} at ${time} is one of your best hours this week (${plural(basis.onlineFollowerDays, "day")} of followers online and ${plural(basis.posts, "post")}' engagement behind it)${idea ? `: ${idea.title}.` : "."}`,
      figures: {
        day: parts.date,
        time,
        weekday: weekdayNames[weekdayOf(parts.date)]!,
        score: round(slot.score * 100, 0),
        idea: idea?.title ?? null,
      },
      period,
      sample: { size: basis.onlineFollowerDays, unit: "days" },
      links: [{ label: "Content Scheduler", href: "/content-scheduler" }],
      ...(compose
        ? { action: { ...compose, scheduledAt: slot.iso } }
        : {
            action: {
              kind: "compose" as const,
              campaign: "Manager: this week's plan",
              caption: "",
              hashtags: [],
              scheduledAt: slot.iso,
            },
          }),
    });
  }

  // Replies waiting: the Secretary's queue.
  const queue = inputs.secretary?.facts.find((fact) => fact.kind === "triage-summary");
  if (queue) {
    const waiting = Number(queue.figures.waiting ?? 0);
    const complaints = Number(queue.figures.complaint ?? 0);
    facts.push({
      id: "plan.replies",
      kind: "replies",
      title: "Replies waiting",
      statement:
        waiting === 0
          ? "Nothing waits for a reply."
          : `${plural(waiting, "message")} ${waiting === 1 ? "waits" : "wait"} for a reply${complaints > 0 ? `, ${plural(complaints, "complaint")} among them: answer ${complaints === 1 ? "it" : "those"} first` : ""}.`,
      figures: { waiting, complaints },
      period: queue.period,
      sample: { size: waiting, unit: "messages" },
      links: [{ label: "Messages", href: "/messages" }],
    });
  }

  // One experiment: carried through its week, then measured and a new one begun.
  const stored = (await listAiTeamReports(db, scope)).find((row) => row.role === "manager");
  const previous = experimentOf(stored?.facts.find((fact) => fact.kind === "experiment"));
  let experiment: Experiment | null = previous && previous.weekEnd >= today ? previous : null;
  if (previous && previous.weekEnd < today) {
    facts.push(await experimentResult(input, previous));
  } else {
    const result = stored?.facts.find((fact) => fact.kind === "experiment-result");
    if (result) facts.push(result);
  }
  if (!experiment) {
    const open = inputs.mentor.facts
      .filter((fact) => fact.kind === "advice" && fact.figures.verdict === "not clear")
      .sort((a, b) => (b.figures.ratio as number) - (a.figures.ratio as number))[0];
    if (open) {
      experiment = {
        weekStart: today,
        weekEnd,
        topic: String(open.figures.topic),
        best: String(open.figures.best),
        other: String(open.figures.other),
        bestNoun: String(open.figures.bestNoun),
        otherNoun: String(open.figures.otherNoun),
        metric: String(open.figures.metric),
        ratio: Number(open.figures.ratio),
      };
    }
  }
  if (experiment) {
    facts.push(experimentFact(experiment, { from: experiment.weekStart, to: experiment.weekEnd }));
  }

  const slotFacts = facts.filter((fact) => fact.kind === "slot");
  const headline = `This week: ${plural(target, "post")}${slotFacts.length > 0 ? ` (${slotFacts.map((fact) => `${String(fact.figures.weekday).slice(0, 3)} ${fact.figures.time}`).join(", ")})` : ""}${queue ? `, ${plural(Number(queue.figures.waiting ?? 0), "reply", "replies")} waiting` : ""}${experiment ? `, one experiment on ${experiment.topic}` : ""}.`;
  const paragraphs = [
    [
      facts.find((fact) => fact.kind === "cadence")!.statement,
      ...slotFacts.map((fact) => fact.statement),
    ].join(" "),
    facts.find((fact) => fact.kind === "replies")?.statement ?? "",
    [
      facts.find((fact) => fact.kind === "experiment-result")?.statement,
      facts.find((fact) => fact.kind === "experiment")?.statement,
    ]
      .filter(Boolean)
      .join(" "),
  ].filter((text) => text.length > 0);
  if (slots.length === 0) {
    paragraphs.push(
      "No slot is offered yet: the best hours come from your followers online and your posts' engagement, and neither is stored for this account.",
    );
  }
  return { status: "ready", period, facts, headline, paragraphs };
}
