import { can, type WorkspaceAction, type WorkspaceRole } from "@sightline/contracts";
import { paths } from "./paths.ts";

export interface AppNavItem {
  path: string;
  label: string;
  /** Spec §2: /messages and /content-scheduler fill the main area edge to edge. */
  padded: boolean;
  /** What the member's role needs to open it (contracts' role table); none: every member. */
  action?: WorkspaceAction;
}

/** Spec §2 app shell: the sidebar, in this order. */
export const appNavigation: readonly AppNavItem[] = [
  {
    path: paths.dashboard,
    label: "Dashboard",
    padded: true,
    action: "read",
  },
  {
    path: paths.audienceInsights,
    label: "Audience Insights",
    padded: true,
    action: "read",
  },
  {
    path: paths.postPerformance,
    label: "Post Performance",
    padded: true,
    action: "read",
  },
  { path: paths.competitors, label: "Competitors", padded: true, action: "read" },
  {
    path: paths.contentScheduler,
    label: "Content Scheduler",
    padded: false,
    action: "read",
  },
  // Decision 037 addendum: the posts sent for approval, a Client's own page.
  { path: paths.reviews, label: "Reviews", padded: true, action: "review" },
  { path: paths.messages, label: "Messages", padded: false, action: "read" },
  // Beyond the spec (decision 041): who mentioned or tagged the account.
  { path: paths.mentions, label: "Mentions", padded: true, action: "read" },
  { path: paths.trendRadar, label: "Trend Radar", padded: true, action: "read" },
  { path: paths.pressRadar, label: "Press Radar", padded: true, action: "read" },
  { path: paths.reports, label: "Reports", padded: true, action: "reports" },
  { path: paths.settings, label: "Settings", padded: true },
];

/** The navigation item a path belongs to (its own page or one below it), if any. */
export function navItemForPath(pathname: string): AppNavItem | undefined {
  return appNavigation.find(
    (item) => pathname === item.path || pathname.startsWith(`${item.path}/`),
  );
}

/** Spec §2: the header title comes from the current path and defaults to Dashboard. */
export function appPageTitle(pathname: string): string {
  return navItemForPath(pathname)?.label ?? "Dashboard";
}

/** Spec §2: no padding on /messages and /content-scheduler, padding elsewhere. */
export function isMainAreaPadded(pathname: string): boolean {
  return navItemForPath(pathname)?.padded ?? true;
}

/** Whether `role` may open the item (unknown role: yes, as `useCan` while the role loads). */
export function isNavItemOpen(item: AppNavItem, role: WorkspaceRole | undefined): boolean {
  return role === undefined || item.action === undefined || can(role, item.action);
}

/**
 * Where the member starts: the first page their role opens (the dashboard for every role that
 * reads; Reviews for a Client, decision 037 addendum).
 */
export function homePathFor(role: WorkspaceRole | undefined): string {
  return appNavigation.find((item) => isNavItemOpen(item, role))?.path ?? paths.settings;
}
