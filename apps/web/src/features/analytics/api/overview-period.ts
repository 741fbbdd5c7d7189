export type OverviewDays = "7" | "28" | "90";
/** A preset length ending yesterday, or a custom from–to (both inclusive, YYYY-MM-DD). */
export type OverviewPeriod = { days: OverviewDays } | { from: string; to: string };

/**
 * The period the dashboard opens on. Asked for before its page renders (app/early-page-data.ts)
 * and as the page first renders (dashboard-page.tsx): kept apart from the query's module, which
 * the app's start does not load.
 */
export const initialOverviewPeriod: OverviewPeriod = { days: "28" };
