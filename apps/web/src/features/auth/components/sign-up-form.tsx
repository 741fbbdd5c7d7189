import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-error.ts";
import { useSession } from "../../../lib/session/session-provider.tsx";
import { browserRegion, checkPhone } from "../../../utils/phone.ts";
import {
  canCreateAccount,
  inlineSignUpErrors,
  type SignUpValues,
  validateSignUp,
} from "../utils/sign-up-rules.ts";
import { ErrorBox, FormField, SubmitButton, SuccessBox } from "./form-field.tsx";

const empty: SignUpValues = {
  firstName: "",
  lastName: "",
  phone: "",
  email: "",
  password: "",
  confirmPassword: "",
};

export function SignUpForm({
  initialValues,
}: {
  /** What was typed in the page's own copy of the dialog before this one took over. */
  initialValues?: Partial<SignUpValues> | undefined;
} = {}) {
  const { t } = useTranslation("auth");
  const { client } = useSession();
  const [values, setValues] = useState<SignUpValues>(() => ({ ...empty, ...initialValues }));
  // The phone check is asynchronous: its answer counts only for the values it was asked about.
  const latest = useRef(values);
  latest.current = values;
  const [submitErrors, setSubmitErrors] = useState<ReturnType<typeof validateSignUp>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [created, setCreated] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const inline = inlineSignUpErrors(values);
  const errors: typeof submitErrors = { ...inline };
  for (const [key, value] of Object.entries(submitErrors)) {
    if (value) errors[key as keyof SignUpValues] = value;
  }
  const set = (key: keyof SignUpValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((previous) => ({ ...previous, [key]: event.target.value }));
    setSubmitErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  // Leaving the phone field checks it and shows it formatted (+1 415 555 0123).
  async function phoneBlur() {
    const typed = values.phone;
    const phone = await checkPhone(typed, browserRegion());
    if (latest.current.phone !== typed) return;
    if ("problem" in phone) setSubmitErrors((previous) => ({ ...previous, phone: phone.problem }));
    else if ("formatted" in phone) {
      // Unless it was changed meanwhile.
      setValues((previous) =>
        previous.phone === typed ? { ...previous, phone: phone.formatted } : previous,
      );
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = validateSignUp(values);
    const phone = await checkPhone(values.phone, browserRegion());
    if ("problem" in phone) {
      // The number was edited while it was being checked: that answer is stale, the next counts.
      if (latest.current.phone !== values.phone) return;
      found.phone = phone.problem;
    }
    setSubmitErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      await client.signUp({
        email: values.email.trim(),
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: "e164" in phone ? phone.e164 : "",
      });
      setCreated(true);
      setValues(empty);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : String(error));
    } finally {
      setSubmitting(false);
    }
  }

  if (created) return <SuccessBox message={t("accountCreated")} />;

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-auth-form="signup">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          name="firstName"
          label={t("fields.firstName")}
          optionalLabel={t("fields.optional")}
          autoComplete="given-name"
          value={values.firstName}
          onChange={set("firstName")}
        />
        <FormField
          name="lastName"
          label={t("fields.lastName")}
          optionalLabel={t("fields.optional")}
          autoComplete="family-name"
          value={values.lastName}
          onChange={set("lastName")}
        />
      </div>
      <FormField
        name="phone"
        label={t("fields.phone")}
        optionalLabel={t("fields.optional")}
        type="tel"
        autoComplete="tel"
        placeholder={t("placeholders.phone")}
        value={values.phone}
        onChange={set("phone")}
        onBlur={() => void phoneBlur()}
        error={errors.phone && t(errors.phone)}
      />
      <FormField
        name="email"
        label={t("fields.email")}
        type="email"
        autoComplete="email"
        placeholder={t("placeholders.email")}
        value={values.email}
        onChange={set("email")}
        error={errors.email && t(errors.email)}
        required
      />
      <FormField
        name="password"
        label={t("fields.password")}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set("password")}
        hint={t("passwordRule")}
        error={errors.password && t(errors.password)}
        required
      />
      <FormField
        name="confirmPassword"
        label={t("fields.confirmPassword")}
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={set("confirmPassword")}
        error={errors.confirmPassword && t(errors.confirmPassword)}
        required
      />
      {failure && <ErrorBox message={failure} />}
      <SubmitButton disabled={!canCreateAccount(values, submitting)}>
        {submitting ? t("creating") : t("createAccount")}
      </SubmitButton>
      <p className="text-center text-xs text-slate-500">
        {t("termsBefore")}{" "}
        <a
          href="/terms-of-service"
          className="font-medium text-slate-700 underline underline-offset-2"
        >
          {t("termsLink")}
        </a>{" "}
        {t("termsAnd")}{" "}
        <a
          href="/privacy-policy"
          className="font-medium text-slate-700 underline underline-offset-2"
        >
          {t("privacyLink")}
        </a>
        .
      </p>
    </form>
  );
}
