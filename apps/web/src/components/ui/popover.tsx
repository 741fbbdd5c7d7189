import type { ComponentProps } from "react";
import { cn } from "../../utils/cn.ts";

/**
 * The browser's own popover (the `popover` attribute): it opens, closes on Escape or an outside
 * click, keeps focus order and exposes aria-expanded without any script, so menus work before the
 * page's JavaScript has loaded.
 */
export function PopoverPanel({
  className,
  onClick,
  ...props
}: ComponentProps<"div"> & { id: string }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegated from the links inside, which are keyboard operable
    // biome-ignore lint/a11y/useKeyWithClickEvents: same; Enter on a link fires this click too
    <div
      popover="auto"
      className={cn(
        "m-0 rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl shadow-slate-900/10",
        "opacity-100 transition-[opacity,translate,display,overlay] transition-discrete duration-150 ease-out",
        "starting:opacity-0 starting:-translate-y-1",
        className,
      )}
      onClick={(event) => {
        // A link chosen inside the panel closes it (client-side navigation keeps the page).
        if ((event.target as Element).closest("a")) event.currentTarget.hidePopover();
        onClick?.(event);
      }}
      {...props}
    />
  );
}

export function popoverTriggerProps(panelId: string) {
  return { popoverTarget: panelId, "aria-controls": panelId } as const;
}
