import { appUsageHeaderSchema, businessUseCaseUsageHeaderSchema } from "./schemas/usage.ts";

export type AppUsage = { callCount: number; totalCputime: number; totalTime: number };

export type BusinessUseCaseUsage = {
  /** The IG account (or business) id Meta keyed the entry by. */
  id: string;
  type: string;
  callCount: number;
  totalCputime: number;
  totalTime: number;
  /** Minutes until calls are accepted again; 0 when not throttled. */
  estimatedTimeToRegainAccessMinutes: number;
};

/** §8.4 — both usage headers, as percentages of the limit. */
export type GraphUsage = {
  app?: AppUsage;
  businessUseCase: BusinessUseCaseUsage[];
  /** The highest percentage in either header; slow down above ~80. */
  maxPercent: number;
  /** The longest regain estimate in milliseconds (0 when none). */
  regainAccessMs: number;
};

function parseJsonHeader(value: string | null): unknown {
  if (value === null || value.trim() === "") return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** Returns undefined when neither header is present (or both are malformed). */
export function parseUsageHeaders(headers: Headers): GraphUsage | undefined {
  const appParsed = appUsageHeaderSchema.safeParse(parseJsonHeader(headers.get("x-app-usage")));
  const bucParsed = businessUseCaseUsageHeaderSchema.safeParse(
    parseJsonHeader(headers.get("x-business-use-case-usage")),
  );
  if (!appParsed.success && !bucParsed.success) return undefined;

  const app: AppUsage | undefined = appParsed.success
    ? {
        callCount: appParsed.data.call_count ?? 0,
        totalCputime: appParsed.data.total_cputime ?? 0,
        totalTime: appParsed.data.total_time ?? 0,
      }
    : undefined;
  const businessUseCase: BusinessUseCaseUsage[] = [];
  if (bucParsed.success) {
    for (const [id, entries] of Object.entries(bucParsed.data)) {
      for (const entry of entries) {
        businessUseCase.push({
          id,
          type: entry.type ?? "instagram",
          callCount: entry.call_count ?? 0,
          totalCputime: entry.total_cputime ?? 0,
          totalTime: entry.total_time ?? 0,
          estimatedTimeToRegainAccessMinutes: entry.estimated_time_to_regain_access ?? 0,
        });
      }
    }
  }
  const percents = [
    app?.callCount ?? 0,
    app?.totalCputime ?? 0,
    app?.totalTime ?? 0,
    ...businessUseCase.flatMap((entry) => [entry.callCount, entry.totalCputime, entry.totalTime]),
  ];
  const regainMinutes = Math.max(
    0,
    ...businessUseCase.map((entry) => entry.estimatedTimeToRegainAccessMinutes),
  );
  return {
    ...(app ? { app } : {}),
    businessUseCase,
    maxPercent: Math.max(0, ...percents),
    regainAccessMs: regainMinutes * 60_000,
  };
}
