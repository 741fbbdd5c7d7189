import { zodResolver } from "@hookform/resolvers/zod";
import { type DeleteAccountInput, deleteAccountInputSchema } from "@sightline/contracts";
import { Download } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { ApiError } from "../../../lib/api-error.ts";
import { toast } from "../../../lib/toast.ts";
import { useDeleteAccount } from "../api/delete-account.ts";
import { useLatestDataExport } from "../api/get-latest-data-export.ts";
import { useStartDataExport } from "../api/start-data-export.ts";
import { SectionCard, SubSection } from "./section-card.tsx";
import { TextField } from "./text-field.tsx";

function ExportCard() {
  const { t } = useTranslation("settings");
  const format = useFormatDateTime();
  const latest = useLatestDataExport();
  const start = useStartDataExport();
  const current = latest.data?.export ?? null;
  const building = current?.status === "pending" || current?.status === "running";
  return (
    <SubSection title={t("data.exportTitle")}>
      <p className="text-sm text-slate-600">{t("data.exportBody")}</p>
      <div className="mt-3" data-testid="data-export" aria-live="polite">
        {building && current && (
          <div>
            <p className="text-sm text-slate-700">
              {t("data.building", { progress: current.progress })}
            </p>
            <div
              className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={current.progress}
            >
              <div
                className="h-full rounded-full bg-brand-600 transition-[width]"
                style={{ width: `${current.progress}%` }}
              />
            </div>
          </div>
        )}
        {current?.status === "ready" && current.downloadPath && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-700">
              {t("data.ready", { when: current.expiresAt ? format(current.expiresAt) : "" })}
            </p>
            <Button asChild size="sm">
              <a href={current.downloadPath} download={current.fileName ?? undefined}>
                <Download aria-hidden="true" /> {t("data.downloadZip")}
              </a>
            </Button>
          </div>
        )}
        {current?.status === "failed" && <p className="text-sm text-red-700">{t("data.failed")}</p>}
        {current?.status === "expired" && (
          <p className="text-sm text-slate-600">{t("data.expired")}</p>
        )}
        {!building && (
          <Button
            className="mt-3"
            variant="outline"
            size="sm"
            disabled={start.isPending}
            onClick={() => start.mutate()}
          >
            {current ? t("data.newExport") : t("data.startExport")}
          </Button>
        )}
      </div>
    </SubSection>
  );
}

function DeleteAccountCard({
  email,
  hasPassword,
  onDeleted,
}: {
  email: string;
  hasPassword: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation("settings");
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountInputSchema),
    defaultValues: { email: "", password: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    if (values.email.trim().toLowerCase() !== email.toLowerCase()) {
      form.setError("email", { message: t("data.confirmMismatch") });
      return;
    }
    try {
      await remove.mutateAsync(hasPassword ? values : { email: values.email });
      setOpen(false);
      toast.success(t("data.deleted"));
      onDeleted();
    } catch (error) {
      const onPassword =
        error instanceof ApiError && error.issues.some((issue) => issue.path === "password");
      form.setError(onPassword ? "password" : "email", {
        message: error instanceof ApiError ? error.message : t("data.confirmMismatch"),
      });
    }
  });
  return (
    <SubSection title={t("data.deleteTitle")}>
      <p className="text-sm text-slate-600">{t("data.deleteBody")}</p>
      <Button className="mt-3" variant="destructive" size="sm" onClick={() => setOpen(true)}>
        {t("data.deleteButton")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t("cancel")}>
          <DialogTitle>{t("data.confirmTitle")}</DialogTitle>
          <DialogDescription>{t("data.confirmBody", { email })}</DialogDescription>
          <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
            <TextField
              type="email"
              autoComplete="off"
              label={t("data.confirmLabel")}
              maxLength={254}
              error={form.formState.errors.email?.message}
              {...form.register("email")}
            />
            {hasPassword ? (
              <TextField
                type="password"
                autoComplete="current-password"
                label={t("data.confirmPasswordLabel")}
                maxLength={256}
                error={form.formState.errors.password?.message}
                {...form.register("password")}
              />
            ) : (
              <p className="text-sm text-slate-600">{t("data.confirmRecentSignIn")}</p>
            )}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
                {t("cancel")}
              </Button>
              <Button type="submit" variant="destructive" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? t("data.deleting") : t("data.deleteForever")}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </SubSection>
  );
}

export function DataSection({
  email,
  hasPassword,
  onDeleted,
}: {
  email: string;
  hasPassword: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation("settings");
  return (
    <SectionCard id="data" title={t("data.title")}>
      <div className="space-y-5 [&>*+*]:border-t [&>*+*]:border-slate-100 [&>*+*]:pt-5">
        <ExportCard />
        <DeleteAccountCard email={email} hasPassword={hasPassword} onDeleted={onDeleted} />
      </div>
    </SectionCard>
  );
}
