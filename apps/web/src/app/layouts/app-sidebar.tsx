import {
  AtSign,
  BarChart3,
  CalendarDays,
  ClipboardCheck,
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
import { NavLink } from "react-router";
import { appNavigation, isNavItemOpen } from "../../config/nav.ts";
import { paths } from "../../config/paths.ts";
import { useFrameRole } from "../../lib/workspace-role.tsx";
import { cn } from "../../utils/cn.ts";

/**
 * Each page's icon. Here rather than in config/nav.ts, which the route guard reads too: icons
 * are the sidebar's, and with the guard they would ride in the code every page starts with.
 */
const icons: Readonly<Record<string, LucideIcon>> = {
  [paths.dashboard]: LayoutDashboard,
  [paths.audienceInsights]: Users,
  [paths.postPerformance]: BarChart3,
  [paths.competitors]: Swords,
  [paths.contentScheduler]: CalendarDays,
  [paths.reviews]: ClipboardCheck,
  [paths.messages]: MessagesSquare,
  [paths.mentions]: AtSign,
  [paths.trendRadar]: TrendingUp,
  [paths.pressRadar]: Newspaper,
  [paths.reports]: FileText,
  [paths.settings]: Settings,
};

/**
 * Spec §2: the app's pages in the spec's order, the current one marked. `markers` puts the
 * purple dot on an item (Press Radar's unseen mentions). Pages the member's role cannot open are
 * not listed (a Client sees Reviews, Reports and Settings).
 */
export function AppSidebarNav({
  markers,
  onNavigate,
}: {
  markers: Readonly<Record<string, boolean>>;
  onNavigate?: () => void;
}) {
  const role = useFrameRole();
  return (
    <nav aria-label="Main">
      <ul className="space-y-1">
        {appNavigation
          .filter((item) => isNavItemOpen(item, role))
          .map(({ path, label }) => {
            const Icon = icons[path];
            return (
              <li key={path}>
                <NavLink
                  to={path}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                      isActive
                        ? "bg-brand-50 text-brand-800"
                        : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                    )
                  }
                >
                  {({ isActive }) => (
                    <>
                      {Icon ? (
                        <Icon
                          aria-hidden="true"
                          className={cn(
                            "size-5 shrink-0",
                            isActive ? "text-brand-700" : "text-slate-400",
                          )}
                        />
                      ) : null}
                      <span className="flex-1">{label}</span>
                      {markers[path] ? (
                        <span data-marker="" className="size-2 rounded-full bg-brand-600">
                          <span className="sr-only">(new)</span>
                        </span>
                      ) : null}
                    </>
                  )}
                </NavLink>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
