import type { ConnectLogin, InstagramConnection } from "@sightline/contracts";
import {
  AlertTriangle,
  CheckCircle2,
  Circle,
  Info,
  PauseCircle,
  RefreshCw,
  XCircle,
} from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { Skeleton } from "../../../components/feedback/skeleton.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { paths } from "../../../config/paths.ts";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { toast } from "../../../lib/toast.ts";
import { useKeepInstagramAccount } from "../api/keep-instagram-account.ts";
import { type ConnectRequest, useStartInstagramConnect } from "../api/start-instagram-connect.ts";
import { useSyncInstagram } from "../api/sync-instagram.ts";
import { useInstagramConnection } from "../api/use-instagram-connection.ts";
import { permissionRows } from "../utils/connection-details.ts";
import { DisconnectInstagramDialog } from "./disconnect-instagram-dialog.tsx";
import { InstagramAvatar } from "./instagram-avatar.tsx";
import "../locales.ts";
import { numberFormat } from "../../../lib/intl-formats.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import { ConnectLinksPanel } from "./connect-links-panel.tsx";

type Notice = { kind: "success" } | { kind: "error"; message: string };

/**
 * `/settings#instagram-login` (Trend Radar's banner) lands on the control that gets Facebook
 * Login: the switch when connected, Connect with Facebook otherwise.
 */
export const instagramLoginAnchor = paths.settingsInstagramLogin.split("#")[1]!;

/** The callback page's outcome (?instagram=connected or ?instagram_error=…), read once. */
function noticeFrom(params: URLSearchParams): Notice | null {
  const error = params.get("instagram_error");
  if (error) return { kind: "error", message: error };
  if (params.get("instagram") === "connected") return { kind: "success" };
  return null;
}

