import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { LogOut, Settings } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { paths } from "../../config/paths.ts";
import { CreateWorkspaceDialog } from "../../features/workspaces/components/create-workspace-dialog.tsx";
import { WorkspaceMenuItems } from "../../features/workspaces/components/workspace-menu-items.tsx";
import { displayName, useSession } from "../../lib/session/session-provider.tsx";
import { toast } from "../../lib/toast.ts";
import { initialsOf, userMenuTriggerClass } from "./user-menu-trigger.ts";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100";

/**
 * Spec §2: the display name and e-mail, Settings, and Log out; between them the workspace
 * switcher (issue 29).
 */
export function UserMenu() {
  const { session, client } = useSession();
  const navigate = useNavigate();
  const name = displayName(session);
  const [isCreating, setCreating] = useState(false);

  async function logOut() {
    // Spec §8: the session client ignores 404, 401 and 403 from sign-out; the local session
    // goes in every case.
    await client.signOut("local");
    toast.success("Logged out");
    navigate(paths.home);
  }

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger aria-label="User menu" className={userMenuTriggerClass}>
          {initialsOf(name)}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-50 max-h-[calc(100dvh-5rem)] w-72 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            <DropdownMenu.Label className="px-2.5 py-2">
              <p
                data-testid="user-display-name"
                className="truncate text-sm font-semibold text-slate-900"
              >
                {name}
              </p>
              <p data-testid="user-email" className="truncate text-xs text-slate-500">
                {session?.user.email}
              </p>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
            <WorkspaceMenuItems onCreate={() => setCreating(true)} />
            <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={paths.settings}>
                <Settings className="size-4" aria-hidden="true" /> Settings
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item onSelect={() => void logOut()} className={itemClass}>
              <LogOut className="size-4" aria-hidden="true" /> Log out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <CreateWorkspaceDialog open={isCreating} onOpenChange={setCreating} />
    </>
  );
}
