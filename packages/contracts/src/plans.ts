/**
 * The plan table (design/product.md "Plans"): the limits the server enforces. Plans themselves
 * (storage, billing) arrive with the plans issue; until then every user is on "free".
 */
export const planIds = ["free", "starter", "pro", "premium"] as const;
export type PlanId = (typeof planIds)[number];

export const planNames: Record<PlanId, string> = {
  free: "Free",
  starter: "Starter",
  pro: "Pro",
  premium: "Premium",
};

export type PlanLimits = {
  /** Trend Radar: hashtags tracked at once. */
  trendHashtags: number;
  /** Press Radar: keywords watched at once. */
  pressKeywords: number;
  /** Uploaded files kept at once (drafts' media, covers, DM images), in bytes. */
  storageBytes: number;
};

const GB = 1024 * 1024 * 1024;

export const planLimits: Record<PlanId, PlanLimits> = {
  free: { trendHashtags: 3, pressKeywords: 1, storageBytes: 1 * GB },
  starter: { trendHashtags: 10, pressKeywords: 3, storageBytes: 5 * GB },
  pro: { trendHashtags: 30, pressKeywords: 10, storageBytes: 20 * GB },
  premium: { trendHashtags: 30, pressKeywords: 30, storageBytes: 50 * GB },
};

/** The cheapest plan above `plan` that allows more than `plan` does of `limit`, if any. */
export function planAllowingMore(plan: PlanId, limit: keyof PlanLimits): PlanId | undefined {
  const current = planLimits[plan][limit];
  return planIds.slice(planIds.indexOf(plan) + 1).find((next) => planLimits[next][limit] > current);
}
