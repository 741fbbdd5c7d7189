import { expect } from "vitest";
import { TEST_PUBLIC_URL, type TestApp } from "./create-test-app.ts";

/**
 * Reading Instagram's own answers in tests: the figures a page shows are asserted against what
 * the sandbox's Graph API answers for the same account and days. Instagram's days are the days
 * its daily values close on: UTC days in the sandbox.
 */
const DAY_MS = 86_400_000;

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** `since`/`until` covering the UTC days from..to, both included. */
export function insightsWindow(from: string, to: string): { since: string; until: string } {
  return {
    since: String(Date.parse(`${from}T00:00:00Z`) / 1000),
    until: String(Date.parse(`${addDays(to, 1)}T00:00:00Z`) / 1000),
  };
}

export type InsightsAnswer = {
  data: Array<{
    name: string;
    values?: Array<{ value: number; end_time?: string }>;
    total_value?: { value: number };
  }>;
};

/**
 * A Graph client for one account of the test app's sandbox (Instagram Login), in a user's space
 * when given (decision 015); every answer must be 200.
 */
export function graphReader(testApp: TestApp, who: { username: string; space?: string }) {
  async function get<T>(path: string, params: Record<string, string> = {}): Promise<T> {
    const token = testApp.sandbox!.issueToken({
      username: who.username,
      login: "instagram",
      ...(who.space !== undefined ? { space: who.space } : {}),
    });
    const url = new URL(`${TEST_PUBLIC_URL}/sandbox/graph.instagram.com/v23.0/${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const response = await testApp.sandbox!.fetch(url.toString(), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status, `${path} ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as T;
  }
  return {
    get,
    /** Instagram's total_value of each metric over exactly from..to (≤ 30 days). */
    async totals(igUserId: string, metrics: string[], from: string, to: string) {
      const answer = await get<InsightsAnswer>(`${igUserId}/insights`, {
        metric: metrics.join(","),
        period: "day",
        metric_type: "total_value",
        ...insightsWindow(from, to),
      });
      return Object.fromEntries(
        answer.data.map((entry) => [entry.name, entry.total_value!.value]),
      ) as Record<string, number>;
    },
    /** Instagram's daily values of a metric over from..to, day → value, in ≤ 30-day calls. */
    async daily(igUserId: string, metric: string, from: string, to: string) {
      const days = new Map<string, number>();
      for (let start = from; start <= to; start = addDays(start, 30)) {
        const end = [addDays(start, 29), to].sort()[0]!;
        const answer = await get<InsightsAnswer>(`${igUserId}/insights`, {
          metric,
          period: "day",
          ...insightsWindow(start, end),
        });
        for (const point of answer.data[0]?.values ?? []) {
          // end_time closes the day: the value belongs to the day before it.
          days.set(addDays(point.end_time!.slice(0, 10), -1), point.value);
        }
      }
      return days;
    },
  };
}
