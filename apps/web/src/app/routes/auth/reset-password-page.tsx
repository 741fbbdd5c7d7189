import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { buttonVariants } from "../../../components/ui/button.tsx";
import { paths } from "../../../config/paths.ts";
import { ApiError } from "../../../lib/api-error.ts";
import { useSession } from "../../../lib/session/session-provider.tsx";
import "../../../features/auth/locales.ts";
import { DocumentTitle } from "../../../components/document-title.tsx";
import {
  ErrorBox,
  FormField,
  SubmitButton,
  SuccessBox,
} from "../../../features/auth/components/form-field.tsx";
import { passwordProblem } from "../../../features/auth/utils/sign-up-rules.ts";

/** Reached from the e-mailed reset link: choose a new password (same rule as sign-up). */
export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const { client } = useSession();
  const token = params.get("token");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [failure, setFailure] = useState<string | undefined>(
    params.get("error") || !token ? t("reset.invalidLink") : undefined,
  );
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const passwordError =
    password && passwordProblem(password) ? t(passwordProblem(password)!) : undefined;
  const confirmError = confirm && confirm !== password ? t("passwordsDoNotMatch") : undefined;
  const canSubmit =
    Boolean(token) && !passwordProblem(password) && password === confirm && !submitting;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!token || !canSubmit) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      await client.resetPassword(token, password);
      setDone(true);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : String(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <DocumentTitle>{t("reset.pageTitle")}</DocumentTitle>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <KeyRound className="size-8 text-brand-600" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">{t("reset.title")}</h1>
        {done ? (
          <div className="mt-6 space-y-4">
            <SuccessBox message={t("reset.done")} />
            <Link
              to={`${paths.home}?auth=login`}
              className={buttonVariants({ className: "w-full" })}
            >
              {t("reset.logIn")}
            </Link>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="mt-6 space-y-4">
            <FormField
              label={t("reset.newPassword")}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              hint={t("passwordRule")}
              error={passwordError}
              disabled={!token}
            />
            <FormField
              label={t("fields.confirmPassword")}
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={confirmError}
              disabled={!token}
            />
            {failure && <ErrorBox message={failure} />}
            <SubmitButton disabled={!canSubmit}>
              {submitting ? t("reset.saving") : t("reset.save")}
            </SubmitButton>
          </form>
        )}
      </div>
    </main>
  );
}
