import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-error.ts";
import { useSession } from "../../../lib/session/session-provider.tsx";
import { validateEmail } from "../utils/sign-up-rules.ts";
import { ErrorBox, FormField, SubmitButton, SuccessBox } from "./form-field.tsx";

export function RecoveryForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation("auth");
  const { client } = useSession();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = validateEmail(email);
    setError(found && t(found));
    if (found) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      await client.requestPasswordReset(email.trim());
      setSent(true);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : String(err));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-lg font-semibold text-slate-900">{t("recovery.title")}</h3>
        <p className="mt-1 text-sm text-slate-600">{t("recovery.description")}</p>
      </div>
      {sent ? (
        <SuccessBox message={t("recovery.sent")} />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField
            label={t("fields.email")}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
            required
          />
          {failure && <ErrorBox message={failure} />}
          <SubmitButton disabled={submitting}>
            {submitting ? t("recovery.sending") : t("recovery.submit")}
          </SubmitButton>
        </form>
      )}
      <button
        type="button"
        onClick={onBack}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        {t("recovery.back")}
      </button>
    </div>
  );
}
