/** The user menu's button, shared by the menu and its placeholder (deferred-header-menus.tsx). */
export const userMenuTriggerClass =
  "flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800 hover:bg-brand-200";

export function initialsOf(name: string) {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}
