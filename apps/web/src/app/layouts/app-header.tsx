import { Menu, Plus, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../components/ui/button.tsx";

const iconButton =
  "flex size-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900";

/**
 * Spec §2: the title from the current path, the account switcher (issue 29), the New button, a disabled audience icon, the
 * notifications bell and the user menu. Below the `lg` breakpoint a menu button opens the
 * sidebar as a drawer.
 */
export function AppHeader({
  title,
  onOpenMenu,
  onApproachMenu,
  onNew,
  accountSwitcher,
  menus,
}: {
  title: string;
  onOpenMenu: () => void;
  /** The pointer or focus reached the menu button: a chance to fetch the drawer's code. */
  onApproachMenu?: () => void;
  /** Absent for a role that may not publish (issue 29): no New button then. */
  onNew?: (() => void) | undefined;
  /** The Instagram account switcher (issue 29), next to New. */
  accountSwitcher?: ReactNode;
  /** The notifications bell and the user menu. */
  menus: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-1.5 border-b border-slate-200 bg-white px-3 sm:gap-3 sm:px-6">
      <button
        type="button"
        aria-label="Open menu"
        onClick={onOpenMenu}
        onPointerEnter={onApproachMenu}
        onFocus={onApproachMenu}
        onTouchStart={onApproachMenu}
        className={`${iconButton} lg:hidden`}
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {/* A phone's header leaves the title about 120 px: two lines there, not "Audience In…". */}
      <h1 className="line-clamp-2 min-w-0 flex-1 break-words text-base font-semibold leading-tight tracking-tight text-slate-900 sm:line-clamp-1 sm:text-lg">
        {title}
      </h1>
      {accountSwitcher}
      {onNew && (
        <Button size="sm" onClick={onNew} className="shrink-0 px-2.5 sm:px-3">
          <Plus aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">New</span>
        </Button>
      )}
      {/* Switching between audiences (accounts) is not available yet: shown, but disabled. */}
      <span title="Audiences: coming soon" className="shrink-0">
        <button
          type="button"
          disabled
          aria-label="Audience (coming soon)"
          className={`${iconButton} disabled:cursor-not-allowed disabled:opacity-40`}
        >
          <Users aria-hidden="true" className="size-5" />
        </button>
      </span>
      {menus}
    </header>
  );
}
