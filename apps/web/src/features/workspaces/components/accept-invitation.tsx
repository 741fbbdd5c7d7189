import type { WorkspaceRole } from "@sightline/contracts";
import { Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Skeleton } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LogoCardPage } from "../../../components/ui/logo-card-page.tsx";
import { ApiError } from "../../../lib/api-error.ts";
import { useSession } from "../../../lib/session/session-provider.tsx";
import { toast } from "../../../lib/toast.ts";
import { useSwitchWorkspace } from "../../../lib/workspaces.ts";
import { useAcceptInvitation } from "../api/accept-invitation.ts";
import { useInvitationPreview } from "../api/preview-invitation.ts";
import "../locales.ts";
import { DocumentTitle } from "../../../components/document-title.tsx";

function Card({ children }: { children: React.ReactNode }) {
  return <LogoCardPage home="/dashboard">{children}</LogoCardPage>;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * /invitations/accept?token=…: "Join <workspace> as <role>" for the signed-in user. A link for
 * another e-mail says so; once accepted the workspace opens on its dashboard.
 */
export function AcceptInvitation() {
  const { t } = useTranslation("workspaces");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { session, client } = useSession();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const switchWorkspace = useSwitchWorkspace();
  const [error, setError] = useState<string | null>(null);

  if (token.length < 20) {
    return (
      <Card>
        <DocumentTitle>{`${t("invitation.title")} — Sightline`}</DocumentTitle>
        <h1 className="text-lg font-semibold text-slate-900">{t("invitation.invalid")}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("invitation.missing")}</p>
      </Card>
    );
  }
  if (preview.isPending) {
    return (
      <Card>
        <div aria-hidden="true" className="space-y-3">
          <Skeleton className="h-7 w-3/4 rounded-lg" />
          <Skeleton className="h-12 rounded-lg" />
          <Skeleton className="h-10 w-40 rounded-lg" />
        </div>
      </Card>
    );
  }
  if (preview.isError) {
    return (
      <Card>
        <DocumentTitle>{`${t("invitation.title")} — Sightline`}</DocumentTitle>
        <h1 className="text-lg font-semibold text-slate-900">{t("invitation.invalid")}</h1>
        <p role="alert" className="mt-2 text-sm text-slate-600">
          {messageOf(preview.error)}
        </p>
        <Button asChild variant="outline" className="mt-5">
          <Link to="/dashboard">{t("invitation.toDashboard")}</Link>
        </Button>
      </Card>
    );
  }

  const { workspace, email, matches } = preview.data;
  const role = preview.data.role as WorkspaceRole;
  const roleLabel = t(`roles.${role}`);

  async function join() {
    setError(null);
    try {
      const joined = await accept.mutateAsync(token);
      await switchWorkspace(joined.id);
      toast.success(t("invitation.joined", { workspace: joined.name }));
    } catch (caught) {
      setError(messageOf(caught));
    }
  }

  async function signInAsOther() {
    await client.signOut("local").catch(() => undefined);
    const next = `${window.location.pathname}${window.location.search}`;
    window.location.assign(`/?auth=login&next=${encodeURIComponent(next)}`);
  }

  return (
    <Card>
      <DocumentTitle>{`${t("invitation.join", { workspace, role: roleLabel })} — Sightline`}</DocumentTitle>
      <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Users aria-hidden="true" className="size-5" />
      </span>
      <h1 className="mt-4 text-xl font-semibold tracking-tight text-slate-900">
        {t("invitation.join", { workspace, role: roleLabel })}
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        {t("invitation.body", {
          workspace,
          email,
          role: roleLabel,
          description: t(`roleDescriptions.${role}`),
        })}
      </p>
      {!matches || error ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {error ?? t("invitation.mismatch", { email })}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        {matches ? (
          <Button onClick={() => void join()} disabled={accept.isPending}>
            {accept.isPending ? t("invitation.accepting") : t("invitation.accept")}
          </Button>
        ) : (
          <Button onClick={() => void signInAsOther()}>{t("invitation.switchAccount")}</Button>
        )}
        <Button asChild variant="ghost">
          <Link to="/dashboard">{t("invitation.toDashboard")}</Link>
        </Button>
      </div>
      {session && (
        <p className="mt-5 border-t border-slate-100 pt-4 text-xs text-slate-500">
          {session.user.email}
        </p>
      )}
    </Card>
  );
}
