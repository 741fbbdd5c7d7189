import {
  AtSign,
  BarChart3,
  CalendarDays,
  FileText,
  LayoutDashboard,
  type LucideIcon,
  MessagesSquare,
  Newspaper,
  Settings,
  Swords,
  TrendingUp,
  Users,
} from "lucide-react";
import { paths } from "./paths.ts";

export interface AppNavItem {
  path: string;
  label: string;
  icon: LucideIcon;
  /** Spec §2: /messages and /content-scheduler fill the main area edge to edge. */
  padded: boolean;
}

/** Spec §2 app shell: the sidebar, in this order. */
export const appNavigation: readonly AppNavItem[] = [
  { path: paths.dashboard, label: "Dashboard", icon: LayoutDashboard, padded: true },
  { path: paths.audienceInsights, label: "Audience Insights", icon: Users, padded: true },
  { path: paths.postPerformance, label: "Post Performance", icon: BarChart3, padded: true },
  { path: paths.competitors, label: "Competitors", icon: Swords, padded: true },
  { path: paths.contentScheduler, label: "Content Scheduler", icon: CalendarDays, padded: false },
  { path: paths.messages, label: "Messages", icon: MessagesSquare, padded: false },
  // Beyond the spec (decision 041): who mentioned or tagged the account.
  { path: paths.mentions, label: "Mentions", icon: AtSign, padded: true },
  { path: paths.trendRadar, label: "Trend Radar", icon: TrendingUp, padded: true },
  { path: paths.pressRadar, label: "Press Radar", icon: Newspaper, padded: true },
  { path: paths.reports, label: "Reports", icon: FileText, padded: true },
  { path: paths.settings, label: "Settings", icon: Settings, padded: true },
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
