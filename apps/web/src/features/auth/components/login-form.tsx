import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-error.ts";
import { useSession } from "../../../lib/session/session-provider.tsx";
import { validateLogin } from "../utils/sign-up-rules.ts";
import { ErrorBox, FormField, SubmitButton, SuccessBox } from "./form-field.tsx";

export function LoginForm({
  onSignedIn,
  onMfaRequired,
  onForgotPassword,
  initialValues,
}: {
  onSignedIn: () => void;
  onMfaRequired: () => void;
  onForgotPassword: () => void;
  /** What was typed in the page's own copy of the dialog before this one took over. */
  initialValues?: Partial<Record<"email" | "password", string>> | undefined;
}) {
  const { t } = useTranslation("auth");
  const { client } = useSession();
  const [email, setEmail] = useState(initialValues?.email ?? "");
  const [password, setPassword] = useState(initialValues?.password ?? "");
  const [errors, setErrors] = useState<ReturnType<typeof validateLogin>>({});
  const [failure, setFailure] = useState<ApiError | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [resent, setResent] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    setFailure(undefined);
    setResent(false);
    try {
      const { mfaRequired } = await client.signInWithPassword(email.trim(), password);
      if (mfaRequired) onMfaRequired();
      else onSignedIn();
    } catch (error) {
      setFailure(error instanceof ApiError ? error : new ApiError(0, "unknown", String(error)));
    } finally {
      setSubmitting(false);
    }
  }

  async function resend() {
    try {
      await client.resendVerification(email.trim());
      setResent(true);
    } catch (error) {
      setFailure(error instanceof ApiError ? error : new ApiError(0, "unknown", String(error)));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-auth-form="login">
      <FormField
        name="email"
        label={t("fields.email")}
        type="email"
        autoComplete="email"
        placeholder={t("placeholders.email")}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email && t(errors.email)}
        required
      />
      <FormField
        name="password"
        label={t("fields.password")}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password && t(errors.password)}
        required
      />
      <div className="flex justify-end">
        <button
          type="button"
          onClick={onForgotPassword}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t("forgotPassword")}
        </button>
      </div>
      {failure && (
        <ErrorBox message={failure.message}>
          {failure.code === "EMAIL_NOT_VERIFIED" && !resent && (
            <button
              type="button"
              onClick={resend}
              className="mt-1 font-medium text-red-800 underline underline-offset-2"
            >
              {t("resendVerification")}
            </button>
          )}
        </ErrorBox>
      )}
      {resent && <SuccessBox message={t("verificationSent")} />}
      <SubmitButton disabled={submitting}>{submitting ? t("signingIn") : t("signIn")}</SubmitButton>
    </form>
  );
}
