import { type InstagramConnection, planRequiredFor } from "@sightline/contracts";
import { Check, ChevronDown, Link2, Lock, type LucideIcon, Plus } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PopoverPanel, popoverTriggerProps } from "../../../components/ui/popover.tsx";
import { paths } from "../../../config/paths.ts";
import { setSelectedAccountId } from "../../../lib/account.ts";
import { announcePlanRequired } from "../../../lib/api-error.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import "../frame-locales.ts";
import { useWorkspacePlan } from "../../../lib/workspaces.ts";
import { cn } from "../../../utils/cn.ts";
import { useInstagramAccounts } from "../api/use-instagram-accounts.ts";
import { useSelectedAccountId } from "../hooks/use-selected-account.ts";
import { InstagramAvatar } from "./instagram-avatar.tsx";

/** Settings starts a connection for an account not connected yet (use-instagram-connect). */
export const connectAnotherAccountPath = `${paths.settings}?connect=another`;

function statusOf(connection: InstagramConnection) {
  if (connection.status === "needs_reconnection") return "needsReconnection" as const;
  if (connection.paused_reason) return "paused" as const;
  return connection.last_synced_at ? ("connected" as const) : ("syncing" as const);
}

/** One of the menu's actions below the accounts: a round dashed icon and its words. */
function isAtAccountLimit(data: { connections: unknown[]; limit: number }) {
  return data.connections.length >= data.limit;
}

function MenuAction({
  to,
  icon: Icon,
  children,
}: {
  to: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
    >
      <span className="flex size-8 items-center justify-center rounded-full border border-dashed border-slate-300">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      {children}
    </Link>
  );
}

/**
 * Issue 29 point 3: the header's account switcher, next to New. Shows the account every page acts
 * on (avatar and handle); its menu lists the workspace's accounts with their state and "Connect
 * another account". A choice goes into the address (`?account=`) and every page reads it again
 * (lib/account.ts, server-state-layout.tsx). A browser popover: no menu library to load.
 */
export function AccountSwitcher() {
  const { t } = useTranslation("instagram");
  const panelId = useId();
  const { data } = useInstagramAccounts();
  const plan = useWorkspacePlan();
  const accountsLock =
    plan && data && isAtAccountLimit(data) ? planRequiredFor(plan, "accounts") : null;
  const selected = useSelectedAccountId();
  const canConnect = useCan("connections");
  const accounts = data?.connections ?? [];
  if (accounts.length === 0) return null;
  const current = accounts.find((account) => account.instagram_id === selected) ?? accounts[0]!;

  return (
    <>
      <button
        type="button"
        {...popoverTriggerProps(panelId)}
        aria-label={t("switcher.label", { username: current.instagram_username })}
        data-testid="account-switcher"
        className="flex h-9 min-w-0 shrink-0 items-center gap-2 rounded-full border border-slate-200 bg-white p-1 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:pr-2"
      >
        <InstagramAvatar
          src={current.profile_picture_url}
          username={current.instagram_username}
          alt={`@${current.instagram_username}`}
          size={28}
        />
        <span className="hidden max-w-40 truncate sm:inline">@{current.instagram_username}</span>
        <ChevronDown
          aria-hidden="true"
          className="hidden size-4 shrink-0 text-slate-500 sm:block"
        />
      </button>
      <PopoverPanel
        id={panelId}
        aria-label={t("switcher.heading")}
        className="inset-auto top-[4.25rem] right-3 w-80 max-w-[calc(100vw-1.5rem)] p-1.5 sm:right-6"
      >
        <div className="flex items-baseline justify-between px-2.5 pt-1.5 pb-2">
          <p className="text-sm font-semibold text-slate-900">{t("switcher.heading")}</p>
          {data && (
            <p className="text-xs text-slate-500">
              {t("switcher.count", { count: accounts.length, limit: data.limit })}
            </p>
          )}
        </div>
        <ul>
          {accounts.map((account) => {
            const isCurrent = account.instagram_id === current.instagram_id;
            const status = statusOf(account);
            return (
              <li key={account.instagram_id}>
                <button
                  type="button"
                  aria-current={isCurrent ? "true" : undefined}
                  onClick={(event) => {
                    event.currentTarget.closest<HTMLElement>("[popover]")?.hidePopover();
                    setSelectedAccountId(account.instagram_id);
                  }}
                  className="flex w-full items-center gap-3 rounded-lg px-2.5 py-2 text-left hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
                >
                  <InstagramAvatar
                    src={account.profile_picture_url}
                    username={account.instagram_username}
                    alt={`@${account.instagram_username}`}
                    size={32}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">
                      @{account.instagram_username}
                    </span>
                    <span
                      className={cn(
                        "block text-xs",
                        status === "needsReconnection" || status === "paused"
                          ? "text-amber-700"
                          : "text-slate-600",
                      )}
                    >
                      {t(`switcher.${status}`)}
                    </span>
                  </span>
                  {isCurrent && (
                    <Check
                      aria-label={t("switcher.current")}
                      className="size-4 shrink-0 text-brand-600"
                    />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        {canConnect && data && accounts.length < data.limit && (
          <>
            <div className="my-1 h-px bg-slate-100" />
            <MenuAction to={connectAnotherAccountPath} icon={Plus}>
              {t("switcher.connectAnother")}
            </MenuAction>
            <MenuAction to={paths.settingsConnectLinks} icon={Link2}>
              {t("switcher.sendLink")}
            </MenuAction>
          </>
        )}
        {/* At the plan's limit with a larger plan above it: still there, locked (issue 30). */}
        {canConnect && data && accounts.length >= data.limit && accountsLock?.requiredPlan && (
          <>
            <div className="my-1 h-px bg-slate-100" />
            <button
              type="button"
              onClick={() => announcePlanRequired(accountsLock)}
              className="flex w-full items-center gap-3 rounded-lg px-2.5 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
            >
              <span className="flex size-8 items-center justify-center rounded-full border border-dashed border-slate-300">
                <Lock aria-hidden="true" className="size-4" data-testid="plan-lock" />
              </span>
              {t("switcher.connectAnother")}
            </button>
          </>
        )}
      </PopoverPanel>
    </>
  );
}
