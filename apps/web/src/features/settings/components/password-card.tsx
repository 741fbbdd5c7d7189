import { zodResolver } from "@hookform/resolvers/zod";
import { type ChangePasswordInput, changePasswordInputSchema } from "@sightline/contracts";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { ApiError } from "../../../lib/api-error.ts";
import { toast } from "../../../lib/toast.ts";
import { changePassword, useAccountAction } from "../api/account-auth.ts";
import { SubSection } from "./section-card.tsx";
import { TextField } from "./text-field.tsx";

export function PasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation("settings");
  const action = useAccountAction(changePassword, { quiet: true });
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInputSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await action.mutateAsync({ currentPassword, newPassword });
      form.reset();
      toast.success(t("security.passwordChanged"));
    } catch (error) {
      const message = error instanceof ApiError ? error.message : String(error);
      // Better Auth answers a wrong current password with INVALID_PASSWORD.
      if (error instanceof ApiError && /INVALID_PASSWORD/.test(error.code)) {
        form.setError("currentPassword", { message });
      } else {
        form.setError("newPassword", { message });
      }
    }
  });
  if (!hasPassword) {
    return (
      <SubSection title={t("security.password")}>
        <p className="text-sm text-slate-600">{t("security.noPassword")}</p>
      </SubSection>
    );
  }
  return (
    <SubSection title={t("security.password")}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
        <TextField
          type="password"
          autoComplete="current-password"
          label={t("security.currentPassword")}
          maxLength={256}
          error={errors.currentPassword?.message}
          {...form.register("currentPassword")}
        />
        <TextField
          type="password"
          autoComplete="new-password"
          label={t("security.newPassword")}
          maxLength={256}
          error={errors.newPassword?.message}
          {...form.register("newPassword")}
        />
        <TextField
          type="password"
          autoComplete="new-password"
          label={t("security.confirmPassword")}
          maxLength={256}
          error={errors.confirmPassword?.message}
          {...form.register("confirmPassword")}
        />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t("security.changePassword")}
          </Button>
        </div>
      </form>
    </SubSection>
  );
}
