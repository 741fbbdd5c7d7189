import type { ConnectLogin } from "@sightline/contracts";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, CircleAlert, ShieldCheck } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { Skeleton } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LogoCardPage } from "../../../components/ui/logo-card-page.tsx";
import { paths } from "../../../config/paths.ts";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import {
  completeLinkConnect,
  connectLinkPreviewQueryOptions,
  startLinkConnect,
} from "../api/connect-links.ts";
import "../locales.ts";
import { DocumentTitle } from "../../../components/document-title.tsx";
import { oncePerPageLoad, readCallbackParams } from "./instagram-callback.tsx";

/*
 * The pages of a connect link's visitor (issue 29 point 3): someone who manages an Instagram
 * account, usually without a Sightline account, connecting it into the workspace that sent the
 * link. They see who asks and what happens, and nothing of the workspace.
 */

function Card({ children, title }: { children: ReactNode; title: string }) {
  return (
    <LogoCardPage home={paths.home}>
      <DocumentTitle>{title}</DocumentTitle>
      {children}
    </LogoCardPage>
  );
}

function Problem({ title, message, hint }: { title: string; message: string; hint?: string }) {
  return (
    <div role="alert" className="text-center">
      <CircleAlert aria-hidden="true" className="mx-auto size-10 text-amber-600" />
      <h1 className="mt-4 text-lg font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{message}</p>
      {hint && <p className="mt-2 text-sm text-slate-600">{hint}</p>}
    </div>
  );
}

/** /connect?token=…: who asks, what happens, and the way to Meta's consent page. */
export function ConnectLinkLanding() {
  const { t } = useTranslation("instagram");
  const format = useFormatDateTime();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const preview = useQuery({ ...connectLinkPreviewQueryOptions(token), enabled: token !== "" });
  const [leaving, setLeaving] = useState<ConnectLogin | null>(null);
  const [error, setError] = useState<string | null>(null);
  const title = t("linkPage.pageTitle");

  if (token === "" || preview.isError) {
    return (
      <Card title={title}>
        <Problem
          title={t("linkPage.goneTitle")}
          message={preview.error ? errorMessage(preview.error) : t("linkPage.incomplete")}
        />
      </Card>
    );
  }
  if (!preview.data) {
    return (
      <Card title={title}>
        <div role="status" aria-label={t("linkPage.loading")} className="space-y-3">
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="mt-6 h-10 w-full" />
        </div>
      </Card>
    );
  }

  const { workspace_name: workspace, label, logins, expires_at } = preview.data;
  const go = async (login: ConnectLogin) => {
    setError(null);
    setLeaving(login);
    try {
      const { authorizeUrl } = await startLinkConnect(token, login);
      window.location.assign(authorizeUrl);
    } catch (caught) {
      setLeaving(null);
      setError(errorMessage(caught));
    }
  };
  const steps = ["meta", "workspace", "nothingElse", "remove"] as const;

  return (
    <Card title={title}>
      <h1 className="text-xl font-semibold text-slate-900">{t("linkPage.heading")}</h1>
      <p className="mt-2 text-sm text-slate-700">{t("linkPage.asks", { workspace })}</p>
      {label && <p className="mt-1 text-sm text-slate-600">{t("linkPage.forLabel", { label })}</p>}
      <h2 className="mt-6 text-sm font-semibold text-slate-900">{t("linkPage.what")}</h2>
      <ul className="mt-2 space-y-2">
        {steps.map((step) => (
          <li key={step} className="flex gap-2 text-sm text-slate-700">
            {step === "nothingElse" || step === "meta" ? (
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            ) : (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            )}
            <span>{t(`linkPage.steps.${step}`, { workspace })}</span>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-5 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <div className="mt-6 space-y-3">
        {logins.includes("instagram") && (
          <Button className="w-full" disabled={leaving !== null} onClick={() => go("instagram")}>
            {leaving === "instagram" ? t("linkPage.redirecting") : t("linkPage.withInstagram")}
          </Button>
        )}
        {logins.includes("facebook") && (
          <div>
            <Button
              variant={logins.includes("instagram") ? "outline" : "primary"}
              className="w-full"
              disabled={leaving !== null}
              onClick={() => go("facebook")}
            >
              {leaving === "facebook" ? t("linkPage.redirecting") : t("linkPage.withFacebook")}
            </Button>
            <p className="mt-1.5 text-center text-xs text-slate-500">
              {t("linkPage.facebookHint")}
            </p>
          </div>
        )}
      </div>
      <p className="mt-6 text-center text-xs text-slate-500">
        {t("linkPage.expires", { when: format(expires_at, { dateStyle: "medium" }) })}
      </p>
    </Card>
  );
}

/**
 * /auth/instagram/callback or /facebook-callback with a connect link's state: finish without a
 * session and say what happened (the visitor has nowhere else in Sightline to go).
 */
export function ConnectLinkCallback({ login }: { login: ConnectLogin }) {
  const { t } = useTranslation("instagram");
  const { search } = useLocation();
  const [result, setResult] = useState<
    { done: { username: string; workspace_name: string } } | { failed: string } | null
  >(null);

  useEffect(() => {
    let isCurrent = true;
    oncePerPageLoad(`${login}${search}`, () =>
      completeLinkConnect(login, readCallbackParams(search)),
    ).then(
      ({ connected }) => isCurrent && setResult({ done: connected }),
      (error: unknown) => isCurrent && setResult({ failed: errorMessage(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [login, search]);

  const title = t("linkPage.pageTitle");
  if (!result) {
    return (
      <Card title={title}>
        <div role="status" aria-live="polite" className="flex flex-col items-center text-center">
          <span className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" />
          <h1 className="mt-5 text-lg font-semibold text-slate-900">{t("linkPage.connecting")}</h1>
          <p className="mt-2 text-sm text-slate-600">{t("callback.hint")}</p>
        </div>
      </Card>
    );
  }
  if ("failed" in result) {
    return (
      <Card title={title}>
        <Problem
          title={t("linkPage.failedTitle")}
          message={result.failed}
          hint={t("linkPage.tryAgain")}
        />
      </Card>
    );
  }
  const values = { username: result.done.username, workspace: result.done.workspace_name };
  return (
    <Card title={title}>
      <div role="status" className="text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-10 text-emerald-600" />
        <h1 className="mt-4 text-lg font-semibold text-slate-900">
          {t("linkPage.doneTitle", values)}
        </h1>
        <p className="mt-2 text-sm text-slate-600">{t("linkPage.doneBody", values)}</p>
      </div>
    </Card>
  );
}
