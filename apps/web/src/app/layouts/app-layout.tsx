import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { Link, Outlet, useLocation, useSearchParams } from "react-router";
import { DocumentTitle } from "../../components/document-title.tsx";
import { PageLoading } from "../../components/feedback/page-loading.tsx";
import { Logo } from "../../components/ui/logo.tsx";
import { appPageTitle, isMainAreaPadded } from "../../config/nav.ts";
import { paths } from "../../config/paths.ts";
import { CreatorIdeas } from "../../features/ai-team/components/creator-ideas.tsx";
import { useApprovalSettings } from "../../features/approvals/api/approval-settings.ts";
import { CreatePostDialog } from "../../features/composer/components/create-post-dialog.tsx";
import { openComposer } from "../../features/composer/hooks/composer-store.ts";
import { createInboxLiveRefresher, inboxNewsOf } from "../../features/inbox/api/live-refresh.ts";
import { useInstagramConnection } from "../../features/instagram/api/use-instagram-connection.ts";
import { AccountSwitcher } from "../../features/instagram/components/account-switcher.tsx";
import { InstagramAvatar } from "../../features/instagram/components/instagram-avatar.tsx";
import { useAccountInAddress } from "../../features/instagram/hooks/use-selected-account.ts";
import { notificationsQueryOptions } from "../../features/notifications/api/list-notifications.ts";
import { DeferredUpgradeDialog } from "../../features/plans/components/deferred-upgrade-dialog.tsx";
import { PaymentFailedBanner } from "../../features/plans/components/payment-failed-banner.tsx";
import { useUnseenMentionsCount } from "../../features/press-radar/hooks/use-unseen-mentions-count.ts";
import { useRealtimeEvent, useRealtimeOpen } from "../../lib/realtime/use-realtime-event.ts";
import { useCan, WorkspaceRoleProvider } from "../../lib/workspace-role.tsx";
import { cn } from "../../utils/cn.ts";
import {
  isNarrowScreen,
  loadDrawer,
  loadedDrawer,
  narrowScreenQuery,
} from "./app-drawer-loader.ts";
import { AppHeader } from "./app-header.tsx";
import { AppSidebarNav } from "./app-sidebar.tsx";
import { DeferredHeaderMenus } from "./deferred-header-menus.tsx";

/** The query parameters of the composer's deep link (spec §2), removed once it has opened. */
const COMPOSE_PARAMS = ["compose", "campaign", "hashtags", "caption", "date", "time"];

/**
 * `?compose=1&campaign=…&hashtags=…&caption=…&date=…` on any app page opens the composer
 * pre-filled ('Pre-filled from: {campaign}'), as Trend Radar's "Open in composer" links do.
 */
function useComposeDeepLink(canPublish: boolean) {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    // Waits for the role: a role without "publish" never gets the composer.
    if (params.get("compose") !== "1" || !canPublish) return;
    const hashtags = (params.get("hashtags") ?? "").split(/[\s,]+/).filter(Boolean);
    const caption = params.get("caption");
    const date = params.get("date");
    const time = params.get("time");
    const campaign = params.get("campaign")?.trim().slice(0, 80);
    openComposer({
      ...(campaign ? { campaign } : {}),
      ...(hashtags.length > 0 ? { initialHashtags: hashtags } : {}),
      ...(caption ? { initialCaption: caption } : {}),
      ...(date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? { initialDate: date } : {}),
      ...(time && /^\d{2}:\d{2}$/.test(time) ? { initialTime: time } : {}),
    });
    const rest = new URLSearchParams(params);
    for (const name of COMPOSE_PARAMS) rest.delete(name);
    setParams(rest, { replace: true });
  }, [params, setParams, canPublish]);
}

