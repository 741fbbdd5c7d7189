import { zodResolver } from "@hookform/resolvers/zod";
import {
  changeEmailInputSchema,
  type SupportedLanguage,
  type UpdateProfileInput,
  updateProfileInputSchema,
} from "@sightline/contracts";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FieldMessage, Label, Select } from "../../../components/ui/input.tsx";
import { ApiError } from "../../../lib/api-error.ts";
import { setLanguage } from "../../../lib/i18n.ts";
import { useSession } from "../../../lib/session/session-provider.tsx";
import { browserTimeZone, setTimeZone } from "../../../lib/time-zone.ts";
import { toast } from "../../../lib/toast.ts";
import { browserRegion, checkPhone, formatPhone } from "../../../utils/phone.ts";
import { changeEmail, sendPhoneCode, useAccountAction, verifyPhone } from "../api/account-auth.ts";
import type { SettingsOverview } from "../api/get-settings.ts";
import { useUpdateProfile } from "../api/update-profile.ts";
import { SectionCard, SubSection } from "./section-card.tsx";
import { TextField } from "./text-field.tsx";

function timeZones(current: string): string[] {
  const zones =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([current, "UTC", ...zones])].sort();
}

/** Puts a 422's field messages on the form's fields; true when it did. */
function applyFieldIssues(
  error: unknown,
  setError: (name: keyof UpdateProfileInput, value: { message: string }) => void,
) {
  if (!(error instanceof ApiError) || error.issues.length === 0) return false;
  for (const issue of error.issues) {
    setError(issue.path as keyof UpdateProfileInput, { message: issue.message });
  }
  return true;
}

function ProfileForm({ profile }: { profile: SettingsOverview["profile"] }) {
  const { t } = useTranslation("settings");
  const { client } = useSession();
  const update = useUpdateProfile();
  const initialZone = profile.timeZone ?? browserTimeZone();
  const zones = useMemo(() => timeZones(initialZone), [initialZone]);
  const form = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileInputSchema),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      timeZone: initialZone,
      language: (profile.language as SupportedLanguage | null) ?? "en",
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      setTimeZone(saved.profile.timeZone);
      await setLanguage(values.language);
      form.reset(values);
      toast.success(t("saved"));
      void client.refreshUser().catch(() => undefined);
    } catch (error) {
      applyFieldIssues(error, form.setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t("profile.firstName")}
        autoComplete="given-name"
        maxLength={80}
        error={errors.firstName?.message}
        {...form.register("firstName")}
      />
      <TextField
        label={t("profile.lastName")}
        autoComplete="family-name"
        maxLength={80}
        error={errors.lastName?.message}
        {...form.register("lastName")}
      />
      <div>
        <Label htmlFor="settings-time-zone">{t("profile.timeZone")}</Label>
        <Select
          id="settings-time-zone"
          className="mt-1.5"
          aria-describedby="settings-time-zone-hint"
          aria-invalid={errors.timeZone ? true : undefined}
          {...form.register("timeZone")}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </Select>
        <p id="settings-time-zone-hint" className="mt-1.5 text-xs text-slate-500">
          {t("profile.timeZoneHint")}
        </p>
        <FieldMessage id="settings-time-zone-error">{errors.timeZone?.message}</FieldMessage>
      </div>
      <div>
        <Label htmlFor="settings-language">{t("profile.language")}</Label>
        <Select id="settings-language" className="mt-1.5" {...form.register("language")}>
          <option value="en">{t("profile.languages.en")}</option>
          <option value="es">{t("profile.languages.es")}</option>
        </Select>
        <FieldMessage id="settings-language-error">{errors.language?.message}</FieldMessage>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}

