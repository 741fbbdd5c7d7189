import { AlertTriangle, Camera } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Button, buttonVariants } from "../../../components/ui/button.tsx";
import { paths } from "../../../config/paths.ts";
import { cn } from "../../../utils/cn.ts";
import { useStartInstagramConnect } from "../api/start-instagram-connect.ts";
import { useInstagramConnection } from "../api/use-instagram-connection.ts";
import "../frame-locales.ts";

/** Where the guard's button leads: Settings, opening the Instagram connection (spec §2). */
export const connectInstagramPath = `${paths.settings}?connect=instagram`;

/** Shaped like an analytics page: a heading, a row of figures, a chart and a list. */
function PageSkeleton() {
  const { t } = useTranslation("instagram");
  return (
    <SkeletonGroup label={t("guard.loading")} className="mx-auto max-w-6xl space-y-6">
      <Skeleton className="h-7 w-56 bg-slate-200" />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} data-testid="skeleton-figure" className="h-24 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-72 rounded-2xl" />
      <div className="space-y-3">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-14 rounded-xl" />
        ))}
      </div>
    </SkeletonGroup>
  );
}

function ReconnectBanner({
  username,
  reason,
  login,
}: {
  username: string;
  reason: string | null;
  login: "instagram" | "facebook";
}) {
  const { t } = useTranslation("instagram");
  const start = useStartInstagramConnect();
  return (
    <div
      role="alert"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center"
    >
      <AlertTriangle className="size-5 shrink-0 text-amber-600" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t("reconnect.title", { username })}</p>
        <p className="mt-0.5">
          {reason ?? t("reconnect.fallbackReason")} {t("reconnect.body")}
        </p>
      </div>
      <Button
        size="sm"
        className="self-start sm:self-center"
        disabled={start.isPending}
        onClick={() => start.mutate({ login })}
      >
        {t("reconnect.button")}
      </Button>
    </div>
  );
}

/**
 * Spec §2: pages that need a connected Instagram Business account. Skeletons while the
 * connection loads, the connect card without one, a reconnect banner above the page when its
 * access ended.
 */
export function InstagramGuard({
  children,
  className,
}: {
  children: ReactNode;
  /** Spacing for the loading and connect states on full-bleed pages. */
  className?: string;
}) {
  const { t } = useTranslation("instagram");
  const { loading, connection } = useInstagramConnection();
  if (loading) {
    return (
      <div className={className}>
        <PageSkeleton />
      </div>
    );
  }
  if (!connection) {
    return (
      <div className={className}>
        <EmptyState
          icon={Camera}
          title={t("guard.title")}
          action={
            <Link to={connectInstagramPath} className={buttonVariants()}>
              {t("guard.goToSettings")}
            </Link>
          }
        >
          <p>{t("guard.body")}</p>
        </EmptyState>
      </div>
    );
  }
  if (connection.status === "needs_reconnection") {
    return (
      <>
        <div className={cn(className, "pb-0")}>
          <ReconnectBanner
            username={connection.instagram_username}
            reason={connection.status_reason}
            login={connection.login}
          />
        </div>
        {children}
      </>
    );
  }
  return children;
}
