import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { QueryClientProvider } from "@tanstack/react-query";
import { LogOut, Settings } from "lucide-react";
import { Suspense, useState } from "react";
import { Link, Outlet, useNavigate } from "react-router";
import { toast } from "sonner";
import { PageLoading } from "../../components/feedback/page-loading.tsx";
import { LogoMark } from "../../components/ui/logo.tsx";
import { paths } from "../../config/paths.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { displayName, useSession } from "../../lib/session/session-provider.tsx";

function UserMenu() {
  const { session, client } = useSession();
  const navigate = useNavigate();
  const name = displayName(session);
  const initials = name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();

  async function logOut() {
    await client.signOut("local");
    toast.success("Logged out");
    navigate(paths.home);
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="User menu"
        className="flex size-9 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800 hover:bg-brand-200"
      >
        {initials}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <div className="px-2.5 py-2">
            <p className="text-sm font-semibold text-slate-900">{name}</p>
            <p className="truncate text-xs text-slate-500">{session?.user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item
            onSelect={() => navigate(paths.settings)}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100"
          >
            <Settings className="size-4" aria-hidden="true" /> Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => void logOut()}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100"
          >
            <LogOut className="size-4" aria-hidden="true" /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The signed-in frame: server state, the header with the logo (to /dashboard) and the user menu. */
export function AppLayout() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <div className="min-h-screen bg-slate-50">
        <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
          <div className="flex h-14 items-center justify-between px-4 sm:px-6">
            <Link
              to={paths.dashboard}
              className="flex items-center gap-2 font-bold tracking-tight text-slate-900"
            >
              <LogoMark className="size-7" />
              Sightline
            </Link>
            <UserMenu />
          </div>
        </header>
        <main className="p-4 sm:p-6">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </QueryClientProvider>
  );
}

export default AppLayout;
