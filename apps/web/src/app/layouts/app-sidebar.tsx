import { NavLink } from "react-router";
import { appNavigation, isNavItemOpen } from "../../config/nav.ts";
import { useFrameRole } from "../../lib/workspace-role.tsx";
import { cn } from "../../utils/cn.ts";

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
          .map(({ path, label, icon: Icon }) => (
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
                    <Icon
                      aria-hidden="true"
                      className={cn(
                        "size-5 shrink-0",
                        isActive ? "text-brand-700" : "text-slate-400",
                      )}
                    />
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
          ))}
      </ul>
    </nav>
  );
}
