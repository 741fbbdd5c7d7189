import { zodResolver } from "@hookform/resolvers/zod";
import { workspaceNameSchema } from "@sightline/contracts";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FieldMessage, Input, Label } from "../../../components/ui/input.tsx";
import { ApiError } from "../../../lib/api-error.ts";
import { toast } from "../../../lib/toast.ts";
import { useSwitchWorkspace } from "../../../lib/workspaces.ts";
import { useCreateWorkspace } from "../api/create-workspace.ts";
import "../locales.ts";

const formSchema = z.object({ name: workspaceNameSchema });

/** "Create workspace": a name, then the new workspace opens on its dashboard. */
export function CreateWorkspaceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("workspaces");
  const id = useId();
  const create = useCreateWorkspace();
  const switchWorkspace = useSwitchWorkspace();
  const form = useForm<{ name: string }>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: "" },
  });
  const error = form.formState.errors.name?.message;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      const workspace = await create.mutateAsync(name);
      onOpenChange(false);
      form.reset();
      await switchWorkspace(workspace.id);
      toast.success(t("create.created", { name: workspace.name }));
    } catch (caught) {
      form.setError("name", {
        message: caught instanceof ApiError ? caught.message : String(caught),
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("create.cancel")}>
        <DialogTitle className="pr-8">{t("create.title")}</DialogTitle>
        <DialogDescription className="mt-2">{t("create.description")}</DialogDescription>
        <form onSubmit={onSubmit} noValidate className="mt-5">
          <Label htmlFor={id}>{t("create.name")}</Label>
          <Input
            id={id}
            className="mt-1.5"
            maxLength={80}
            autoComplete="off"
            placeholder={t("create.placeholder")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register("name")}
          />
          <FieldMessage id={`${id}-error`}>{error}</FieldMessage>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t("create.cancel")}
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? t("create.creating") : t("create.submit")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
