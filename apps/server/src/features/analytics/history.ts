import {
  type AnalyticsPeriodQuery,
  formatCapability,
  historyNote,
  historyRefusal,
  historyStart,
  type PlanId,
  planCapabilities,
} from "@sightline/contracts";
import { type AnalyticsScope, countHistoryBefore, type Db, findAccountPost } from "@sightline/db";
import { planRequired } from "../plans/index.ts";
import { dayStart, localToday, resolvePeriod } from "./period.ts";

/**
 * A plan's analytics history window (issue 30 point 7, decision 027): the days from `from` on
 * the user's calendar. Every analytics read keeps inside it; what is older stays stored, hidden,
 * and returns on upgrade.
 */
export type HistoryWindow = {
  plan: PlanId;
  days: number;
  /** "30 days", "2 years". */
  label: string;
  from: string;
  timeZone: string;
};

export function historyWindow(plan: PlanId, now: Date, timeZone: string): HistoryWindow {
  return {
    plan,
    days: planCapabilities[plan].historyDays,
    label: formatCapability(plan, "historyDays"),
    from: historyStart(plan, localToday(now, timeZone)),
    timeZone,
  };
}

/** Refuses (403 `plan_required`, historyDays) a period that starts before the window. */
export function assertInHistory(window: HistoryWindow, from: string): void {
  if (from < window.from) {
    throw planRequired(window.plan, "historyDays", historyRefusal(window.plan, window.from));
  }
}

/** The window of a dashboard's period, refusing a period that starts before it. */
export function periodInHistory(
  plan: PlanId,
  query: AnalyticsPeriodQuery,
  now: Date,
  timeZone: string,
): HistoryWindow {
  const window = historyWindow(plan, now, timeZone);
  assertInHistory(window, resolvePeriod(query, now, timeZone).from);
  return window;
}

/**
 * Refuses a post older than the window (403 `plan_required`). The list's zone is not known
 * here: a post a day either side of the edge is let through rather than refused.
 */
export async function assertPostInHistory(
  db: Db,
  scope: AnalyticsScope,
  window: HistoryWindow,
  igMediaId: string,
): Promise<void> {
  const post = await findAccountPost(db, scope, igMediaId);
  const edge = dayStart(window.from, window.timeZone).getTime() - 86_400_000;
  if (post?.postedAt && post.postedAt.getTime() < edge) {
    throw planRequired(window.plan, "historyDays", historyRefusal(window.plan, window.from));
  }
}

/** The later of a requested first day and the window's (an open start begins at the window). */
export function clampToHistory(window: HistoryWindow, from: string | undefined): string {
  return from !== undefined && from > window.from ? from : window.from;
}

/** The window as the web shows it, with what it hides ("Your plan shows 30 days; 60 more …"). */
export async function describeHistory(db: Db, scope: AnalyticsScope, window: HistoryWindow) {
  const hidden = await countHistoryBefore(db, scope, {
    day: window.from,
    postedBefore: dayStart(window.from, window.timeZone),
  });
  return {
    days: window.days,
    label: window.label,
    from: window.from,
    hiddenDays: hidden.days,
    hiddenPosts: hidden.posts,
    note: historyNote(window.plan, hidden.days),
    postsNote: historyNote(window.plan, hidden.posts, "posts"),
  };
}

export type HistoryDescription = Awaited<ReturnType<typeof describeHistory>>;
