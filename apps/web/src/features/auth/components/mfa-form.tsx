import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-error.ts";
import { focusOnMount } from "../../../lib/focus-on-mount.ts";
import { useSession } from "../../../lib/session/session-provider.tsx";
import { ErrorBox, FormField, SubmitButton } from "./form-field.tsx";

/** The second step of a sign-in when the account has two-factor authentication on. */
export function MfaForm({ onVerified }: { onVerified: () => void }) {
  const { t } = useTranslation("auth");
  const { client } = useSession();
  const [method, setMethod] = useState<"totp" | "backup-code">("totp");
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!code.trim()) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      await client.verifyMfa(code.replace(/\s/g, ""), method);
      onVerified();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : String(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <h3 className="text-lg font-semibold text-slate-900">{t("mfa.title")}</h3>
        <p className="mt-1 text-sm text-slate-600">
          {method === "totp" ? t("mfa.description") : t("mfa.backupDescription")}
        </p>
      </div>
      <FormField
        label={t("fields.code")}
        inputMode={method === "totp" ? "numeric" : "text"}
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        ref={focusOnMount}
      />
      {failure && <ErrorBox message={failure} />}
      <SubmitButton disabled={submitting || !code.trim()}>
        {submitting ? t("mfa.verifying") : t("mfa.verify")}
      </SubmitButton>
      <button
        type="button"
        onClick={() => {
          setMethod(method === "totp" ? "backup-code" : "totp");
          setCode("");
        }}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        {method === "totp" ? t("mfa.useBackup") : t("mfa.useApp")}
      </button>
    </form>
  );
}
