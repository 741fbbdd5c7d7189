import { HASHTAG_LOOKUPS_PER_WEEK } from "@sightline/contracts";

export const LOOKUP_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export type HashtagLookup = { name: string; lookedUpAt: Date };

export type HashtagBudget = {
  limit: number;
  used: number;
  remaining: number;
  /** Hashtags counted in the window: looking them up again costs nothing. */
  counted: string[];
  /** When the oldest counted look-up leaves the window (null when none is counted). */
  nextSlotAt: Date | null;
};

/**
 * Instagram's 30 unique hashtags per account per rolling 7 days (Graph API contract §7.2): a
 * name counts from its first look-up in the window; repeating it neither counts again nor
 * restarts its timer, so only the first look-up of each name matters.
 */
export function hashtagBudget(
  lookups: readonly HashtagLookup[],
  now: Date,
  limit = HASHTAG_LOOKUPS_PER_WEEK,
): HashtagBudget {
  const since = now.getTime() - LOOKUP_WINDOW_MS;
  const firstUse = new Map<string, number>();
  for (const lookup of lookups) {
    const at = lookup.lookedUpAt.getTime();
    if (at <= since || at > now.getTime()) continue;
    const name = lookup.name.toLowerCase();
    const earlier = firstUse.get(name);
    if (earlier === undefined || at < earlier) firstUse.set(name, at);
  }
  const used = firstUse.size;
  const oldest = Math.min(...firstUse.values());
  return {
    limit,
    used,
    remaining: Math.max(0, limit - used),
    counted: [...firstUse.keys()],
    nextSlotAt: used > 0 ? new Date(oldest + LOOKUP_WINDOW_MS) : null,
  };
}

/** Whether looking `name` up now would take a slot (true) or is free (false). */
export function needsSlot(budget: HashtagBudget, name: string): boolean {
  return !budget.counted.includes(name.toLowerCase());
}
