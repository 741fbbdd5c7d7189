import { describe, expect, it } from "vitest";
import {
  accountMetricAggregation,
  isAdditiveMetric,
  perPeriodAccountMetrics,
  sumOfDays,
} from "./account-metrics.ts";

/*
 * One test per metric: what it counts decides whether days add up. Events (views, likes, taps,
 * follows) happen once each, so days add; people (reached, engaged) come back day after day, so
 * a sum of days counts them again.
 */
const expected: Record<string, { additive: boolean; why: string }> = {
  reach: { additive: false, why: "unique accounts that saw content" },
  accounts_engaged: { additive: false, why: "unique accounts that interacted" },
  views: { additive: true, why: "each time content was shown" },
  interactions: { additive: true, why: "each like, comment, save, share" },
  likes: { additive: true, why: "each like" },
  comments: { additive: true, why: "each comment" },
  saves: { additive: true, why: "each save" },
  shares: { additive: true, why: "each share" },
  replies: { additive: true, why: "each story reply" },
  reposts: { additive: true, why: "each repost" },
  profile_visits: { additive: true, why: "each profile visit" },
  profile_link_taps: { additive: true, why: "each tap on a contact button" },
  website_clicks: { additive: true, why: "each tap on the website link" },
  new_followers: { additive: true, why: "each new follow, per day" },
  follows: { additive: true, why: "each follow" },
  unfollows: { additive: true, why: "each unfollow" },
};

describe("which account metrics may be summed over days", () => {
  it("the table names exactly the metrics checked here", () => {
    expect(Object.keys(accountMetricAggregation).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [metric, rule] of Object.entries(expected)) {
    it(`${metric}: ${rule.additive ? "summed" : "asked per period"} (${rule.why})`, () => {
      expect(isAdditiveMetric(metric)).toBe(rule.additive);
      if (rule.additive) {
        expect(sumOfDays(metric, [3, 4, 5])).toBe(12);
      } else {
        expect(() => sumOfDays(metric, [3, 4, 5])).toThrow(/unique people/);
        expect(perPeriodAccountMetrics.map((entry) => entry.metric)).toContain(metric);
      }
    });
  }

  it("an unknown metric is never summed", () => {
    expect(isAdditiveMetric("engaged_audience")).toBe(false);
    expect(() => sumOfDays("engaged_audience", [1])).toThrow();
  });
});