function EmailChange({ email }: { email: string }) {
  const { t } = useTranslation("settings");
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const action = useAccountAction(changeEmail);
  const form = useForm<{ newEmail: string }>({
    resolver: zodResolver(changeEmailInputSchema),
    defaultValues: { newEmail: "" },
  });
  const onSubmit = form.handleSubmit(async ({ newEmail }) => {
    await action.mutateAsync(newEmail).then(
      () => {
        setSentTo(newEmail);
        setOpen(false);
        form.reset();
      },
      () => undefined,
    );
  });
  return (
    <SubSection
      title={t("profile.email")}
      aside={
        !open && (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            {t("profile.changeEmail")}
          </Button>
        )
      }
    >
      <p className="text-sm text-slate-800" data-testid="settings-email">
        {email}
      </p>
      {sentTo && (
        <p role="status" className="mt-2 text-sm text-emerald-700">
          {t("profile.emailLinkSent", { email: sentTo })}
        </p>
      )}
      {open && (
        <form
          onSubmit={onSubmit}
          noValidate
          className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <TextField
            className="flex-1"
            type="email"
            autoComplete="email"
            label={t("profile.newEmail")}
            hint={t("profile.emailHint")}
            maxLength={254}
            error={form.formState.errors.newEmail?.message}
            {...form.register("newEmail")}
          />
          <div className="flex gap-2 sm:mt-7">
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {t("profile.sendLink")}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      )}
    </SubSection>
  );
}

/** A stored E.164 number, shown as +1 415 555 0123 once the phone rules have loaded. */
function FormattedPhone({ e164 }: { e164: string }) {
  const [text, setText] = useState(e164);
  useEffect(() => {
    let current = true;
    void formatPhone(e164).then((formatted) => current && setText(formatted));
    return () => {
      current = false;
    };
  }, [e164]);
  return <span>{text}</span>;
}

function PhoneChange({ profile }: { profile: SettingsOverview["profile"] }) {
  const { t } = useTranslation("settings");
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [codeSent, setCodeSent] = useState(false);
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const send = useAccountAction(sendPhoneCode);
  const verify = useAccountAction(({ to, otp }: { to: string; otp: string }) =>
    verifyPhone(to, otp),
  );
  return (
    <SubSection
      title={t("profile.phone")}
      aside={
        !open && (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            {profile.phone ? t("profile.changePhone") : t("profile.addPhone")}
          </Button>
        )
      }
    >
      <p className="flex items-center gap-2 text-sm text-slate-800">
        {profile.phone ? <FormattedPhone e164={profile.phone} /> : t("profile.phoneNone")}
        {profile.phoneVerified && <Badge variant="success">{t("profile.phoneVerified")}</Badge>}
      </p>
      {open && (
        <form
          noValidate
          className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
          onSubmit={async (event) => {
            event.preventDefault();
            // Sent as E.164 (the server takes nothing else), shown formatted.
            const checked = await checkPhone(phone, browserRegion());
            if (!("formatted" in checked)) {
              setPhoneError(t("profile.phoneInvalid"));
              return;
            }
            if (!codeSent) {
              setPhone(checked.formatted);
              send.mutate(checked.e164, { onSuccess: () => setCodeSent(true) });
            } else {
              verify.mutate(
                { to: checked.e164, otp: code.trim() },
                {
                  onSuccess: () => {
                    toast.success(t("profile.phoneSaved"));
                    setOpen(false);
                    setCodeSent(false);
                    setCode("");
                  },
                },
              );
            }
          }}
        >
          {!codeSent ? (
            <TextField
              type="tel"
              autoComplete="tel"
              label={t("profile.newPhone")}
              hint={t("profile.phoneHint")}
              placeholder="+1 415 555 0123"
              maxLength={32}
              value={phone}
              error={phoneError}
              onChange={(event) => {
                setPhone(event.target.value);
                setPhoneError(undefined);
              }}
              onBlur={async () => {
                const checked = await checkPhone(phone, browserRegion());
                if ("formatted" in checked)
                  setPhone((now) => (now === phone ? checked.formatted : now));
                else if ("problem" in checked) setPhoneError(t("profile.phoneInvalid"));
              }}
            />
          ) : (
            <TextField
              inputMode="numeric"
              autoComplete="one-time-code"
              label={t("profile.code")}
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
          <div className="flex gap-2">
            <Button type="submit" disabled={send.isPending || verify.isPending}>
              {codeSent ? t("profile.verify") : t("profile.sendCode")}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      )}
    </SubSection>
  );
}

export function ProfileSection({ profile }: { profile: SettingsOverview["profile"] }) {
  const { t } = useTranslation("settings");
  return (
    <SectionCard id="profile" title={t("profile.title")} description={t("profile.description")}>
      <ProfileForm profile={profile} />
      <div className="mt-6 space-y-5 border-t border-slate-100 pt-5 [&>*+*]:border-t [&>*+*]:border-slate-100 [&>*+*]:pt-5">
        <EmailChange email={profile.email} />
        <PhoneChange profile={profile} />
      </div>
    </SectionCard>
  );
}
