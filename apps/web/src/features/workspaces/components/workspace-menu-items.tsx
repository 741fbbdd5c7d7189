import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Check, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { useSwitchWorkspace, useWorkspaces } from "../../../lib/workspaces.ts";
import "../locales.ts";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100";

/**
 * The user menu's workspace switcher (issue 29): each workspace with the member's role, the open
 * one checked, and "Create workspace". Part of a Radix dropdown menu.
 */
export function WorkspaceMenuItems({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation("workspaces");
  const { data } = useWorkspaces();
  const switchWorkspace = useSwitchWorkspace();

  return (
    <DropdownMenu.Group aria-label={t("switcher.label")} data-testid="workspace-switcher">
      <DropdownMenu.Label className="px-2.5 pb-1 pt-2 text-xs font-medium uppercase tracking-wide text-slate-500">
        {t("switcher.label")}
      </DropdownMenu.Label>
      {data?.workspaces.map((workspace) => {
        const isOpen = workspace.id === data.current.id;
        return (
          <DropdownMenu.Item
            key={workspace.id}
            className={itemClass}
            aria-current={isOpen ? "true" : undefined}
            onSelect={() => {
              if (isOpen) return;
              switchWorkspace(workspace.id).catch(() => toast.error(t("switcher.failed")));
            }}
          >
            <span className="flex size-4 shrink-0 items-center justify-center">
              {isOpen && <Check aria-hidden="true" className="size-4 text-brand-700" />}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-900">{workspace.name}</span>
              <span className="block truncate text-xs text-slate-500">
                {t(`roles.${workspace.role}`)}
                {workspace.personal ? ` · ${t("switcher.personal")}` : ""}
              </span>
            </span>
            {isOpen && <span className="sr-only">{t("switcher.open")}</span>}
          </DropdownMenu.Item>
        );
      })}
      <DropdownMenu.Item onSelect={onCreate} className={itemClass}>
        <Plus className="size-4" aria-hidden="true" /> {t("switcher.create")}
      </DropdownMenu.Item>
    </DropdownMenu.Group>
  );
}