function AppFrame() {
  const canPublish = useCan("publish");
  // A Client reads no account (decision 037 addendum): no account switcher for them.
  const canRead = useCan("read");
  useComposeDeepLink(canPublish);
  // Decision 037: with approvals on, the composer sends new posts for approval.
  const approvals = useApprovalSettings(canPublish);
  useAccountInAddress();
  const { pathname } = useLocation();
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [AppDrawer, setAppDrawer] = useState(() => loadedDrawer);
  // A window narrowed below `lg` shows the menu button: fetch the drawer then.
  useEffect(() => {
    if (AppDrawer) return;
    const load = () => void loadDrawer().then((component) => setAppDrawer(() => component));
    if (isNarrowScreen()) return load();
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia(narrowScreenQuery);
    query.addEventListener("change", load, { once: true });
    return () => query.removeEventListener("change", load);
  }, [AppDrawer]);
  const { connection } = useInstagramConnection();
  const unseenMentions = useUnseenMentionsCount();
  const markers = { [paths.pressRadar]: unseenMentions > 0 };
  const title = appPageTitle(pathname);
  const queryClient = useQueryClient();
  // The bell loads after the page (deferred-header-menus.tsx); its data starts now, as before,
  // so its dot shows as soon as the bell does. No re-render of the frame on each poll.
  useQuery({ ...notificationsQueryOptions(), notifyOnChangeProps: [] });
  // Live events refresh the bell, the conversation list and the threads they name at once
  // instead of at the next 10 s poll, one refresh for the events of one moment. Spec §7: an
  // inbound message also raises the ig-message event for whatever page listens to it.
  const [refreshInbox] = useState(() =>
    createInboxLiveRefresher(queryClient, [notificationsQueryOptions().queryKey]),
  );
  useRealtimeEvent("ig-message", (data) => {
    refreshInbox(inboxNewsOf(data));
    window.dispatchEvent(new CustomEvent("ig-message", { detail: data }));
  });
  useRealtimeEvent("instagram-comment:created", (data) => refreshInbox(inboxNewsOf(data)));
  useRealtimeEvent("notifications:updated", () => refreshInbox(undefined));
  useRealtimeEvent("instagram-mention:created", () => refreshInbox(undefined));
  // A new plan (the operator, billing) changes locks, meters and what analytics show: every
  // answer on screen is read again, no reload (issue 30).
  useRealtimeEvent("plan:changed", () => void queryClient.invalidateQueries());
  // Rows that arrived before the stream was listening (page load, a dropped connection).
  useRealtimeOpen(() => refreshInbox(undefined));

  return (
    <div className="min-h-dvh bg-slate-50">
      <DocumentTitle>{`${title} — Sightline`}</DocumentTitle>
      <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">
        <div className="flex h-16 items-center px-5">
          <Link to={paths.dashboard} aria-label="Sightline, go to the dashboard">
            <Logo />
          </Link>
        </div>
        <div className="flex-1 overflow-y-auto px-3 py-4">
          <AppSidebarNav markers={markers} />
        </div>
      </aside>
      {AppDrawer ? (
        <AppDrawer open={isDrawerOpen} onOpenChange={setDrawerOpen} markers={markers} />
      ) : null}
      <div className="lg:pl-64">
        <AppHeader
          title={title}
          onOpenMenu={() => {
            setDrawerOpen(true);
            // Already loaded, this settles in a microtask and renders nothing new.
            void loadDrawer().then((component) => setAppDrawer(() => component));
          }}
          onApproachMenu={() =>
            void loadDrawer().then((component) => setAppDrawer(() => component))
          }
          onNew={canPublish ? () => openComposer() : undefined}
          accountSwitcher={canRead ? <AccountSwitcher /> : null}
          // Spec §4: closing the notifications popover refreshes notification and conversation data.
          menus={<DeferredHeaderMenus onNotificationsClosed={() => refreshInbox(undefined)} />}
        />
        <PaymentFailedBanner />
        <main
          data-padded={isMainAreaPadded(pathname)}
          className={cn(isMainAreaPadded(pathname) && "p-4 sm:p-6")}
        >
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <CreatePostDialog
        account={
          connection
            ? {
                username: connection.instagram_username,
                avatar: (
                  <InstagramAvatar
                    src={connection.profile_picture_url}
                    username={connection.instagram_username}
                    alt={`@${connection.instagram_username}`}
                    size={32}
                  />
                ),
              }
            : null
        }
        ideas={connection ? (use) => <CreatorIdeas onUse={use} /> : undefined}
        needsApproval={approvals.data?.required ?? false}
      />
      <DeferredUpgradeDialog />
    </div>
  );
}

/**
 * The signed-in frame around every protected page: sidebar, header, main area (server state comes
 * from server-state-layout.tsx, around it).
 */
export function AppLayout() {
  return (
    <WorkspaceRoleProvider>
      <AppFrame />
    </WorkspaceRoleProvider>
  );
}

export default AppLayout;
