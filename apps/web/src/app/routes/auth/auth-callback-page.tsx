import { AlertCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PageLoading } from "../../../components/feedback/page-loading.tsx";
import { buttonVariants } from "../../../components/ui/button.tsx";
import { paths } from "../../../config/paths.ts";
import { useSession } from "../../../lib/session/session-provider.tsx";
import "../../../features/auth/locales.ts";
import { DocumentTitle } from "../../../components/document-title.tsx";

const knownErrors = ["INVALID_TOKEN", "TOKEN_EXPIRED", "access_denied", "account_not_linked"];

/** Where e-mail verification and Google sign-in return: completes the sign-in or explains why not. */
export default function AuthCallbackPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { client } = useSession();
  const errorCode = params.get("error");
  const [failure, setFailure] = useState<string | undefined>(
    errorCode
      ? knownErrors.includes(errorCode)
        ? t(`callback.errors.${errorCode}`)
        : (params.get("error_description") ?? t("callback.failed", { code: errorCode }))
      : undefined,
  );

  useEffect(() => {
    if (errorCode) return;
    let cancelled = false;
    client
      .completeRedirectSignIn()
      .then((session) => {
        if (cancelled) return;
        if (session) navigate(paths.dashboard, { replace: true });
        else setFailure(t("callback.noSession"));
      })
      .catch((error: Error) => {
        if (!cancelled) setFailure(error.message);
      });
    return () => {
      cancelled = true;
    };
  }, [client, errorCode, navigate, t]);

  if (!failure) return <PageLoading />;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <DocumentTitle>{t("callback.pageTitle")}</DocumentTitle>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <AlertCircle className="size-8 text-amber-600" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">{t("callback.title")}</h1>
        <p className="mt-2 text-slate-600" role="alert">
          {failure}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={`${paths.home}?auth=login`} className={buttonVariants()}>
            {t("callback.logIn")}
          </Link>
          <Link to={paths.home} className={buttonVariants({ variant: "outline" })}>
            {t("callback.back")}
          </Link>
        </div>
      </div>
    </main>
  );
}