function NoticeAlert({
  notice,
  username,
  onDismiss,
}: {
  notice: Notice;
  username: string | undefined;
  onDismiss: () => void;
}) {
  const { t } = useTranslation("instagram");
  const isSuccess = notice.kind === "success";
  const Icon = isSuccess ? CheckCircle2 : XCircle;
  return (
    <div
      role={isSuccess ? "status" : "alert"}
      data-testid="instagram-notice"
      className={
        isSuccess
          ? "mb-5 flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
          : "mb-5 flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      }
    >
      <Icon
        className={`mt-0.5 size-5 shrink-0 ${isSuccess ? "text-emerald-600" : "text-red-600"}`}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {isSuccess ? t("section.connected") : t("section.connectFailed")}
        </p>
        <p className="mt-0.5">
          {notice.kind === "success"
            ? username
              ? t("section.connectedBody", { username })
              : null
            : notice.message}
        </p>
      </div>
      <Button variant="ghost" size="sm" className="-my-1.5 shrink-0" onClick={onDismiss}>
        {t("section.dismiss")}
      </Button>
    </div>
  );
}

function SectionSkeleton() {
  return (
    <div className="flex items-center gap-4" aria-hidden="true">
      <Skeleton className="size-16 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-5 w-40 rounded" />
        <Skeleton className="h-4 w-64 max-w-full rounded" />
      </div>
    </div>
  );
}

function NotConnected({
  onConnect,
  pending,
}: {
  onConnect: (login: ConnectLogin) => void;
  pending: ConnectLogin | undefined;
}) {
  const { t } = useTranslation("instagram");
  const benefits = ["analytics", "inbox", "publishing"] as const;
  // Issue 29: connecting is for roles with "connections" (owner, admin).
  const canConnect = useCan("connections");
  return (
    <div>
      <p className="text-sm text-slate-600">{t("section.intro")}</p>
      <ul className="mt-4 grid gap-2 text-sm text-slate-700 sm:grid-cols-3">
        {benefits.map((key) => (
          <li key={key} className="flex items-start gap-2">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            {t(`section.benefits.${key}`)}
          </li>
        ))}
      </ul>
      {canConnect && (
        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          <div>
            <Button
              className="w-full"
              variant="gradient"
              disabled={pending !== undefined}
              onClick={() => onConnect("instagram")}
            >
              {pending === "instagram" ? t("section.redirecting") : t("section.connectInstagram")}
            </Button>
            <p className="mt-2 text-xs text-slate-500">{t("section.connectInstagramHint")}</p>
          </div>
          <div>
            <Button
              id={instagramLoginAnchor}
              className="w-full"
              variant="outline"
              disabled={pending !== undefined}
              onClick={() => onConnect("facebook")}
            >
              {pending === "facebook" ? t("section.redirecting") : t("section.connectFacebook")}
            </Button>
            <p className="mt-2 text-xs text-slate-500">{t("section.connectFacebookHint")}</p>
          </div>
        </div>
      )}
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function LoginSwitch({
  connection,
  onSwitch,
  pending,
}: {
  connection: InstagramConnection;
  onSwitch: (login: ConnectLogin) => void;
  pending: ConnectRequest | undefined;
}) {
  const { t } = useTranslation("instagram");
  const target: ConnectLogin = connection.login === "facebook" ? "instagram" : "facebook";
  return (
    <div
      className="rounded-xl border border-slate-200 bg-slate-50/60 p-4"
      data-testid="instagram-login-switch"
    >
      <h3 className="text-sm font-semibold text-slate-900">{t("switchLogin.title")}</h3>
      <p className="mt-1 text-sm text-slate-700">
        {target === "facebook" ? t("switchLogin.whyFacebook") : t("switchLogin.whyInstagram")}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {t("switchLogin.keeps", { username: connection.instagram_username })}
      </p>
      <Button
        id={instagramLoginAnchor}
        className="mt-3"
        variant={target === "facebook" ? "primary" : "outline"}
        disabled={pending !== undefined}
        onClick={() => onSwitch(target)}
      >
        {pending?.switch
          ? t("section.redirecting")
          : target === "facebook"
            ? t("switchLogin.toFacebook")
            : t("switchLogin.toInstagram")}
      </Button>
    </div>
  );
}

function Connected({
  connection,
  onConnect,
  pending,
}: {
  connection: InstagramConnection;
  onConnect: (request: ConnectRequest) => void;
  pending: ConnectRequest | undefined;
}) {
  const { t, i18n } = useTranslation("instagram");
  const format = useFormatDateTime();
  const sync = useSyncInstagram();
  const keep = useKeepInstagramAccount();
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);
  // Issue 29: sync, reconnect, switch and disconnect are for roles with "connections".
  const canConnect = useCan("connections");
  const number = numberFormat(i18n.language);
  const needsReconnection = connection.status === "needs_reconnection";
  const counts = [
    connection.followers_count !== null &&
      t("section.followers", { value: number.format(connection.followers_count) }),
    connection.follows_count !== null &&
      t("section.following", { value: number.format(connection.follows_count) }),
    connection.media_count !== null &&
      t("section.posts", { value: number.format(connection.media_count) }),
  ].filter(Boolean);

  function syncNow() {
    sync.mutate(undefined, {
      onSuccess: ({ queued }) =>
        queued ? toast.success(t("section.syncQueued")) : toast.error(t("section.syncNotQueued")),
    });
  }

  return (
    <div data-testid="instagram-connected" className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <InstagramAvatar
          src={connection.profile_picture_url}
          username={connection.instagram_username}
          alt={`@${connection.instagram_username}`}
          size={64}
          className="shrink-0 ring-2 ring-white ring-offset-2 ring-offset-brand-100"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="truncate text-base font-semibold text-slate-900">
              @{connection.instagram_username}
            </p>
            {needsReconnection ? (
              <Badge variant="warning">{t("section.statusNeedsReconnection")}</Badge>
            ) : connection.paused_reason ? (
              <Badge variant="warning">{t("section.statusPaused")}</Badge>
            ) : (
              <Badge variant="success">{t("section.statusActive")}</Badge>
            )}
          </div>
          {connection.name && <p className="text-sm text-slate-700">{connection.name}</p>}
          {counts.length > 0 && <p className="mt-1 text-sm text-slate-500">{counts.join(" · ")}</p>}
        </div>
      </div>

      {needsReconnection && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
          <p>
            <span className="font-semibold">{t("section.statusNeedsReconnection")}: </span>
            {connection.status_reason ?? t("reconnect.fallbackReason")}
          </p>
        </div>
      )}

      {connection.paused_reason && (
        <div
          role="status"
          data-testid="account-paused"
          className="flex flex-col items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-3">
            <PauseCircle className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
            <span>{connection.paused_reason}</span>
          </p>
          {canConnect && (
            <Button
              variant="outline"
              size="sm"
              disabled={keep.isPending}
              onClick={() =>
                keep.mutate(connection.instagram_id, {
                  onSuccess: () =>
                    toast.success(t("section.kept", { username: connection.instagram_username })),
                })
              }
            >
              {t("section.keepActive")}
            </Button>
          )}
        </div>
      )}

      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        <Detail label={t("section.accountType")}>
          {connection.account_type
            ? t(`section.accountTypes.${connection.account_type}`, {
                defaultValue: connection.account_type,
              })
            : "—"}
        </Detail>
        <Detail label={t("section.login")}>{t(`section.logins.${connection.login}`)}</Detail>
        <Detail label={t("section.status")}>
          {needsReconnection
            ? t("section.statusNeedsReconnection")
            : connection.paused_reason
              ? t("section.statusPaused")
              : t("section.statusActive")}
        </Detail>
        <Detail label={t("section.tokenExpiry")}>
          {connection.token_expires_at
            ? format(connection.token_expires_at, { dateStyle: "medium" })
            : t("section.tokenNeverExpires")}
        </Detail>
        <Detail label={t("section.connectedAt")}>
          {format(connection.connected_at, { dateStyle: "medium" })}
        </Detail>
        <Detail label={t("section.lastSynced")}>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span data-testid="instagram-last-synced">
              {connection.last_synced_at
                ? format(connection.last_synced_at)
                : connection.sync_progress
                  ? t("section.readingDays", {
                      days: connection.sync_progress.days,
                      percent: connection.sync_progress.percent,
                    })
                  : t("section.neverSynced")}
            </span>
            {canConnect && (
              <Button
                variant="link"
                size="sm"
                className="h-auto px-0"
                disabled={sync.isPending || needsReconnection}
                onClick={syncNow}
              >
                <RefreshCw aria-hidden="true" className={sync.isPending ? "animate-spin" : ""} />
                {t("section.syncNow")}
              </Button>
            )}
          </span>
        </Detail>
      </dl>

      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t("section.permissions")}</h3>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="instagram-permissions">
          {permissionRows(connection).map((row) => (
            <li
              key={row.scope}
              className={`flex items-start gap-2.5 text-sm ${row.granted ? "" : "text-slate-500"}`}
            >
              {row.granted ? (
                <CheckCircle2
                  className="mt-0.5 size-4 shrink-0 text-emerald-600"
                  aria-hidden="true"
                />
              ) : (
                <Circle className="mt-0.5 size-4 shrink-0 text-slate-300" aria-hidden="true" />
              )}
              <span>
                <span className={`font-medium ${row.granted ? "text-slate-900" : ""}`}>
                  {row.label}
                </span>
                {!row.granted && <span> ({t("section.notGranted")})</span>}
                {row.unlocks && (
                  <span className={`block ${row.granted ? "text-slate-600" : ""}`}>
                    {row.unlocks}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      </div>

      {connection.sync_notes.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{t("section.notes")}</h3>
          <ul className="mt-3 space-y-2">
            {connection.sync_notes.map((note) => (
              <li
                key={`${note.area}:${note.message}`}
                className="flex items-start gap-2.5 rounded-lg bg-slate-50 p-3 text-sm text-slate-700"
              >
                <Info className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
                {note.message}
              </li>
            ))}
          </ul>
        </div>
      )}

      {canConnect && (
        <>
          <LoginSwitch
            connection={connection}
            pending={pending}
            onSwitch={(login) => onConnect({ login, switch: true })}
          />

          <div className="flex flex-wrap gap-3 border-t border-slate-100 pt-5">
            <Button
              variant={needsReconnection ? "primary" : "outline"}
              disabled={pending !== undefined}
              onClick={() => onConnect({ login: connection.login })}
            >
              {pending && !pending.switch ? t("section.redirecting") : t("section.reconnect")}
            </Button>
            <Button
              variant="outline"
              className="border-red-200 text-red-700 hover:bg-red-50"
              onClick={() => setConfirmingDisconnect(true)}
            >
              {t("section.disconnect")}
            </Button>
          </div>
        </>
      )}
      <DisconnectInstagramDialog
        username={connection.instagram_username}
        open={confirmingDisconnect}
        onOpenChange={setConfirmingDisconnect}
      />
    </div>
  );
}

/**
 * The Instagram part of Settings: connect (Instagram Login or Facebook Login), or the connected
 * account with its permissions, token expiry, sync, reconnect and disconnect. Spec §2:
 * ?connect=instagram opens the connection; the callback page reports back through the query.
 */
export function InstagramConnectionSection() {
  const { t } = useTranslation("instagram");
  const { loading, connection } = useInstagramConnection();
  const start = useStartInstagramConnect();
  const canManageLinks = useCan("connections");
  const [searchParams, setSearchParams] = useSearchParams();
  const [notice, setNotice] = useState<Notice | null>(() => noticeFrom(searchParams));
  // "instagram": connect (or reconnect) the account; "another": add one more to the workspace.
  const wantsConnect = useRef(searchParams.get("connect"));
  const root = useRef<HTMLDivElement>(null);
  // Leaving for Meta keeps the button busy until the page changes.
  const pending = start.isPending || start.isSuccess ? start.variables : undefined;

  const hasParams = ["connect", "instagram", "instagram_error"].some((name) =>
    searchParams.has(name),
  );
  useEffect(() => {
    if (!hasParams) return;
    root.current?.closest("section")?.scrollIntoView({ block: "start" });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ["connect", "instagram", "instagram_error"]) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [hasParams, setSearchParams]);

  // ?connect=instagram starts the connection once, unless the account is already fine;
  // ?connect=another (the account switcher) always goes to Meta to pick an account to add.
  const { mutate } = start;
  useEffect(() => {
    const wanted = wantsConnect.current;
    if (!wanted || loading) return;
    wantsConnect.current = null;
    if (wanted === "another") {
      mutate({ login: "instagram" });
      return;
    }
    if (wanted !== "instagram" || connection?.status === "active") return;
    mutate({ login: connection?.login ?? "instagram" });
  }, [loading, connection, mutate]);

  // #instagram-login: scroll to the login control and focus it once the section has loaded.
  const { hash } = useLocation();
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (loading || hash !== `#${instagramLoginAnchor}` || focusedFor.current === hash) return;
    const control = document.getElementById(instagramLoginAnchor);
    if (!control) return;
    focusedFor.current = hash;
    control.scrollIntoView({ block: "center" });
    control.focus({ preventScroll: true });
    // Sections above may still grow as they load: keep the control in view for a moment, unless
    // the person scrolls or moves focus themselves.
    const keepInView = new ResizeObserver(() => {
      if (document.activeElement === control) control.scrollIntoView({ block: "center" });
    });
    keepInView.observe(document.body);
    const stop = () => keepInView.disconnect();
    const timer = window.setTimeout(stop, 2000);
    const events = ["wheel", "touchmove", "keydown", "pointerdown"] as const;
    for (const name of events) window.addEventListener(name, stop, { once: true, passive: true });
    return () => {
      window.clearTimeout(timer);
      stop();
      for (const name of events) window.removeEventListener(name, stop);
    };
  }, [loading, hash]);

  return (
    <div ref={root} data-testid="instagram-section">
      {notice && (
        <NoticeAlert
          notice={notice}
          username={connection?.instagram_username}
          onDismiss={() => setNotice(null)}
        />
      )}
      {loading ? (
        <SectionSkeleton />
      ) : connection ? (
        <Connected connection={connection} onConnect={start.mutate} pending={pending} />
      ) : (
        <NotConnected onConnect={(login) => start.mutate({ login })} pending={pending?.login} />
      )}
      <span className="sr-only" aria-live="polite">
        {pending ? t("section.redirecting") : ""}
      </span>
      {canManageLinks && !loading && <ConnectLinksPanel />}
    </div>
  );
}
