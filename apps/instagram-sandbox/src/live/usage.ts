import { HOUR_MS } from "../core/time.ts";

/**
 * §8.4 usage headers, computed from real call counts: Instagram Platform calls report
 * `X-Business-Use-Case-Usage` per account (budget 4 800 × impressions / 24 h), Platform-limited
 * calls (Business Discovery, Hashtag Search, app calls) report `X-App-Usage` (200 calls per user
 * per hour). Budgets are reported, not enforced; inject faults to test throttling.
 */
export class UsageTracker {
  private readonly accountCalls = new Map<string, number[]>();
  private appCalls: number[] = [];
  private readonly activeAccounts = new Map<string, number>();

  record(now: number, accountId: string | undefined, platformLimited: boolean): void {
    if (accountId !== undefined) {
      this.activeAccounts.set(accountId, now);
      const list = this.accountCalls.get(accountId) ?? [];
      list.push(now);
      while (list.length > 0 && (list[0] as number) < now - 24 * HOUR_MS) list.shift();
      this.accountCalls.set(accountId, list);
    }
    if (platformLimited) {
      this.appCalls.push(now);
      this.appCalls = this.appCalls.filter((at) => at >= now - HOUR_MS);
    }
  }

  headers(
    now: number,
    accountId: string | undefined,
    platformLimited: boolean,
    dailyViews: number,
  ): Record<string, string> {
    const headers: Record<string, string> = {};
    if (platformLimited) {
      const users = [...this.activeAccounts.values()].filter(
        (at) => at >= now - 24 * HOUR_MS,
      ).length;
      const percent = Math.min(
        100,
        Math.round((this.appCalls.length / (200 * Math.max(1, users))) * 100),
      );
      headers["x-app-usage"] = JSON.stringify({
        call_count: percent,
        total_cputime: Math.round(percent / 4),
        total_time: Math.round(percent / 3),
      });
    } else if (accountId !== undefined) {
      const calls = this.accountCalls.get(accountId)?.length ?? 0;
      const budget = 4800 * Math.max(10, dailyViews);
      const percent = Math.min(100, Math.round((calls / budget) * 100));
      headers["x-business-use-case-usage"] = JSON.stringify({
        [accountId]: [
          {
            type: "instagram",
            call_count: percent,
            total_cputime: Math.round(percent / 4),
            total_time: Math.round(percent / 3),
            estimated_time_to_regain_access: 0,
          },
        ],
      });
    }
    return headers;
  }
}
