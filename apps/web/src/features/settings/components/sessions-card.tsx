import { Monitor, Smartphone, Tablet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "../../../components/feedback/skeleton.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { toast } from "../../../lib/toast.ts";
import { useSessions } from "../api/list-sessions.ts";
import { useRevokeOtherSessions } from "../api/revoke-other-sessions.ts";
import { useRevokeSession } from "../api/revoke-session.ts";
import { SubSection } from "./section-card.tsx";

const icons = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, unknown: Monitor };

export function SessionsCard() {
  const { t } = useTranslation("settings");
  const format = useFormatDateTime();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const hasOthers = list.some((session) => !session.isCurrent);
  return (
    <SubSection
      title={t("security.sessions")}
      aside={
        hasOthers && (
          <Button
            variant="outline"
            size="sm"
            disabled={revokeOthers.isPending}
            onClick={() =>
              revokeOthers.mutate(undefined, {
                onSuccess: () => toast.success(t("security.signedOutOthers")),
              })
            }
          >
            {t("security.signOutOthers")}
          </Button>
        )
      }
    >
      <p className="text-sm text-slate-600">{t("security.sessionsDescription")}</p>
      {sessions.isPending ? (
        <Skeleton className="mt-3 h-16 rounded-xl" />
      ) : (
        <ul
          className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200"
          data-testid="sessions-list"
        >
          {list.map((session) => {
            const Icon = icons[session.device];
            return (
              <li key={session.id} className="flex items-center gap-3 px-4 py-3">
                <Icon className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                    {session.browser} · {session.os}
                    {session.isCurrent && (
                      <Badge variant="success">{t("security.thisDevice")}</Badge>
                    )}
                  </p>
                  <p className="text-xs text-slate-500">
                    {t("security.lastActive", { when: format(session.lastActiveAt) })}
                    {session.ipAddress ? ` · ${session.ipAddress}` : ""}
                  </p>
                </div>
                {!session.isCurrent && (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(session.id, {
                        onSuccess: () => toast.success(t("security.sessionRevoked")),
                      })
                    }
                  >
                    {t("security.revoke")}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </SubSection>
  );
}
